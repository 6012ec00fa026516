#include "match/match_runner.hpp"

#include <array>
#include <charconv>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <map>
#include <memory>
#include <mutex>
#include <thread>

#include "engine/game/outcome.hpp"
#include "match/match_stats.hpp"

namespace kroon::match {
namespace {

// h:mm:ss.d, the form of a clock in a PDN tag.
std::string clock_text(double seconds) {
    const auto tenths = static_cast<long long>(seconds * 10 + 0.5);
    char text[32];
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld.%lld", tenths / 36000, tenths / 600 % 60, tenths / 10 % 60,
                  tenths % 10);
    return text;
}

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

Result<MatchState> MatchRunner::run(const std::atomic<bool>& stop, const Progress& progress) {
    const int n = static_cast<int>(config_.engines.size());
    if (n < 2) return Error{"a match needs at least two engines"};
    if (config_.openings.empty()) return Error{"no openings"};
    const int workers = std::max(1, config_.concurrency);
    PlayerSettings player_settings = config_.player;
    player_settings.variant = config_.game.variant;
    player_settings.rule_options = config_.game.rule_options;
    player_settings.clock = config_.game.limits.clock;
    player_settings.stop = &stop;

    // Every engine once, before anything is played: a wrong command line stops us here.
    MatchState state;
    std::vector<std::vector<std::unique_ptr<Player>>> pools(workers);
    for (auto& pool : pools) pool.resize(n);
    // A DXP peer names itself only when it accepts a game: until then its address stands in.
    std::vector<std::string> names;
    std::vector<bool> named;
    for (int i = 0; i < n; ++i) {
        auto player = start_player(config_.engines[i], player_settings);
        if (!player)
            return Error{"engine " + std::to_string(i + 1) + " (" + config_.engines[i].label + "): " + player.error()};
        names.push_back((*player)->name());
        named.push_back((*player)->name_known());
        state.engines.push_back({});
        pools[0][i] = std::move(player.value());
    }
    set_names(state.engines, names);
    state.schedule = make_schedule(n, config_.games, static_cast<int>(config_.openings.size()));

    // Games already in the PDN file.
    std::vector<bool> done(state.schedule.size(), false);
    std::error_code ec;
    const bool file_has_games =
        std::filesystem::exists(config_.pdn_path, ec) && std::filesystem::file_size(config_.pdn_path, ec) > 0;
    if (file_has_games && !config_.resume)
        return Error{config_.pdn_path + " already holds games: use --resume to continue that match, or another --pdn"};
    if (file_has_games) {
        const auto file = read_pdn_file(config_.pdn_path, config_.game.variant);
        if (!file) return Error{file.error()};
        // A damaged record would be skipped and its game played and appended again: the
        // file would hold it twice. The user repairs or removes it; we never guess.
        if (!file->errors.empty())
            return Error{config_.pdn_path + " has a damaged record (" + file->errors.front().text() +
                         "): repair or remove that game before --resume"};
        for (size_t i = 0; i < file->games.size(); ++i) {
            const PdnGame& g = file->games[i];
            if (!g.ended_by_result)
                return Error{config_.pdn_path + ": game " + std::to_string(i + 1) +
                             " is cut off before its result: repair or remove it before --resume"};
            const auto round = g.tag("Round");
            int number = 0;
            if (round) std::from_chars(round->data(), round->data() + round->size(), number);
            if (number < 1 || number > static_cast<int>(state.schedule.size()))
                return Error{config_.pdn_path + ": game with Round \"" + round.value_or("") +
                             "\" is not part of this match"};
            const ScheduledGame& spec = state.schedule[number - 1];
            for (const auto& [engine, tag] : {std::pair{spec.white, "White"}, std::pair{spec.black, "Black"}})
                if (!named[engine] && g.tag(tag)) {
                    names[engine] = *g.tag(tag);
                    named[engine] = true;
                    set_names(state.engines, names);
                }
            if (g.tag("White") != state.engines[spec.white].name || g.tag("Black") != state.engines[spec.black].name)
                return Error{config_.pdn_path + ": game " + std::to_string(number) + " was " +
                             g.tag("White").value_or("?") + " - " + g.tag("Black").value_or("?") + ", this match has " +
                             state.engines[spec.white].name + " - " + state.engines[spec.black].name + " there"};
            if (done[number - 1] || g.result == GameResult::Ongoing) continue;
            done[number - 1] = true;
            FinishedGame f{
                spec, g.result, Reason::None, g.tag("Termination").value_or(""), static_cast<int>(g.moves.size()),
                true};
            f.reason = reason_of_description(rule_traits(config_.game.variant),
                                             config_.game.rule_options.points_victory, g.result, f.termination);
            count_failure(state, f);
            state.finished.push_back(f);
        }
    }

    std::mutex mutex;
    std::atomic<size_t> next{0};
    std::optional<Error> fatal;
    PdnHeader header;
    header.event = config_.event;
    header.date = pdn_date_today();
    if (!config_.game.limits.clock.unlimited()) header.time_control = format_time_control(config_.game.limits.clock);

    const auto record = [&](const ScheduledGame& spec, const Game& game,
                            const std::vector<std::unique_ptr<Player>>* pool,
                            const std::optional<std::array<double, 2>>& clock_left = std::nullopt) {
        FinishedGame f{spec,
                       game.verdict().result,
                       game.verdict().reason,
                       game.termination(),
                       static_cast<int>(game.moves().size()),
                       false};
        std::lock_guard lock(mutex);
        for (const int engine : {spec.white, spec.black})
            if (pool && !named[engine] && (*pool)[engine] && (*pool)[engine]->name_known()) {
                names[engine] = (*pool)[engine]->name();
                named[engine] = true;
                set_names(state.engines, names);
            }
        PdnHeader h = header;
        h.round = std::to_string(spec.number);
        h.white = state.engines[spec.white].name;
        h.black = state.engines[spec.black].name;
        // The time each side had left when the game ended, to the tenth of a second.
        if (clock_left) {
            h.extra.push_back({"WhiteClock", clock_text((*clock_left)[0])});
            h.extra.push_back({"BlackClock", clock_text((*clock_left)[1])});
        }
        if (const auto error = append_pdn_game(config_.pdn_path, make_pdn_game(game, h), config_.notation)) {
            fatal = error;  // never play on when games can no longer be recorded
            return;
        }
        count_failure(state, f);
        state.finished.push_back(f);
        if (progress) progress(state, f);
    };

    const auto work = [&](int worker) {
        auto& pool = pools[worker];
        for (;;) {
            if (stop.load()) return;
            {
                std::lock_guard lock(mutex);
                if (fatal) return;
            }
            const size_t index = next.fetch_add(1);
            if (index >= state.schedule.size()) return;
            if (done[index]) continue;
            const ScheduledGame& spec = state.schedule[index];
            const Opening& opening = config_.openings[spec.opening];

            // A fresh process for an engine that failed in an earlier game (or never started here).
            bool startable = true;
            for (const int engine : {spec.white, spec.black}) {
                if (pool[engine]) continue;
                auto player = start_player(config_.engines[engine], player_settings);
                if (player) {
                    pool[engine] = std::move(player.value());
                    continue;
                }
                if (stop.load()) return;
                Game lost(rulebook(config_.game.variant), opening.start, config_.game.rule_options);
                for (const Move& m : opening.moves) lost.play(m);
                lost.end({win_for(engine == spec.white ? Color::Black : Color::White), Reason::EngineFailure},
                         state.engines[engine].name + " could not be started: " + player.error());
                record(spec, lost, nullptr);
                startable = false;
                break;
            }
            if (!startable) continue;

            PlayedGame played = play_game(*pool[spec.white], *pool[spec.black], opening, config_.game, &stop);
            if (played.abandoned) return;  // stopped: not recorded, the engines are dropped
            record(spec, played.game, &pool, played.clock_left);
            if (played.failed) pool[*played.failed == Color::White ? spec.white : spec.black].reset();
        }
    };

    std::vector<std::thread> threads;
    for (int w = 1; w < workers; ++w) threads.emplace_back(work, w);
    work(0);
    for (auto& t : threads) t.join();
    pools.clear();  // quit every engine before we report
    if (fatal) return *fatal;
    state.interrupted = stop.load() && state.finished.size() < state.schedule.size();
    return state;
}

}  // namespace kroon::match
