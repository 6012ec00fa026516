// `kroon match`: engine matches and round robins, refereed by the rules, every game in a PDN
// file as it ends.

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <iomanip>
#include <ostream>
#include <set>
#include <sstream>

#include "engine/rulebook/rulebook.hpp"
#include "match/match_runner.hpp"
#include "match/match_stats.hpp"
#include "match/openings.hpp"
#include "platform/signals.hpp"
#include "protocol/hub/level_command.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

std::string percent(double x) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(1) << 100 * x << "%";
    return s.str();
}

std::string points_text(double p) {
    std::ostringstream s;
    s << p;
    return s.str();
}

std::string tally_text(const match::Tally& t) {
    std::string s = "+" + std::to_string(t.wins) + " =" + std::to_string(t.draws) + " -" + std::to_string(t.losses);
    if (t.points_wins || t.points_losses)
        s += " (points victories +" + std::to_string(t.points_wins) + " -" + std::to_string(t.points_losses) + ")";
    return s;
}

// Engine 0's results in a two-engine match.
match::Tally first_engine_tally(const match::MatchState& state) {
    match::Tally t;
    for (const auto& g : state.finished) {
        if (g.result == GameResult::Ongoing) continue;
        if (g.spec.white == 0)
            t.add(g.result, true);
        else
            t.add(g.result, false);
    }
    return t;
}

std::string elo_text(const match::EloEstimate& e) {
    return "Elo " + match::format_elo(e.elo) + " [" + match::format_elo(e.low) + ", " + match::format_elo(e.high) +
           "] LOS " + percent(e.los);
}

// "  LLR 1.23 [-2.94, 2.94], 17 pairs" after the tally, with a sequential test.
std::string test_text(const match::MatchState& state, const std::optional<match::SprtBounds>& sprt) {
    if (!sprt) return "";
    return "  " + match::format_llr(state.llr, *sprt) + ", " + std::to_string(state.pairs.pairs()) + " pairs";
}

void print_progress(std::ostream& out, const match::MatchState& state, const match::FinishedGame& g, Variant v,
                    const std::optional<match::SprtBounds>& sprt) {
    const Scoring scoring = rulebook(v).scoring();
    out << "[" << state.finished.size() << "/" << state.schedule.size() << "] game " << g.spec.number << ": "
        << state.engines[g.spec.white].name << " - " << state.engines[g.spec.black].name << "  "
        << result_text(g.result, scoring) << "  " << g.termination << " (" << g.plies << " plies)\n";
    if (state.engines.size() == 2) {
        const match::Tally t = first_engine_tally(state);
        out << "    " << state.engines[0].name << " " << points_text(t.score()) << "/" << t.games() << " ("
            << tally_text(t) << ")  " << elo_text(match::estimate_elo(t)) << test_text(state, sprt) << "\n";
    }
    out.flush();
}

// The sequential test's verdict, for the report.
void print_test(std::ostream& out, const match::MatchState& state, const match::SprtBounds& b) {
    char bounds[160];
    std::snprintf(bounds, sizeof bounds, "SPRT H0 Elo %g, H1 Elo %g (alpha %g, beta %g): ", b.elo0, b.elo1, b.alpha,
                  b.beta);
    const std::string verdict = state.verdict == match::SprtVerdict::AcceptH1   ? "H1 accepted"
                                : state.verdict == match::SprtVerdict::AcceptH0 ? "H0 accepted"
                                                                                : "no verdict yet";
    out << "  " << bounds << verdict << ", " << match::format_llr(state.llr, b) << " after " << state.pairs.pairs()
        << " game pairs\n";
}

// At a fixed depth or node count a repeated opening replays its game (an engine on one search
// thread, no random book moves): the start of the match warns when its schedule comes back to
// an opening, and the report says how many of its games can differ.
const char* const more_openings =
    "more openings (--ballots with more plies, --random-openings 8, --openings FILE) or fewer games avoid it";

