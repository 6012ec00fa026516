// `kroon bench`: a fixed set of positions searched to fixed depths; the node signature and
// the speed.
#include <ctime>
#include <iomanip>
#include <ostream>

#include "bench/bench.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {

Run add_bench(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "bench",
        "Searches a fixed set of positions (international, Frisian, English) to fixed depths with a fresh hash "
        "table each, and prints nodes, time and nodes per second. The total node count is the bench signature "
        "(single thread: any change to the search or the evaluation changes it).");
    auto options = std::make_shared<bench::BenchOptions>();
    auto engine = std::make_shared<EngineArgs>();
    command->add_option("--depth", options->depth, "nominal search depth")
        ->check(CLI::Range(1, 40))
        ->capture_default_str();
    add_engine_options(*command, *engine, {"threads", "hash", "eval", "eval-file"}, {{"hash", "16"}});
    return [options, engine, io] {
        options->engine_options = engine_settings(*engine);
        std::ostream& out = io.out;
        out << std::fixed;
        // Processor time too: on a loaded machine the wall clock understates the speed.
        std::timespec cpu_start{}, cpu_end{};
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
        const bench::BenchResult result = bench::run_bench(*options, [&](const bench::BenchLine& line) {
            out << std::left << std::setw(34) << line.label << std::right << " depth " << std::setw(2) << line.depth
                << "  " << std::setw(6) << line.best << "  score " << std::setw(6) << line.score << "  nodes "
                << std::setw(11) << line.nodes << "  " << std::setprecision(3) << std::setw(7) << line.seconds
                << " s\n";
            out.flush();
        });
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_end);
        const double cpu = static_cast<double>(cpu_end.tv_sec - cpu_start.tv_sec) +
                           static_cast<double>(cpu_end.tv_nsec - cpu_start.tv_nsec) * 1e-9;
        const double nps = result.seconds > 0 ? static_cast<double>(result.nodes) / result.seconds : 0;
        out << "nodes " << result.nodes << "\n"
            << "time " << std::setprecision(3) << result.seconds << " s (processor time " << cpu
            << " s, including clearing the hash table)\n"
            << "nodes/second " << std::setprecision(0) << nps << "\n";
        return exit_ok;
    };
}

}  // namespace kroon::cli
