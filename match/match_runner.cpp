#include "match/match_runner.hpp"

#include <algorithm>
#include <array>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <thread>
#include <tuple>

#include "engine/referee/outcome.hpp"
#include "match/match_stats.hpp"

namespace kroon::match {
namespace {

// The engines' names as reported: engines with the same name get " (1)", " (2)", ... so
// that PDN records tell them apart.
void set_names(std::vector<EngineRecord>& engines, const std::vector<std::string>& names) {
    std::map<std::string, int> count;
    for (const auto& n : names) ++count[n];
    std::map<std::string, int> seen;
    for (size_t i = 0; i < engines.size(); ++i)
        engines[i].name = count[names[i]] > 1 ? names[i] + " (" + std::to_string(++seen[names[i]]) + ")" : names[i];
}

std::optional<Color> loser_of(GameResult r) {
    switch (r) {
        case GameResult::WhiteWins: return Color::Black;
        case GameResult::BlackWins: return Color::White;
        default: return std::nullopt;
    }
}

void count_failure(MatchState& state, const FinishedGame& g) {
    const auto loser = loser_of(g.result);
    if (!loser) return;
    EngineRecord& e = state.engines[*loser == Color::White ? g.spec.white : g.spec.black];
    if (g.reason == Reason::TimeForfeit) ++e.time_forfeits;
    if (g.reason == Reason::IllegalMove) ++e.illegal_moves;
    if (g.reason == Reason::EngineFailure) ++e.failures;
}

// The game's place in the schedule, from its Round tag; 0 when there is none.
int round_number(const std::optional<std::string>& round) {
    int number = 0;
    if (round) std::from_chars(round->data(), round->data() + round->size(), number);
    return number;
}

// The tags every game of the match shares.
PdnHeader match_header(const MatchConfig& config) {
    PdnHeader header;
    header.event = config.event;
    header.date = pdn_date_today();
    if (!config.game.limits.clock.unlimited()) header.time_control = format_time_control(config.game.limits.clock);
    return header;
}

using Pool = std::vector<std::unique_ptr<players::Player>>;  // one worker's engines, by engine number

// A game's engines: both running, or one did not start (the game is forfeited, or the match
// was stopped meanwhile).
enum class Seating { Ready, Forfeited, Stopped };

// One run of a match: what its worker threads share, and the steps they take.
class MatchRun {
public:
    MatchRun(const MatchConfig& config, const std::atomic<bool>& stop, const MatchRunner::Progress& progress);
    // Every engine once, before anything is played: a wrong command line stops us here.
    std::optional<Error> start_engines();
    // With --resume, whether the PDN file holds a result for every game of the schedule:
    // the match is then only reported, and its engines are named by the file's tags instead
    // of being started (a DXP peer need not listen for the report of the shards' files).
    bool file_completes_schedule();
    void name_engines_from_file();
    // The games already in the PDN file, with --resume; without it, such a file is an error.
    std::optional<Error> read_back_games();
    // The rest of the schedule, on `concurrency` threads.
    Result<MatchState> play();

private:
    bool file_has_games() const;
    // The PDN file read once: the completeness check and the read-back share it.
    const Result<PdnFile>& resumed_file();
    std::optional<Error> read_back(const PdnGame& g, std::size_t nth);
    void work(int worker);
    Seating seat_engines(Pool& pool, const ScheduledGame& spec, const Opening& opening);
    void forfeit(const ScheduledGame& spec, const Opening& opening, int engine, const std::string& error);
    // `played`: the game as the players played it (its clocks and move comments); none for a
    // game forfeited before it began.
    void record(const ScheduledGame& spec, const Game& game, const Pool* pool, const PlayedGame* played = nullptr);
    PdnHeader header_for(const ScheduledGame& spec, const PlayedGame* played) const;
    PdnGame pdn_record(const Game& game, const ScheduledGame& spec, const PlayedGame* played) const;
    void name_engine(int engine, const std::string& name);
    bool failed_fatally();
    // A peer is gone for good: the games being played end, no other begins.
    void halt(const std::string& why);
    // A finished game into its pair, and the pair into the sequential test once both its
    // games are in (under the lock).
    void count_for_test(const FinishedGame& game);
    bool decided() const { return decided_.load(); }