void warn_of_replays(std::ostream& err, const match::MatchConfig& config) {
    if (!match::fixed_search(config.game.limits)) return;
    const std::vector<int> classes = match::opening_classes(config.openings, config.game.variant);
    const int used = (config.games + 1) / 2;  // openings a pairing plays, each with both colours
    std::set<int> positions;
    for (int i = 0; i < used; ++i) positions.insert(classes[static_cast<std::size_t>(i) % classes.size()]);
    if (static_cast<int>(positions.size()) == used) return;
    err << "kroon match: warning: " << config.games << " games a pairing from " << positions.size()
        << " opening position(s): at a fixed depth or node count a repeated opening replays its game, so at most "
        << std::min(config.games, static_cast<int>(2 * positions.size()))
        << " of them can differ, and the Elo interval and the sequential test count the replays as new games; "
        << more_openings << "\n";
}

void print_replays(std::ostream& out, const match::MatchState& state, const match::MatchConfig& config) {
    if (!match::fixed_search(config.game.limits)) return;
    const int distinct = match::distinct_games(state, match::opening_classes(config.openings, config.game.variant));
    const int games = static_cast<int>(state.finished.size());
    if (distinct < games)
        out << "  only " << distinct << " of these " << games
            << " games can differ (a repeated opening replays its game at a fixed depth or node count); "
            << more_openings << "\n";
}

// The clocks left at the end of the clocked games, per engine: did it use its time?
void print_clocks_left(std::ostream& out, const match::MatchState& state) {
    std::vector<match::ClockLeft> clocks;
    bool any = false;
    for (size_t e = 0; e < state.engines.size(); ++e) {
        clocks.push_back(match::clock_left_of(state, static_cast<int>(e)));
        any = any || clocks.back().games > 0;
    }
    if (!any) return;
    out << "  clock left at the end of a game: median (least - most):\n";
    for (size_t e = 0; e < state.engines.size(); ++e) {
        const auto& c = clocks[e];
        if (c.games == 0) continue;
        char line[160];
        std::snprintf(line, sizeof line, ": %.1f s (%.1f - %.1f s) over %d games\n", c.median, c.least, c.most,
                      c.games);
        out << "    " << state.engines[e].name << line;
    }
}

void print_report(std::ostream& out, const match::MatchState& state, const match::MatchConfig& config) {
    const Variant v = config.game.variant;
    const Scoring scoring = rulebook(v).scoring();
    out << "\n"
        << (!state.halted.empty()                           ? "Stopped early"
            : state.interrupted                             ? "Interrupted"
            : state.verdict != match::SprtVerdict::Continue ? "Decided by the sequential test"
                                                            : "Finished")
        << ": " << state.finished.size() << " of " << state.schedule.size() << " games, " << rulebook(v).name()
        << ", games in " << config.pdn_path << "\n";
    if (state.engines.size() == 2) {
        const match::Tally t = first_engine_tally(state);
        const auto e = match::estimate_elo(t);
        out << "  " << state.engines[0].name << " vs " << state.engines[1].name << ": " << points_text(t.score())
            << " - " << points_text(t.games() - t.score()) << "  (" << tally_text(t) << ")\n"
            << "  Elo difference " << match::format_elo(e.elo) << ", 95% interval [" << match::format_elo(e.low) << ", "
            << match::format_elo(e.high) << "], likelihood of superiority " << percent(e.los) << "\n";
        if (config.sprt) print_test(out, state, *config.sprt);
    } else if (state.engines.size() > 2) {
        std::vector<match::GameOutcome> outcomes;
        for (const auto& g : state.finished) outcomes.push_back({g.spec.white, g.spec.black, g.result});
        const auto table = match::standings(static_cast<int>(state.engines.size()), outcomes, scoring);
        out << "  rank  engine                           points  games  +/=/-           SB\n";
        for (size_t i = 0; i < table.size(); ++i) {
            const auto& s = table[i];
            char line[200];
            std::snprintf(line, sizeof line, "  %4zu  %-32s %6s  %5d  %-14s %6s\n", i + 1,
                          state.engines[s.player].name.c_str(), points_text(s.points).c_str(), s.tally.games(),
                          (std::to_string(s.tally.wins + s.tally.points_wins) + "/" + std::to_string(s.tally.draws) +
                           "/" + std::to_string(s.tally.losses + s.tally.points_losses))
                              .c_str(),
                          points_text(s.sonneborn_berger).c_str());
            out << line;
        }
    }
    print_replays(out, state, config);
    out << "  losses by time forfeit / illegal move / engine failure:\n";
    for (const auto& e : state.engines)
        out << "    " << e.name << ": " << e.time_forfeits << " / " << e.illegal_moves << " / " << e.failures << "\n";
    print_clocks_left(out, state);
    out.flush();
}

