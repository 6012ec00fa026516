#include "tools/match/match_command.hpp"

#include <signal.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <iomanip>
#include <ostream>
#include <sstream>

#include "engine/rules/rulebook.hpp"
#include "tools/command_line.hpp"
#include "tools/match/match_runner.hpp"
#include "tools/match/match_stats.hpp"
#include "tools/match/openings.hpp"

namespace kroon::tools {
namespace {

constexpr const char* usage =
    "usage: kroon match [options] ENGINE ENGINE [ENGINE ...]\n"
    "  Plays engines against each other, refereed by the rules, every game appended to a PDN\n"
    "  file as it ends. Two engines play a match; three or more a round robin (Berger tables,\n"
    "  Sonneborn-Berger tie-breaks).\n"
    "  ENGINE: a Hub engine command line (\"kroon hub\", \"/path/scan hub\"), builtin (Kroon's\n"
    "          search in this process), or dxp://host:port (a DXP follower; we are the\n"
    "          initiator; international only, and DXP gives the peer whole minutes: --tc >= 60)\n"
    "options:\n"
    "  --variant V           international (default), frisian, english, ... (kroon variants)\n"
    "  --tc TC               clock: 60 (sudden death), 300+2 (increment), 40/7200:1800,\n"
    "                        50/2h:25/1h (moves in time, repeating; time left carries over)\n"
    "  --movetime S          seconds per move      --depth N      --nodes N\n"
    "                        (default --tc 10+0.1 when none of these is given)\n"
    "  --games N             games per pairing (default 2: each opening with both colours)\n"
    "  --openings FILE       FEN lines or PDN games; each opening is played with both colours\n"
    "  --random-openings N   random openings of N plies instead (--seed S, default 1)\n"
    "  --concurrency N       games played at once (default 1)\n"
    "  --pdn FILE            the games (default match.pdn)   --long-notation  long captures\n"
    "  --resume              continue the match recorded in the PDN file\n"
    "  --event NAME          PDN Event tag (default \"Kroon match\")\n"
    "adjudication (besides the referee):\n"
    "  --max-moves N         end at move N: a draw, or a win when both engines' scores agree\n"
    "                        on at least --win-score\n"
    "  --win-score CP --win-moves N     win when both engines report >= CP (hundredths of\n"
    "                        a man) for N moves each\n"
    "  --draw-score CP --draw-moves N   draw when both report |score| <= CP for N moves each,\n"
    "                        not before move --draw-from (default 40, KNDB art. 13.3)\n"
    "rules:\n"
    "  --points-victory      seed 004 points victory (international)\n"
    "  --frisian-repetition  threefold repetition draws in Frisian too (not a Frisian rule)\n"
    "  --no-progress N       8x8 games: moves each without capture or man move (default 40)\n"
    "engines:\n"
    "  --option NAME=VALUE   set-param for every Hub engine (repeatable), e.g. tt-size=20\n"
    "  --threads N --hash MIB  the built-in engine's threads and hash table\n"
    "  --hang-timeout S      without a clock: silence after which an engine has hung (60)\n"
    "  --engine-log FILE     append the engines' stderr to FILE (else discarded)\n"
    "  --quiet               no line per game, only the final report\n";

std::atomic<bool> interrupted{false};

void on_interrupt(int) { interrupted.store(true); }

Result<double> parse_seconds(const std::string& text, const std::string& what) {
    const auto tc = parse_time_control(text);
    if (!tc || tc->periods.size() != 1 || tc->periods[0].moves != 0 || tc->increment != 0)
        return Error{what + " must be a number of seconds, not '" + text + "'"};
    return tc->periods[0].seconds;
}

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
        if (g.spec.white == 0) t.add(g.result, true);
        else t.add(g.result, false);
    }
    return t;
}

std::string elo_text(const match::EloEstimate& e) {
    return "Elo " + match::format_elo(e.elo) + " [" + match::format_elo(e.low) + ", " + match::format_elo(e.high) +
           "] LOS " + percent(e.los);
}

