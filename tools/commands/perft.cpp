// `kroon perft` and `kroon divide`: leaf counts of the legal move tree, with their speed.
#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <ostream>

#include "engine/rules/rulebook.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct PerftArgs {
    PositionArgs position;
    std::vector<std::string> words;  // [start] DEPTH
};

void add_perft_options(CLI::App& command, PerftArgs& args) {
    add_position(command, args.position);
    command.add_option("DEPTH", args.words, "depth from 1 to 30 (the word start before it is allowed)")
        ->required()
        ->expected(1, 2)
        ->type_name("");
}

struct Request {
    const Rulebook& rules;
    Position position;
    int depth = 0;
};

// The position and the depth (`start` before it is the other way to ask for the start).
Request read_request(PerftArgs args) {
    if (args.words.size() == 2) {
        if (args.words[0] != "start") throw UsageError("expected [start] DEPTH, not '" + args.words[0] + "'");
        args.position.fen = "start";
    }
    int depth = 0;
    const std::string& text = args.words.back();
    if (!CLI::detail::lexical_cast(text, depth) || depth < 1 || depth > 30)
        throw UsageError("DEPTH must be a whole number from 1 to 30, not '" + text + "'");
    return {rulebook(args.position.variant), read_position(args.position), depth};
}

// Progress of a deep count on stderr, only when a person is watching.
std::function<void(int, int)> progress_printer() {
    if (!isatty(STDERR_FILENO)) return {};
    return [](int done, int total) {
        std::fprintf(stderr, "\r  root moves %d/%d", done, total);
        if (done == total) std::fprintf(stderr, "\r%30s\r", "");
        std::fflush(stderr);
    };
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

}  // namespace

Run add_perft(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand("perft",
                                         "Counts the leaf nodes of the legal move tree for depths 1..DEPTH "
                                         "(duplicate captures counted once), with time and leaves per second.");
    auto args = std::make_shared<PerftArgs>();
    add_perft_options(*command, *args);
    return [args, io] {
        const auto [rules, pos, depth] = read_request(*args);
        std::ostream& out = io.out;
        out << "variant " << rules.name() << "  fen " << rules.format_fen(pos) << "\n";
        std::uint64_t total_nodes = 0;
        double total_time = 0;
        for (int d = 1; d <= depth; ++d) {
            const auto start = Clock::now();
            std::uint64_t nodes = 0;
            if (d >= 7) {
                for (const auto& entry : rules.divide(pos, d, progress_printer())) nodes += entry.nodes;
            } else {
                nodes = rules.perft(pos, d);
            }
            const double t = seconds_since(start);
            total_nodes += nodes;
            total_time += t;
            out << "perft " << std::setw(2) << d << "  " << std::setw(15) << nodes << "  " << std::fixed
                << std::setprecision(3) << std::setw(9) << t << " s  " << std::setprecision(1) << std::setw(8)
                << (t > 0 ? static_cast<double>(nodes) / t / 1e6 : 0.0) << " M leaves/s\n";
            out.flush();
        }
        out << "total " << total_nodes << " leaves in " << std::setprecision(3) << total_time << " s\n";
        return exit_ok;
    };
}

Run add_divide(CLI::App& kroon, const Streams& io) {
    auto* command =
        kroon.add_subcommand("divide", "Prints the perft count of DEPTH below each legal move, then the total.");
    auto args = std::make_shared<PerftArgs>();
    add_perft_options(*command, *args);
    return [args, io] {
        const auto [rules, pos, depth] = read_request(*args);
        const auto start = Clock::now();
        std::uint64_t total = 0;
        const auto entries = rules.divide(pos, depth, progress_printer());
        for (const auto& e : entries) {
            io.out << rules.format_move(pos, e.move) << ": " << e.nodes << "\n";
            total += e.nodes;
        }
        io.out << "moves " << entries.size() << "  nodes " << total << "  time " << std::fixed << std::setprecision(3)
               << seconds_since(start) << " s\n";
        return exit_ok;
    };
}

}  // namespace kroon::cli