// The command line as read, before it becomes a match configuration.
struct MatchArgs {
    match::MatchConfig config;
    std::vector<std::string> engines;
    std::string tc;
    int depth = 0;
    std::int64_t nodes = 0;
    int random_openings = 0;
    int ballots = 0;
    int seed = 1;
    std::string openings;
    std::vector<std::string> hub_options;
    bool long_notation = false;
    bool bare_pdn = false;
    bool quiet = false;
    EngineArgs engine;  // the built-in engine's
    std::string sprt;   // ELO0,ELO1[,ALPHA,BETA]
    std::string shard;  // I/N
    CLI::Option* games_option = nullptr;
};

// The search per move: a clock, or a fixed time, depth or node count.
void add_limit_options(CLI::App& command, MatchArgs& a) {
    command
        .add_option("--tc", a.tc,
                    "clock: 60 (sudden death), 300+2 (increment), 40/7200:1800, 50/2h:25/1h (moves in time, "
                    "repeating; time left carries over); the default is 10+0.1 when no limit is given")
        ->type_name("TC");
    add_seconds(command, "--movetime", a.config.game.limits.move_time, "seconds per move", 0.001, 86400);
    command.add_option("--depth", a.depth, "depth per move")->check(CLI::Range(1, hub::level_limits::depth));
    command.add_option("--nodes", a.nodes, "nodes per move")->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
}

// Which games are played, from which openings, and how many at once.
void add_schedule_options(CLI::App& command, MatchArgs& a) {
    a.games_option = command
                         .add_option("--games", a.config.games,
                                     "games per pairing (each opening with both colours); with --sprt the most "
                                     "that are played (then 20000 by default)")
                         ->check(CLI::Range(1, 1000000))
                         ->capture_default_str();
    command
        .add_option("--sprt", a.sprt,
                    "two engines: a sequential test over game pairs, H0 that the first engine is ELO0 stronger "
                    "against H1 that it is ELO1 stronger (logistic Elo; error rates ALPHA and BETA, 0.05 each by "
                    "default); the match stops when the log-likelihood ratio crosses a bound (docs/match.md)")
        ->type_name("ELO0,ELO1[,ALPHA,BETA]");
    command.add_option("--openings", a.openings, "FEN lines or PDN games; each opening is played with both colours")
        ->type_name("FILE");
    command.add_option("--random-openings", a.random_openings, "random openings of N plies instead")
        ->type_name("N")
        ->check(CLI::Range(1, 200));
    command
        .add_option("--ballots", a.ballots,
                    "every opening of N plies, one a position (2: the 81 2-move ballots; 3: 447), shuffled by "
                    "--seed and repeated as --games needs")
        ->type_name("N")
        ->check(CLI::Range(1, 8));
    command.add_option("--seed", a.seed, "seed of the random openings and of the order of the ballots")
        ->check(CLI::Range(0, 2000000000))
        ->capture_default_str();
    command
        .add_option("--shard", a.shard,
                    "play only shard I of N: the openings whose number is I modulo N, the games numbered "
                    "as in the whole match; N machines run the same command with I = 0..N-1, and the PDN "
                    "files together are the match (docs/match.md)")
        ->type_name("I/N");
    command.add_option("--concurrency", a.config.concurrency, "games played at once")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
}

void add_pdn_options(CLI::App& command, MatchArgs& a) {
    command.add_option("--pdn", a.config.pdn_path, "the games, appended as each ends")
        ->type_name("FILE")
        ->capture_default_str();
    command.add_flag("--long-notation", a.long_notation, "captures with every landing square in the PDN");
    command.add_flag("--bare-pdn", a.bare_pdn,
                     "the moves alone, without the comment after each: clock [%clk], time taken [%emt], the "
                     "engine's score and depth [%eval]");
    command.add_flag("--resume", a.config.resume, "continue the match recorded in the PDN file");
    command.add_option("--event", a.config.event, "PDN Event tag")->capture_default_str();
}

