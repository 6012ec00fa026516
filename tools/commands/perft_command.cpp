// `kroon perft` and `kroon divide`: leaf counts of the legal move tree, with their speed.

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <memory>
#include <new>
#include <ostream>

#include "engine/rulebook/rulebook.hpp"
#include "platform/terminal.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

using Clock = std::chrono::steady_clock;

struct PerftArgs {
    PositionArgs position;
    std::vector<std::string> words;  // [start] DEPTH
    int threads = 1;
    int hash_mib = 0;  // 0: no table
};

void add_perft_options(CLI::App& command, PerftArgs& args) {
    add_position(command, args.position);
    command.add_option("DEPTH", args.words, "depth from 1 to 30 (the word start before it is allowed)")
        ->required()
        ->expected(1, 2)
        ->type_name("");
    command.add_option("--threads", args.threads, "threads sharing the root moves (the counts do not change)")
        ->type_name("N")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
    command
        .add_option("--hash", args.hash_mib,
                    "count through a transposition table of MIB MiB: a different, hashed measurement")
        ->type_name("MIB")
        ->check(CLI::Range(1, 1 << 16));
}

struct Request {
    const Rulebook& rules;
    Position position;
    int depth = 0;
    int threads = 1;
    int hash_mib = 0;
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
    return {rulebook(args.position.variant), read_position(args.position), depth, args.threads, args.hash_mib};
}

// Progress of a deep count on stderr, only when a person is watching.
std::function<void(int, int)> progress_printer() {
    if (!platform::is_terminal(platform::StandardStream::Err)) return {};
    return [](int done, int total) {
        std::fprintf(stderr, "\r  root moves %d/%d", done, total);
        if (done == total) std::fprintf(stderr, "\r%30s\r", "");
        std::fflush(stderr);
    };
}

double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// The table of --hash, or none; not ok, with a message on `err`, when the memory is not there.
struct HashChoice {
    std::unique_ptr<PerftTable> table;
    bool ok = true;
};
HashChoice make_table(int mib, std::ostream& out, std::ostream& err, const char* command) {
    if (mib == 0) return {};
    try {
        auto table = std::make_unique<PerftTable>(static_cast<std::size_t>(mib));
        // Stored subtree counts make the times incomparable with a plain perft, and a key
        // collision could change a count: say so before any number.
        out << "hashed perft: transposition table of " << (table->bytes() >> 20)
            << " MiB, cleared at each depth; times are not comparable with a perft without --hash\n";
        return {std::move(table), true};
    } catch (const std::bad_alloc&) {
        err << "kroon " << command << ": cannot allocate " << mib << " MiB for --hash\n";
        return {nullptr, false};
    }
}

double per_second(std::uint64_t leaves, double seconds) {
    return seconds > 0 ? static_cast<double>(leaves) / seconds : 0.0;
}

// The total line; with several threads also the speed per thread, the number to compare with
// one thread's speed to see the speed-up; a hashed count says so.
void print_total(std::ostream& out, std::uint64_t leaves, double seconds, int threads, bool hashed) {
    out << "total " << leaves << " leaves in " << std::fixed << std::setprecision(3) << seconds << " s  threads "
        << threads;
    if (threads > 1) {
        const double rate = per_second(leaves, seconds) / 1e6;
        out << "  " << std::setprecision(1) << rate << " M leaves/s  " << rate / threads << " M leaves/s per thread";
    }
    if (hashed) out << "  (hashed perft)";
    out << "\n";
}

}  // namespace

Run add_perft(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand("perft",
                                         "Counts the leaf nodes of the legal move tree for depths 1..DEPTH "
                                         "(duplicate captures counted once), with time and leaves per second.");
    auto args = std::make_shared<PerftArgs>();
    add_perft_options(*command, *args);
    return [args, io] {
        const auto [rules, pos, depth, threads, hash_mib] = read_request(*args);
        std::ostream& out = io.out;
        out << "variant " << rules.name() << "  fen " << rules.format_fen(pos) << "\n";
        const HashChoice hash = make_table(hash_mib, out, io.err, "perft");
        if (!hash.ok) return exit_failure;
        std::uint64_t total_nodes = 0;
        double total_time = 0;
        for (int d = 1; d <= depth; ++d) {
            if (hash.table) hash.table->clear();
            const auto start = Clock::now();
            std::uint64_t nodes = 0;
            if (d >= 7 || threads > 1 || hash.table) {
                for (const auto& entry : rules.divide(pos, d, progress_printer(), threads, hash.table.get()))
                    nodes += entry.nodes;
            } else {
                nodes = rules.perft(pos, d);
            }
            const double t = seconds_since(start);
            total_nodes += nodes;
            total_time += t;
            out << "perft " << std::setw(2) << d << "  " << std::setw(15) << nodes << "  " << std::fixed
                << std::setprecision(3) << std::setw(9) << t << " s  " << std::setprecision(1) << std::setw(8)
                << per_second(nodes, t) / 1e6 << " M leaves/s\n";
            out.flush();
        }
        print_total(out, total_nodes, total_time, threads, hash.table != nullptr);
        return exit_ok;
    };
}

Run add_divide(CLI::App& kroon, const Streams& io) {
    auto* command =
        kroon.add_subcommand("divide", "Prints the perft count of DEPTH below each legal move, then the total.");
    auto args = std::make_shared<PerftArgs>();
    add_perft_options(*command, *args);
    return [args, io] {
        const auto [rules, pos, depth, threads, hash_mib] = read_request(*args);
        const HashChoice hash = make_table(hash_mib, io.out, io.err, "divide");
        if (!hash.ok) return exit_failure;
        const auto start = Clock::now();
        std::uint64_t total = 0;
        const auto entries = rules.divide(pos, depth, progress_printer(), threads, hash.table.get());
        for (const auto& e : entries) {
            io.out << rules.format_move(pos, e.move) << ": " << e.nodes << "\n";
            total += e.nodes;
        }
        io.out << "moves " << entries.size() << "  nodes " << total << "  time " << std::fixed << std::setprecision(3)
               << seconds_since(start) << " s  threads " << threads << (hash.table ? "  (hashed perft)" : "") << "\n";
        return exit_ok;
    };
}

}  // namespace kroon::cli
