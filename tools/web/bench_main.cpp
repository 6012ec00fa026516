// `kroon-bench`, the WebAssembly build's bench: the positions and node signature of `kroon
// bench` (bench/bench.hpp), one thread, printed as `kroon bench` prints them, so that the
// speed of the module can be set against the native program's on the same searches.
#include <cstdlib>
#include <iomanip>
#include <iostream>
#include <string>

#include "bench/bench.hpp"

int main(int argc, char** argv) {
    kroon::bench::BenchOptions options;
    if (argc > 1) options.depth = std::atoi(argv[1]);
    std::cout << std::fixed;
    const auto result = kroon::bench::run_bench(options, [](const kroon::bench::BenchLine& line) {
        std::cout << std::left << std::setw(34) << line.label << std::right << " depth " << std::setw(2) << line.depth
                  << "  " << std::setw(6) << line.best << "  score " << std::setw(6) << line.score << "  nodes "
                  << std::setw(11) << line.nodes << "  " << std::setprecision(3) << std::setw(7) << line.seconds << " s"
                  << std::endl;
    });
    const double nps = result.seconds > 0 ? static_cast<double>(result.nodes) / result.seconds : 0;
    std::cout << "nodes " << result.nodes << "\n"
              << "time " << std::setprecision(3) << result.seconds << " s\n"
              << "nodes/second " << std::setprecision(0) << nps << std::endl;
    return 0;
}