void add_adjudication_options(CLI::App& command, match::Adjudication& adj) {
    command
        .add_option("--max-moves", adj.max_moves,
                    "adjudication: end at move N: a draw, or a win when both engines' scores agree on at least "
                    "--win-score")
        ->check(CLI::Range(1, 100000));
    command
        .add_option("--win-score", adj.win_score,
                    "adjudication: a win when both engines report at least CP "
                    "(hundredths of a man) for --win-moves moves each")
        ->type_name("CP")
        ->check(CLI::Range(1, 100000));
    command.add_option("--win-moves", adj.win_moves, "see --win-score")->check(CLI::Range(1, 1000));
    command
        .add_option("--draw-score", adj.draw_score,
                    "adjudication: a draw when both report |score| <= CP for "
                    "--draw-moves moves each, not before move --draw-from")
        ->type_name("CP")
        ->check(CLI::Range(0, 100000));
    command.add_option("--draw-moves", adj.draw_moves, "see --draw-score")->check(CLI::Range(1, 1000));
    command.add_option("--draw-from", adj.draw_from_move, "no draw adjudication before this move (KNDB art. 13)")
        ->check(CLI::Range(0, 100000))
        ->capture_default_str();
}

void add_rule_options(CLI::App& command, RuleOptions& rule_options) {
    command.add_flag("--points-victory", rule_options.points_victory,
                     "the KNDB points-victory articles (international; docs/rules.md, Points victory)");
    command.add_flag("--frisian-repetition", rule_options.frisian_repetition,
                     "threefold repetition draws in Frisian too (not a Frisian rule)");
    command
        .add_option("--no-progress", rule_options.no_progress_moves_8x8,
                    "8x8 games: moves each without a capture or a man move before a draw, 0 = none")
        ->check(CLI::Range(0, 10000))
        ->capture_default_str();
}

// How the engines are set up and watched: Hub options, the built-in engine's, hangs, stderr.
void add_player_options(CLI::App& command, MatchArgs& a) {
    command.add_option("--option", a.hub_options, "set-param NAME=VALUE for every Hub engine (repeatable)")
        ->type_name("NAME=VALUE");
    add_engine_options(command, a.engine,
                       {"threads", "hash", "eval", "eval-file", "egdb", "book", "book-margin", "skill", "elo"});
    add_seconds(command, "--hang-timeout", a.config.game.limits.hang_timeout,
                "without a clock: seconds of silence after which an engine has hung (default 60)", 1, 86400);
    command
        .add_option("--engine-log", a.config.player.stderr_path, "append the engines' stderr to FILE (else discarded)")
        ->type_name("FILE");
}

void add_match_options(CLI::App& command, MatchArgs& a) {
    command
        .add_option("ENGINE", a.engines,
                    "a Hub engine command line (\"kroon hub\", \"/path/scan hub\"), builtin (Kroon's search in this "
                    "process), or dxp://host:port (a DXP follower; we are the initiator; international only, and DXP "
                    "gives the peer whole minutes: --tc of at least 60)")
        ->required();
    add_variant(command, a.config.game.variant);
    add_limit_options(command, a);
    add_schedule_options(command, a);
    add_pdn_options(command, a);
    add_adjudication_options(command, a.config.game.adjudication);
    add_rule_options(command, a.config.game.rule_options);
    add_player_options(command, a);
    command.add_flag("--quiet", a.quiet, "no line per game, only the final report");
}

// "I/N" (as selfplay's and book build's): shard I of N, which must hold at least one opening.
void set_shard(match::MatchConfig& c, const std::string& text) {
    const auto [shard, shards] = parse_shard(text);
    if (static_cast<size_t>(shards) > c.openings.size())
        throw UsageError("--shard " + text + ": the match has " + std::to_string(c.openings.size()) +
                         " opening(s), too few for " + std::to_string(shards) + " shards");
    c.shard = shard;
    c.shards = shards;
}

