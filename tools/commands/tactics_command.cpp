// `kroon tactics`: find winning shots in game records, and see how many of a set an engine
// solves (docs/search.md, "Tactics").
#include <chrono>
#include <iomanip>
#include <ostream>
#include <unordered_set>

#include "bench/tactics.hpp"
#include "players/player.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

struct FindArgs {
    std::vector<std::string> files;
    Variant variant = Variant::International;
    int depth = 7;
    int min_gain = 2;
};

struct SolveArgs {
    std::string file;
    Variant variant = Variant::International;
    std::string engine = "builtin";
    double move_time = 0;
    int depth = 0;
    std::int64_t nodes = 0;
    EngineArgs builtin;  // the built-in engine's options
};

// Re-checks a set at another depth: prints the positions whose shot still holds, reports the others.
// What makes a shot, shared by `find` and `check`.
void add_shot_options(CLI::App& command, FindArgs& args) {
    add_variant(command, args.variant);
    command.add_option("--depth", args.depth, "plies of the full-width check")
        ->check(CLI::Range(3, 11))
        ->capture_default_str();
    command.add_option("--min-gain", args.min_gain, "men the shot must win")
        ->check(CLI::Range(1, 20))
        ->capture_default_str();
}

int run_check(const FindArgs& a, const Streams& io) {
    const Rulebook& rules = rulebook(a.variant);
    int kept = 0, dropped = 0;
    for (const std::string& path : a.files) {
        const auto file = bench::read_puzzles(rules, path);
        if (!file.ok()) throw FileError(file.error());
        for (const std::string& e : file->errors) io.err << path << ": " << e << " (left out)\n";
        for (const bench::Puzzle& p : file->puzzles) {
            const auto again = bench::find_shot(rules, p.position, a.depth, a.min_gain);
            if (again && again->solution == p.solution) {
                ++kept;
                io.out << bench::format_puzzle(rules, {p.position, p.solution, std::min(p.gain, again->gain), p.plies})
                       << "\n";
            } else {
                ++dropped;
                io.err << bench::format_puzzle(rules, p) << ": not a unique shot at " << a.depth << " plies\n";
            }
        }
    }
    io.err << kept << " hold, " << dropped << " do not\n";
    return dropped ? exit_failure : exit_ok;
}

int run_find(const FindArgs& a, const Streams& io) {
    std::unordered_set<std::uint64_t> seen;
    int games = 0, found = 0;
    for (const std::string& path : a.files) {
        const auto file = read_pdn_file(path, a.variant);
        if (!file.ok()) throw FileError(file.error());
        for (const PdnError& e : file->errors) io.err << path << ": " << e.text() << " (left out)\n";
        games += static_cast<int>(file->games.size());
        bench::find_shots(file->games, a.depth, a.min_gain, [&](const bench::Puzzle& p) {
            if (!seen.insert(p.position.hash()).second) return;
            ++found;
            io.out << bench::format_puzzle(rulebook(a.variant), p) << "\n";
            io.out.flush();
        });
    }
    io.err << found << " shots in " << games << " games\n";
    return exit_ok;
}

// One attempt through the match runner's players, for engines other than the built-in one.
Result<bench::Attempt> solve_with_player(players::Player& player, const Rulebook& rules, const bench::Puzzle& puzzle,
                                         const players::MoveRequest& request) {
    const Game game(rules, puzzle.position);
    bench::Attempt attempt;
    if (auto failure = player.new_game(game, game.side_to_move())) return Error{failure->detail};
    const auto start = std::chrono::steady_clock::now();
    const players::Answer answer = player.think(game, request);
    attempt.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (const auto* failure = std::get_if<players::Failure>(&answer)) return Error{failure->detail};
    attempt.played = std::get<players::MoveReply>(answer).move;
    attempt.solved = attempt.played == puzzle.solution;
    player.game_over(game);
    return attempt;
}

// What searches the positions: the built-in engine, or another through the match runner's players.
struct Solver {
    std::unique_ptr<play::Thinker> engine;    // the built-in one
    std::unique_ptr<players::Player> player;  // any other
    search::Limits limits;                    // for the built-in engine
    players::MoveRequest request;             // for the player

    // An error when the other engine fails (it quits, answers nonsense, loses on time).
    Result<bench::Attempt> attempt(const Rulebook& rules, const bench::Puzzle& p) {
        if (engine) return bench::solve(*engine, rules, p, limits);
        return solve_with_player(*player, rules, p, request);
    }
};

// Throws UsageError for an --engine that cannot solve; one that does not start is an Error.
Result<Solver> start_solver(const SolveArgs& a) {
    const auto spec = players::parse_player_spec(a.engine);
    if (!spec.ok()) throw UsageError(spec.error());
    if (spec->kind == players::PlayerSpec::Dxp) throw UsageError("a DXP engine cannot be given a position");
    Solver solver;
    const EngineSettings builtin_settings = engine_settings(a.builtin, {a.variant, std::nullopt});
    if (spec->kind == players::PlayerSpec::Builtin) {
        solver.engine = std::make_unique<play::Thinker>();
        solver.engine->set_option("egdb", "none");
        solver.engine->set_option("book", "false");  // a puzzle is solved by search
        configure(*solver.engine, builtin_settings);
    } else {
        players::PlayerSettings settings;
        settings.variant = a.variant;
        auto started = players::start_player(*spec, settings);
        if (!started.ok()) return Error{started.error()};
        solver.player = std::move(started.value());
    }
    // The level first: the built-in engine's limits are read from it.
    solver.request.level = play::Level{a.depth, static_cast<std::uint64_t>(a.nodes), a.move_time, {}};
    solver.limits = play::search_limits(solver.request.level);
    solver.request.wait = a.move_time > 0 ? 10 * a.move_time + 30 : 3600;
    return solver;
}

