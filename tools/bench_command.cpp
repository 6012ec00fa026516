#include "tools/bench_command.hpp"

#include <ctime>
#include <iomanip>
#include <ostream>

#include "tools/bench.hpp"
#include "tools/command_line.hpp"

namespace kroon::tools {
namespace {

constexpr const char* bench_usage =
    "usage: kroon bench [--depth N] [--threads N] [--hash MiB]\n"
    "  Searches a fixed set of positions (international, Frisian, English) to fixed depths\n"
    "  with a fresh hash table each, and prints nodes, time and nodes per second. The total\n"
    "  node count is the bench signature (single thread: any change to the search or the\n"
    "  evaluation changes it). Default depth 12, 1 thread, 16 MiB.\n";

}  // namespace

int run_bench_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const auto parsed = cli::parse_arguments(args, {"depth", "threads", "hash"}, {"help"});
    if (parsed && parsed->has_flag("help")) {
        out << bench_usage;
        return 0;
    }
    if (!parsed || !parsed->positional.empty()) {
        err << "kroon bench: " << (parsed ? "unexpected argument '" + parsed->positional[0] + "'" : parsed.error())
            << "\n" << bench_usage;
        return 2;
    }
    BenchOptions options;
    const struct {
        const char* name;
        int* target;
        int low, high;
    } numbers[] = {{"depth", &options.depth, 1, 40}, {"threads", &options.threads, 1, 256},
                   {"hash", &options.hash_mib, 1, 65536}};
    for (const auto& n : numbers) {
        if (const auto text = parsed->option(n.name)) {
            const auto value = cli::parse_int(*text, std::string("--") + n.name, n.low, n.high);
            if (!value) {
                err << "kroon bench: " << value.error() << "\n" << bench_usage;
                return 2;
            }
            *n.target = *value;
        }
    }
    out << std::fixed;
    // Processor time too: on a loaded machine the wall clock understates the speed.
    std::timespec cpu_start{}, cpu_end{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &cpu_start);
    const BenchResult result = run_bench(options, [&](const BenchLine& line) {
        out << std::left << std::setw(34) << line.label << std::right << " depth " << std::setw(2) << line.depth
            << "  " << std::setw(6) << line.best << "  score " << std::setw(6) << line.score << "  nodes "
            << std::setw(11) << line.nodes << "  " << std::setprecision(3) << std::setw(7) << line.seconds << " s\n";
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
    return 0;
}

}  // namespace kroon::tools