match::MatchConfig match_config(MatchArgs& a) {
    match::MatchConfig c = a.config;
    if (a.engines.size() < 2) throw UsageError("give at least two engines");
    for (const auto& text : a.engines) {
        auto spec = players::parse_player_spec(text);
        if (!spec) throw UsageError(spec.error());
        c.engines.push_back(*spec);
    }
    auto& limits = c.game.limits;
    limits.depth = a.depth;
    limits.nodes = static_cast<std::uint64_t>(a.nodes);
    if (c.game.rule_options.points_victory && c.game.variant != Variant::International)
        throw UsageError("--points-victory is a rule set for international draughts");
    if (c.game.adjudication.win_moves > 0 && c.game.adjudication.win_score == 0)
        throw UsageError("--win-moves needs --win-score");
    if (!a.sprt.empty()) {
        const auto bounds = match::parse_sprt_bounds(a.sprt);
        if (!bounds) throw UsageError("--sprt: " + bounds.error());
        if (c.engines.size() != 2) throw UsageError("--sprt compares two engines");
        // A points victory scores a quarter point a game, which the five bins of a pair cannot hold.
        if (c.game.rule_options.points_victory) throw UsageError("--sprt cannot score points victories");
        c.sprt = *bounds;
        if (a.games_option->count() == 0) c.games = 20000;
    }
    if (!a.tc.empty()) {
        const auto tc = parse_time_control(a.tc);
        if (!tc) throw UsageError("--tc: " + tc.error());
        limits.clock = *tc;
    }
    if (limits.clock.unlimited() && limits.move_time == 0 && limits.depth == 0 && limits.nodes == 0)
        limits.clock = TimeControl::sudden_death(10, 0.1);
    if (!a.openings.empty()) {
        auto openings = match::read_openings_file(a.openings, c.game.variant);
        if (!openings) throw FileError(openings.error());
        c.openings = std::move(openings.value());
    } else if (a.ballots > 0) {
        const auto ballots = match::ballot_openings(c.game.variant, a.ballots, static_cast<std::uint32_t>(a.seed));
        if (ballots.empty()) throw UsageError("--ballots: no opening of that many moves");
        const size_t wanted = static_cast<size_t>(std::max(1, (c.games + 1) / 2));
        for (size_t i = 0; i < wanted; ++i) c.openings.push_back(ballots[i % ballots.size()]);
    } else if (a.random_openings > 0) {
        c.openings = match::random_openings(c.game.variant, std::max(1, (c.games + 1) / 2), a.random_openings,
                                            static_cast<std::uint32_t>(a.seed));
    } else {
        c.openings = {{rulebook(c.game.variant).start_position(), {}, "start"}};
    }
    if (!a.shard.empty()) set_shard(c, a.shard);
    c.notation = a.long_notation ? PdnMoves::Long : PdnMoves::Short;
    c.move_comments = !a.bare_pdn;
    c.player.engine_options = engine_settings(a.engine, {c.game.variant, std::nullopt});
    for (const auto& value : a.hub_options) {
        const size_t eq = value.find('=');
        if (eq == 0 || eq == std::string::npos) throw UsageError("--option wants NAME=VALUE, not '" + value + "'");
        c.player.hub_options.emplace_back(value.substr(0, eq), value.substr(eq + 1));
    }
    return c;
}

}  // namespace

Run add_match(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "match",
        "Plays engines against each other, refereed by the rules (docs/rules.md), every game appended to a PDN file "
        "as it ends. Two engines play a match; three or more a round robin (Berger tables, Sonneborn-Berger "
        "tie-breaks). Crashes, hangs, illegal moves and garbage lose the game; a DXP peer that can no longer be "
        "reached stops the match (--resume plays the rest). Prints W/D/L, Elo with a 95% "
        "interval and LOS, forfeits per engine.");
    auto args = std::make_shared<MatchArgs>();
    add_match_options(*command, *args);
    return [args, io] {
        const match::MatchConfig config = match_config(*args);
        // Ctrl-C stops the match: finished games are in the PDN file; --resume continues. A
        // closed terminal ends the match, and its engines, the same way.
        const std::atomic<bool>& interrupted = platform::stop_on_signals();
        platform::ignore_broken_pipes();  // an engine that dies must not take us with it

        warn_of_replays(io.err, config);
        match::MatchRunner runner(config);
        const Variant v = config.game.variant;
        const bool quiet = args->quiet;
        std::ostream& out = io.out;
        const auto state = runner.run(interrupted, [&](const match::MatchState& s, const match::FinishedGame& g) {
            if (!quiet) print_progress(out, s, g, v, config.sprt);
        });
        if (!state) {
            io.err << "kroon match: " << state.error() << "\n";
            return exit_failure;
        }
        print_report(out, *state, config);
        if (!state->halted.empty()) {
            io.err << "kroon match: stopped early: " << state->halted
                   << "\n  start that engine again and run the same command with --resume to play the rest\n";
            return exit_failure;
        }
        return state->interrupted ? exit_interrupted : exit_ok;
    };
}

}  // namespace kroon::cli