struct SolveTally {
    int solved = 0;
    double total_time = 0, time_to_solution = 0;
    std::uint64_t total_nodes = 0;

    void add(const bench::Attempt& attempt) {
        solved += attempt.solved;
        total_time += attempt.seconds;
        total_nodes += attempt.nodes;
        if (attempt.found_after) time_to_solution += *attempt.found_after;
    }
};

void print_attempt(std::ostream& out, const Rulebook& rules, std::size_t i, const bench::Puzzle& p,
                   const bench::Attempt& attempt) {
    out << std::setw(4) << i + 1 << "  " << std::left << std::setw(9) << rules.format_move(p.position, p.solution)
        << (attempt.solved ? "solved  " : "missed  ") << std::setw(9) << rules.format_move(p.position, attempt.played)
        << std::right << std::setprecision(3) << attempt.seconds << " s";
    if (attempt.found_after) out << "  found after " << *attempt.found_after << " s";
    out << "\n";
    out.flush();
}

// The search's own figures (time to the solution, nodes) only for the built-in engine.
void print_tally(std::ostream& out, const SolveTally& t, int n, bool builtin) {
    out << "solved " << t.solved << " of " << n << " (" << std::setprecision(1) << (n ? 100.0 * t.solved / n : 0.0)
        << "%), " << std::setprecision(3) << t.total_time << " s in all";
    if (builtin && t.solved)
        out << ", solution found after " << t.time_to_solution / t.solved << " s on average, " << t.total_nodes
            << " nodes";
    out << "\n";
}

int run_solve(const SolveArgs& a, const Streams& io) {
    const Rulebook& rules = rulebook(a.variant);
    const auto file = bench::read_puzzles(rules, a.file);
    if (!file.ok()) throw FileError(file.error());
    for (const std::string& e : file->errors) io.err << a.file << ": " << e << " (left out)\n";
    if (a.move_time <= 0 && a.depth <= 0 && a.nodes <= 0) throw UsageError("give --movetime, --depth or --nodes");
    auto started = start_solver(a);
    if (!started.ok()) {
        io.err << "kroon tactics: " << started.error() << "\n";
        return exit_failure;
    }
    Solver& solver = started.value();

    SolveTally tally;
    io.out << std::fixed;
    for (std::size_t i = 0; i < file->puzzles.size(); ++i) {
        const bench::Puzzle& p = file->puzzles[i];
        const auto attempt = solver.attempt(rules, p);
        if (!attempt) {
            io.err << "kroon tactics: " << attempt.error() << "\n";
            return exit_failure;
        }
        tally.add(*attempt);
        print_attempt(io.out, rules, i, p, *attempt);
    }
    print_tally(io.out, tally, static_cast<int>(file->puzzles.size()), solver.engine != nullptr);
    return exit_ok;
}

}  // namespace

Run add_tactics(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "tactics",
        "Winning shots: `find` takes them from game records (checked by a full-width material minimax), `check` "
        "checks a set again at another depth, `solve` counts how many of a set an engine finds. A set has one position "
        "a line: FEN; MOVE; +GAIN; PLIES.");
    command->require_subcommand(1);

    auto find = std::make_shared<FindArgs>();
    auto* find_command = command->add_subcommand(
        "find",
        "Prints the positions of the PDN games that hold exactly one winning shot (a sacrifice the opponent "
        "must take), one a line.");
    find_command->add_option("PDN", find->files, "game records")->required();
    add_shot_options(*find_command, *find);

    auto check = std::make_shared<FindArgs>();
    auto* check_command = command->add_subcommand(
        "check",
        "Re-checks sets with the full-width material minimax (at another --depth): prints the positions that "
        "still hold one winning shot, names the others on stderr (status 1 when any fails).");
    check_command->add_option("FILE", check->files, "sets")->required();
    add_shot_options(*check_command, *check);

    auto solve = std::make_shared<SolveArgs>();
    auto* solve_command =
        command->add_subcommand("solve", "Searches every position of a set and counts the solutions.");
    solve_command->add_option("FILE", solve->file, "the set")->required();
    add_variant(*solve_command, solve->variant);
    solve_command->add_option("--engine", solve->engine, "builtin, or a Hub engine command line")
        ->capture_default_str();
    add_seconds(*solve_command, "--movetime", solve->move_time, "seconds per position", 0.001, 3600);
    solve_command->add_option("--depth", solve->depth, "depth per position")->check(CLI::Range(1, 100));
    solve_command->add_option("--nodes", solve->nodes, "nodes per position (builtin: deterministic)")
        ->check(CLI::Range(std::int64_t{1}, std::int64_t{1} << 40));
    add_engine_options(*solve_command, solve->builtin, {"threads", "hash", "eval", "eval-file"});

    return [command, find_command, find, check_command, check, solve, io] {
        if (command->got_subcommand(find_command)) return run_find(*find, io);
        if (command->got_subcommand(check_command)) return run_check(*check, io);
        return run_solve(*solve, io);
    };
}

}  // namespace kroon::cli
