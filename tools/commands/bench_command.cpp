// `kroon bench`: a fixed set of positions searched to fixed depths; the node signature and
// the speed. `--eval-only`: the evaluation alone, its time a call and its checksum.
#include <iomanip>
#include <ostream>

#include "bench/bench.hpp"
#include "bench/eval_bench.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/process.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

int run_eval_bench(const EngineArgs& engine, int rounds, const Streams& io) {
    // A weights file serves its own variant; the others keep their built-in weights.
    const eval::Evaluation evaluation = evaluation_of(engine, std::nullopt);
    std::ostream& out = io.out;
    out << std::fixed;
    std::int64_t checksum = 0;
    for (const auto& line : bench::run_eval_bench(evaluation, rounds)) {
        const Rulebook& rules = rulebook(line.variant);
        out << std::left << std::setw(14) << rules.name() << std::right << std::setw(7) << line.positions
            << " positions  " << std::left << std::setw(26) << evaluation.describe(line.variant) << std::right
            << "  checksum " << std::setw(10) << line.checksum << "  " << std::setprecision(1) << std::setw(6)
            << line.best_ns << " ns a call (median round " << line.median_ns << ")\n";
        checksum += line.checksum;
    }
    out << "checksum " << checksum << "\n";
    return exit_ok;
}

}  // namespace

Run add_bench(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "bench",
        "Searches a fixed set of positions (international, Frisian, English) to fixed depths with a fresh hash "
        "table each, and prints nodes, time and nodes per second. The total node count is the bench signature "
        "(single thread: any change to the search or the evaluation changes it). With --eval-only, times the "
        "static evaluation alone on those positions and every position one and two moves after them, and prints "
        "its time a call (best and median round) and a checksum that changes only when the evaluation does. "
        "With --speed, the time to depth and nodes per second from the international start and four middle "
        "games, each to --depth (17 unless given) with a 64 MiB table unless --hash says.");
    auto options = std::make_shared<bench::BenchOptions>();
    auto engine = std::make_shared<EngineArgs>();
    command->add_option("--depth", options->depth, "nominal search depth")
        ->check(CLI::Range(1, 40))
        ->capture_default_str();
    auto speed = std::make_shared<bool>(false);
    command->add_flag("--speed", *speed,
                      "time to depth and nodes per second from the international start and four middle games");
    auto eval_only = std::make_shared<bool>(false);
    auto rounds = std::make_shared<int>(300);
    command->add_flag("--eval-only", *eval_only,
                      "time the static evaluation alone, no search (--depth, --threads and --hash do not apply)");
    command->add_option("--rounds", *rounds, "rounds of the evaluation bench (it reports the best and the median)")
        ->check(CLI::Range(1, 100000))
        ->capture_default_str();
    add_engine_options(*command, *engine, {"threads", "hash", "eval", "eval-file"}, {{"hash", "16"}});
    return [command, options, engine, speed, eval_only, rounds, io] {
        if (*eval_only) return run_eval_bench(*engine, *rounds, io);
        options->speed = *speed;
        // Deep enough that the table and the middle game's work weigh as they do in play.
        if (*speed && command->count("--depth") == 0) options->depth = 17;
        options->engine_options = engine_settings(*engine);
        std::ostream& out = io.out;
        out << std::fixed;
        // Processor time too: on a loaded machine the wall clock understates the speed.
        const double cpu_start = platform::process_cpu_seconds();
        const bench::BenchResult result = bench::run_bench(*options, [&](const bench::BenchLine& line) {
            out << std::left << std::setw(34) << line.label << std::right << " depth " << std::setw(2) << line.depth
                << "  " << std::setw(6) << line.best << "  score " << std::setw(6) << line.score << "  nodes "
                << std::setw(11) << line.nodes << "  " << std::setprecision(3) << std::setw(7) << line.seconds << " s";
            if (*speed)
                out << "  " << std::setprecision(0) << std::setw(9)
                    << (line.seconds > 0 ? static_cast<double>(line.nodes) / line.seconds : 0) << " nodes/s";
            out << "\n";
            out.flush();
        });
        const double cpu = platform::process_cpu_seconds() - cpu_start;
        const double nps = result.seconds > 0 ? static_cast<double>(result.nodes) / result.seconds : 0;
        out << "nodes " << result.nodes << "\n"
            << "time " << std::setprecision(3) << result.seconds << " s (processor time " << cpu
            << " s, including clearing the hash table)\n"
            << "nodes/second " << std::setprecision(0) << nps << "\n";
        return exit_ok;
    };
}

}  // namespace kroon::cli