void print_progress(std::ostream& out, const match::MatchState& state, const match::FinishedGame& g, Variant v) {
    const Scoring scoring = rulebook(v).scoring();
    out << "[" << state.finished.size() << "/" << state.schedule.size() << "] game " << g.spec.number << ": "
        << state.engines[g.spec.white].name << " - " << state.engines[g.spec.black].name << "  "
        << result_text(g.result, scoring) << "  " << g.termination << " (" << g.plies << " plies)\n";
    if (state.engines.size() == 2) {
        const match::Tally t = first_engine_tally(state);
        out << "    " << state.engines[0].name << " " << points_text(t.score()) << "/" << t.games() << " (" << tally_text(t)
            << ")  " << elo_text(match::estimate_elo(t)) << "\n";
    }
    out.flush();
}

void print_report(std::ostream& out, const match::MatchState& state, const match::MatchConfig& config) {
    const Variant v = config.game.variant;
    const Scoring scoring = rulebook(v).scoring();
    out << "\n" << (state.interrupted ? "Interrupted" : "Finished") << ": " << state.finished.size() << " of "
        << state.schedule.size() << " games, " << rulebook(v).name() << ", games in " << config.pdn_path << "\n";
    if (state.engines.size() == 2) {
        const match::Tally t = first_engine_tally(state);
        const auto e = match::estimate_elo(t);
        out << "  " << state.engines[0].name << " vs " << state.engines[1].name << ": " << points_text(t.score())
            << " - " << points_text(t.games() - t.score()) << "  (" << tally_text(t) << ")\n"
            << "  Elo difference " << match::format_elo(e.elo) << ", 95% interval [" << match::format_elo(e.low)
            << ", " << match::format_elo(e.high) << "], likelihood of superiority " << percent(e.los) << "\n";
    } else {
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
    out << "  losses by time forfeit / illegal move / engine failure:\n";
    for (const auto& e : state.engines)
        out << "    " << e.name << ": " << e.time_forfeits << " / " << e.illegal_moves << " / " << e.failures << "\n";
    out.flush();
}

Result<match::MatchConfig> read_config(const std::vector<std::string>& args) {
    const auto parsed = cli::parse_arguments(
        args,
        {"variant", "tc", "movetime", "depth", "nodes", "games", "openings", "random-openings", "seed", "concurrency",
         "pdn", "event", "max-moves", "win-score", "win-moves", "draw-score", "draw-moves", "draw-from", "no-progress",
         "option", "threads", "hash", "hang-timeout", "engine-log"},
        {"help", "resume", "long-notation", "points-victory", "frisian-repetition", "quiet"});
    if (!parsed) return Error{parsed.error()};
    const cli::Arguments& a = *parsed;
    match::MatchConfig c;
    if (a.positional.size() < 2) return Error{"give at least two engines"};
    for (const auto& text : a.positional) {
        auto spec = match::parse_player_spec(text);
        if (!spec) return Error{spec.error()};
        c.engines.push_back(*spec);
    }
    if (const auto v = a.option("variant")) {
        const auto variant = parse_variant(*v);
        if (!variant) return Error{"unknown variant '" + *v + "' (one of " + variant_names() + ")"};
        c.game.variant = *variant;
    }
    const auto integer = [&](const char* name, int low, int high, int& into) -> std::optional<Error> {
        if (const auto text = a.option(name)) {
            const auto value = cli::parse_int(*text, std::string("--") + name, low, high);
            if (!value) return Error{value.error()};
            into = *value;
        }
        return std::nullopt;
    };
    auto& limits = c.game.limits;
    int depth = 0, nodes = 0, random_plies = 0, seed = 1, no_progress = 40;
    auto& adj = c.game.adjudication;
    for (const auto& [name, low, high, into] :
         std::initializer_list<std::tuple<const char*, int, int, int*>>{
             {"depth", 1, 200, &depth},          {"nodes", 1, 2000000000, &nodes},
             {"games", 1, 1000000, &c.games},     {"random-openings", 1, 200, &random_plies},
             {"seed", 0, 2000000000, &seed},     {"concurrency", 1, 256, &c.concurrency},
             {"max-moves", 1, 100000, &adj.max_moves}, {"win-score", 1, 100000, &adj.win_score},
             {"win-moves", 1, 1000, &adj.win_moves},   {"draw-score", 0, 100000, &adj.draw_score},
             {"draw-moves", 1, 1000, &adj.draw_moves}, {"draw-from", 0, 100000, &adj.draw_from_move},
             {"no-progress", 0, 10000, &no_progress},  {"threads", 1, 256, &c.player.threads},
             {"hash", 1, 65536, &c.player.hash_mib}})
        if (const auto e = integer(name, low, high, *into)) return *e;
    limits.depth = depth;
    limits.nodes = static_cast<std::uint64_t>(nodes);
    c.game.rules.no_progress_moves_8x8 = no_progress;
    c.game.rules.points_victory = a.has_flag("points-victory");
    c.game.rules.frisian_repetition = a.has_flag("frisian-repetition");
    if (c.game.rules.points_victory && c.game.variant != Variant::International)
        return Error{"--points-victory is a rule set for international draughts"};
    if (adj.win_moves > 0 && adj.win_score == 0) return Error{"--win-moves needs --win-score"};
    if (const auto tc = a.option("tc")) {
        const auto parsed_tc = parse_time_control(*tc);
        if (!parsed_tc) return Error{"--tc: " + parsed_tc.error()};
        limits.clock = *parsed_tc;
    }
    if (const auto t = a.option("movetime")) {
        const auto s = parse_seconds(*t, "--movetime");
        if (!s) return Error{s.error()};
        limits.move_time = *s;
    }
    if (const auto t = a.option("hang-timeout")) {
        const auto s = parse_seconds(*t, "--hang-timeout");
        if (!s) return Error{s.error()};
        limits.hang_timeout = *s;
    }
    if (limits.clock.unlimited() && limits.move_time == 0 && limits.depth == 0 && limits.nodes == 0)
        limits.clock = TimeControl::sudden_death(10, 0.1);

    if (const auto file = a.option("openings")) {
        auto openings = match::read_openings_file(*file, c.game.variant);
        if (!openings) return Error{openings.error()};
        c.openings = std::move(openings.value());
    } else if (random_plies > 0) {
        c.openings = match::random_openings(c.game.variant, std::max(1, (c.games + 1) / 2), random_plies,
                                            static_cast<std::uint32_t>(seed));
    } else {
        c.openings = {{rulebook(c.game.variant).start_position(), {}, "start"}};
    }
    if (const auto p = a.option("pdn")) c.pdn_path = *p;
    if (const auto e = a.option("event")) c.event = *e;
    if (const auto l = a.option("engine-log")) c.player.stderr_path = *l;
    c.resume = a.has_flag("resume");
    c.notation = a.has_flag("long-notation") ? PdnMoves::Long : PdnMoves::Short;
    for (const auto& [name, value] : a.options) {
        if (name != "option") continue;
        const size_t eq = value.find('=');
        if (eq == 0 || eq == std::string::npos) return Error{"--option wants NAME=VALUE, not '" + value + "'"};
        c.player.hub_options.emplace_back(value.substr(0, eq), value.substr(eq + 1));
    }
    return c;
}

}  // namespace

int run_match(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (std::find(args.begin(), args.end(), "--help") != args.end() || std::find(args.begin(), args.end(), "-h") != args.end()) {
        out << usage;
        return 0;
    }
    const auto config = read_config(args);
    if (!config) {
        err << "kroon match: " << config.error() << "\n" << usage;
        return 2;
    }
    const bool quiet = std::find(args.begin(), args.end(), "--quiet") != args.end();

    // Ctrl-C stops the match: finished games are in the PDN file; --resume continues.
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
    signal(SIGPIPE, SIG_IGN);  // an engine that dies must not take us with it
    interrupted.store(false);

    match::MatchRunner runner(*config);
    const Variant v = config->game.variant;
    const auto state = runner.run(interrupted, [&](const match::MatchState& s, const match::FinishedGame& g) {
        if (!quiet) print_progress(out, s, g, v);
    });
    if (!state) {
        err << "kroon match: " << state.error() << "\n";
        return 1;
    }
    print_report(out, *state, *config);
    return state->interrupted ? 130 : 0;
}

}  // namespace kroon::tools