    const MatchConfig& config_;
    const std::atomic<bool>& stop_;
    const MatchRunner::Progress& progress_;
    players::PlayerSettings player_settings_;
    std::vector<Pool> pools_;  // one per worker
    MatchState state_;
    // A DXP peer names itself only when it accepts a game: until then its address stands in.
    std::vector<std::string> names_;
    std::vector<bool> named_;
    std::vector<bool> done_;                // by schedule index: games read back from the PDN file
    std::map<int, size_t> slot_by_number_;  // a game's schedule index by its number (Round tag)
    PdnHeader header_;
    std::optional<Result<PdnFile>> resumed_file_;
    std::mutex mutex_;  // the state, the names and fatal_, while the workers play
    std::atomic<size_t> next_{0};
    std::optional<Error> fatal_;
    std::map<int, double> half_pairs_;  // by pair: the first engine's score in the game that ended first
    std::atomic<bool> decided_{false};
    std::atomic<bool> halted_{false};
};

MatchRun::MatchRun(const MatchConfig& config, const std::atomic<bool>& stop, const MatchRunner::Progress& progress)
    : config_(config), stop_(stop), progress_(progress), player_settings_(config.player) {
    player_settings_.variant = config_.game.variant;
    player_settings_.rule_options = config_.game.rule_options;
    player_settings_.clock = config_.game.limits.clock;
    player_settings_.stop = &stop;
    const int engines = static_cast<int>(config_.engines.size());
    pools_.resize(static_cast<size_t>(std::max(1, config_.concurrency)));
    for (auto& pool : pools_) pool.resize(engines);
    state_.schedule = shard_of(make_schedule(engines, config_.games, static_cast<int>(config_.openings.size())),
                               config_.shard, config_.shards);
    done_.assign(state_.schedule.size(), false);
    for (size_t i = 0; i < state_.schedule.size(); ++i) slot_by_number_[state_.schedule[i].number] = i;
}

std::optional<Error> MatchRun::start_engines() {
    for (int i = 0; i < static_cast<int>(config_.engines.size()); ++i) {
        auto player = players::start_player(config_.engines[i], player_settings_);
        if (!player)
            return Error{"engine " + std::to_string(i + 1) + " (" + config_.engines[i].label + "): " + player.error()};
        names_.push_back((*player)->name());
        named_.push_back((*player)->name_known());
        state_.engines.push_back({});
        pools_[0][i] = std::move(player.value());
    }
    set_names(state_.engines, names_);
    return std::nullopt;
}

bool MatchRun::file_has_games() const {
    std::error_code ec;
    return std::filesystem::exists(config_.pdn_path, ec) && std::filesystem::file_size(config_.pdn_path, ec) > 0;
}

const Result<PdnFile>& MatchRun::resumed_file() {
    if (!resumed_file_) resumed_file_ = read_pdn_file(config_.pdn_path, config_.game.variant);
    return *resumed_file_;
}

bool MatchRun::file_completes_schedule() {
    if (!config_.resume || !file_has_games()) return false;
    const auto& file = resumed_file();
    if (!file || !file->errors.empty()) return false;  // read_back_games says what is wrong
    std::set<int> finished;
    for (const PdnGame& g : file->games)
        if (g.ended_by_result && g.result != GameResult::Ongoing) finished.insert(round_number(g.tag("Round")));
    for (const ScheduledGame& spec : state_.schedule)
        if (!finished.count(spec.number)) return false;
    return true;
}

void MatchRun::name_engines_from_file() {
    for (const players::PlayerSpec& engine : config_.engines) {
        names_.push_back(engine.label);
        named_.push_back(false);  // the first game that seats it names it (read_back)
        state_.engines.push_back({});
    }
    set_names(state_.engines, names_);
}

std::optional<Error> MatchRun::read_back_games() {
    if (!file_has_games()) return std::nullopt;
    if (!config_.resume)
        return Error{config_.pdn_path + " already holds games: use --resume to continue that match, or another --pdn"};
    const auto& file = resumed_file();
    if (!file) return Error{file.error()};
    // A damaged record would be skipped and its game played and appended again: the
    // file would hold it twice. The user repairs or removes it; we never guess.
    if (!file->errors.empty())
        return Error{config_.pdn_path + " has a damaged record (" + file->errors.front().text() +
                     "): repair or remove that game before --resume"};
    for (size_t i = 0; i < file->games.size(); ++i)
        if (auto error = read_back(file->games[i], i + 1)) return error;
    return std::nullopt;
}

// The file's `nth` game must be this match's game of its Round, between the same engines.
std::optional<Error> MatchRun::read_back(const PdnGame& g, std::size_t nth) {
    if (!g.ended_by_result)
        return Error{config_.pdn_path + ": game " + std::to_string(nth) +
                     " is cut off before its result: repair or remove it before --resume"};
    const auto round = g.tag("Round");
    const int number = round_number(round);
    const auto slot = slot_by_number_.find(number);
    if (slot == slot_by_number_.end())
        return Error{config_.pdn_path + ": game with Round \"" + round.value_or("") + "\" is not part of this match" +
                     (config_.shards > 1
                          ? " (shard " + std::to_string(config_.shard) + "/" + std::to_string(config_.shards) + ")"
                          : std::string())};
    const ScheduledGame& spec = state_.schedule[slot->second];
    for (const auto& [engine, tag] : {std::pair{spec.white, "White"}, std::pair{spec.black, "Black"}})
        if (!named_[engine] && g.tag(tag)) name_engine(engine, *g.tag(tag));
    if (g.tag("White") != state_.engines[spec.white].name || g.tag("Black") != state_.engines[spec.black].name)
        return Error{config_.pdn_path + ": game " + std::to_string(number) + " was " + g.tag("White").value_or("?") +
                     " - " + g.tag("Black").value_or("?") + ", this match has " + state_.engines[spec.white].name +
                     " - " + state_.engines[spec.black].name + " there"};
    if (done_[slot->second] || g.result == GameResult::Ongoing) return std::nullopt;
    done_[slot->second] = true;
    FinishedGame f{spec, g.result,    Reason::None, g.tag("Termination").value_or(""), static_cast<int>(g.moves.size()),
                   true, std::nullopt};
    const auto white_clock = parse_clock_text(g.tag("WhiteClock").value_or(""));
    const auto black_clock = parse_clock_text(g.tag("BlackClock").value_or(""));
    if (white_clock && black_clock) f.clock_left = std::array<double, 2>{*white_clock, *black_clock};
    f.reason = reason_of_description(rule_traits(config_.game.variant), config_.game.rule_options.points_victory,
                                     g.result, f.termination);
    count_failure(state_, f);
    state_.finished.push_back(f);
    count_for_test(f);
    return std::nullopt;
}

Result<MatchState> MatchRun::play() {
    header_ = match_header(config_);
    std::vector<std::thread> threads;
    for (int w = 1; w < static_cast<int>(pools_.size()); ++w) threads.emplace_back([this, w] { work(w); });
    work(0);
    for (auto& t : threads) t.join();
    pools_.clear();  // quit every engine before we report
    if (fatal_) return *fatal_;
    state_.interrupted = (stop_.load() || halted_.load()) && state_.finished.size() < state_.schedule.size();
    return state_;
}

// Takes the next unplayed game of the schedule until none is left or the match stops.
void MatchRun::work(int worker) {
    Pool& pool = pools_[worker];
    while (!stop_.load() && !failed_fatally() && !decided() && !halted_.load()) {
        const size_t index = next_.fetch_add(1);
        if (index >= state_.schedule.size()) return;
        if (done_[index]) continue;
        const ScheduledGame& spec = state_.schedule[index];
        const Opening& opening = config_.openings[spec.opening];
        const Seating seating = seat_engines(pool, spec, opening);
        if (seating == Seating::Stopped) return;
        if (seating == Seating::Forfeited) continue;
        PlayedGame played = play_game(*pool[spec.white], *pool[spec.black], opening, config_.game, &stop_);
        if (played.unreachable) halt(*played.unreachable);
        if (played.abandoned) return;  // stopped: not recorded, the engines are dropped
        record(spec, played.game, &pool, &played);
        if (played.failed) {
            auto& player = pool[*played.failed == Color::White ? spec.white : spec.black];
            if (!player->recovered()) player.reset();
        }
    }
}

// A fresh process for an engine that failed in an earlier game (or never started here); an
// engine that does not start forfeits the game.
Seating MatchRun::seat_engines(Pool& pool, const ScheduledGame& spec, const Opening& opening) {
    for (const int engine : {spec.white, spec.black}) {
        if (pool[engine]) continue;
        auto player = players::start_player(config_.engines[engine], player_settings_);
        if (player) {
            pool[engine] = std::move(player.value());
            continue;
        }
        if (stop_.load()) return Seating::Stopped;
        // A DXP peer is not ours to restart: a game it cannot play is not its loss, and
        // every game after it would be scored the same way.
        if (config_.engines[engine].kind == players::PlayerSpec::Dxp) {
            halt(player.error());
            return Seating::Stopped;
        }
        forfeit(spec, opening, engine, player.error());
        return Seating::Forfeited;
    }
    return Seating::Ready;
}

void MatchRun::forfeit(const ScheduledGame& spec, const Opening& opening, int engine, const std::string& error) {
    Game lost(rulebook(config_.game.variant), opening.start, config_.game.rule_options);
    for (const Move& m : opening.moves) lost.play(m);
    lost.end({win_for(engine == spec.white ? Color::Black : Color::White), Reason::EngineFailure},
             state_.engines[engine].name + " could not be started: " + error);
    record(spec, lost, nullptr);
}

// Appends the game to the PDN file and counts it, one game at a time.
void MatchRun::record(const ScheduledGame& spec, const Game& game, const Pool* pool, const PlayedGame* played) {
    FinishedGame f{spec,
                   game.verdict().result,
                   game.verdict().reason,
                   game.termination(),
                   static_cast<int>(game.moves().size()),
                   false,
                   played ? played->clock_left : std::nullopt};
    std::lock_guard lock(mutex_);
    for (const int engine : {spec.white, spec.black})
        if (pool && !named_[engine] && (*pool)[engine] && (*pool)[engine]->name_known())
            name_engine(engine, (*pool)[engine]->name());
    if (const auto error = append_pdn_game(config_.pdn_path, pdn_record(game, spec, played), config_.notation)) {
        fatal_ = error;  // never play on when games can no longer be recorded
        return;
    }
    count_failure(state_, f);
    state_.finished.push_back(f);
    count_for_test(f);
    if (progress_) progress_(state_, f);
}

void MatchRun::count_for_test(const FinishedGame& game) {
    if (!config_.sprt) return;
    // The schedule plays each opening twice in a row with the colours swapped: games 1-2, 3-4...
    const int pair = (game.spec.number - 1) / 2;
    const double score = score_fraction(game.result, game.spec.white == 0 ? Color::White : Color::Black);
    const auto other = half_pairs_.find(pair);
    if (other == half_pairs_.end()) {
        half_pairs_.emplace(pair, score);
        return;
    }
    state_.pairs.add_pair(other->second, score);
    half_pairs_.erase(other);
    state_.llr = llr(state_.pairs, *config_.sprt);
    state_.verdict = verdict(state_.llr, *config_.sprt);
    if (state_.verdict != SprtVerdict::Continue) decided_ = true;
}

PdnGame MatchRun::pdn_record(const Game& game, const ScheduledGame& spec, const PlayedGame* played) const {
    PdnGame record = make_pdn_game(game, header_for(spec, played));
    if (!played || !config_.move_comments) return record;
    return with_move_comments(std::move(record), played->notes);
}

PdnHeader MatchRun::header_for(const ScheduledGame& spec, const PlayedGame* played) const {
    PdnHeader h = header_;
    h.round = std::to_string(spec.number);
    h.white = state_.engines[spec.white].name;
    h.black = state_.engines[spec.black].name;
    // The time each side had left when the game ended, to the tenth of a second.
    if (played && played->clock_left) {
        h.extra.push_back({"WhiteClock", clock_text((*played->clock_left)[0])});
        h.extra.push_back({"BlackClock", clock_text((*played->clock_left)[1])});
    }
    return h;
}

void MatchRun::name_engine(int engine, const std::string& name) {
    names_[engine] = name;
    named_[engine] = true;
    set_names(state_.engines, names_);
}

void MatchRun::halt(const std::string& why) {
    std::lock_guard lock(mutex_);
    if (state_.halted.empty()) state_.halted = why;
    halted_ = true;
}

bool MatchRun::failed_fatally() {
    std::lock_guard lock(mutex_);
    return fatal_.has_value();
}

}  // namespace

std::vector<ScheduledGame> make_schedule(int engines, int games, int openings) {
    std::vector<ScheduledGame> schedule;
    const auto pairing_games = [&](int round, int first, int second) {
        for (int j = 0; j < games; ++j) {
            ScheduledGame g;
            g.number = static_cast<int>(schedule.size()) + 1;
            g.round = round;
            g.white = j % 2 ? second : first;
            g.black = j % 2 ? first : second;
            g.opening = (j / 2) % std::max(openings, 1);
            schedule.push_back(g);
        }
    };
    if (engines == 2) {
        pairing_games(1, 0, 1);
    } else {
        const auto rounds = berger_rounds(engines);
        for (size_t r = 0; r < rounds.size(); ++r)
            for (const Pairing& p : rounds[r]) pairing_games(static_cast<int>(r) + 1, p.white, p.black);
    }
    return schedule;
}

std::vector<ScheduledGame> shard_of(const std::vector<ScheduledGame>& schedule, int shard, int shards) {
    if (shards <= 1) return schedule;
    std::vector<ScheduledGame> part;
    for (const ScheduledGame& g : schedule)
        if (g.opening % shards == shard) part.push_back(g);
    return part;
}

ClockLeft clock_left_of(const MatchState& state, int engine) {
    std::vector<double> left;
    for (const FinishedGame& g : state.finished)
        if (g.clock_left && (g.spec.white == engine || g.spec.black == engine))
            left.push_back((*g.clock_left)[g.spec.white == engine ? 0 : 1]);
    if (left.empty()) return {};
    std::sort(left.begin(), left.end());
    const std::size_t n = left.size();
    const double median = n % 2 ? left[n / 2] : (left[n / 2 - 1] + left[n / 2]) / 2;
    return {static_cast<int>(n), median, left.front(), left.back()};
}

int distinct_games(const MatchState& state, const std::vector<int>& opening_classes) {
    std::set<std::tuple<int, int, int>> games;
    for (const FinishedGame& g : state.finished)
        games.insert({opening_classes.at(static_cast<std::size_t>(g.spec.opening)), g.spec.white, g.spec.black});
    return static_cast<int>(games.size());
}

Result<MatchState> MatchRunner::run(const std::atomic<bool>& stop, const Progress& progress) {
    if (config_.engines.size() < 2) return Error{"a match needs at least two engines"};
    if (config_.openings.empty()) return Error{"no openings"};
    if (config_.shards < 1 || config_.shard < 0 || config_.shard >= config_.shards)
        return Error{"shard " + std::to_string(config_.shard) + "/" + std::to_string(config_.shards) +
                     " does not exist"};
    MatchRun match(config_, stop, progress);
    if (match.file_completes_schedule()) {
        match.name_engines_from_file();
        if (auto error = match.read_back_games()) return *error;
        return match.play();  // nothing left: the report of the games read back
    }
    if (auto error = match.start_engines()) {
        if (!stop.load()) return *error;
        MatchState stopped;  // stopped while the engines started: nothing was played
        stopped.interrupted = true;
        return stopped;
    }
    if (auto error = match.read_back_games()) return *error;
    return match.play();
}

}  // namespace kroon::match
