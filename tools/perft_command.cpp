#include "tools/perft_command.hpp"

#include <unistd.h>

#include <chrono>
#include <cstdio>
#include <iomanip>
#include <ostream>

#include "engine/rules/rulebook.hpp"
#include "tools/command_line.hpp"

namespace kroon::tools {
namespace {

constexpr const char* perft_usage =
    "usage: kroon perft [--variant V] [--fen FEN | start] DEPTH\n"
    "  Counts the leaf nodes of the legal move tree for depths 1..DEPTH (duplicate captures\n"
    "  counted once) and prints nodes, time and leaf nodes per second for each depth.\n"
    "  V: a variant name (international by default; `kroon variants` lists them).\n";

constexpr const char* divide_usage =
    "usage: kroon divide [--variant V] [--fen FEN | start] DEPTH\n"
    "  Prints the perft count of DEPTH below each legal move of the position, then the total.\n";

using Clock = std::chrono::steady_clock;

struct Request {
    cli::Setup setup;
    int depth = 0;
};

Result<Request> read_request(const std::vector<std::string>& args) {
    const auto parsed = cli::parse_arguments(args, {"variant", "fen"}, {"help"});
    if (!parsed) return Error{parsed.error()};
    std::vector<std::string> rest;
    for (const auto& p : parsed->positional)
        if (p != "start") rest.push_back(p);
    if (rest.size() != 1) return Error{"expected one DEPTH argument"};
    const auto depth = cli::parse_int(rest[0], "DEPTH", 1, 30);
    if (!depth) return Error{depth.error()};
    const auto setup = cli::read_setup(*parsed);
    if (!setup) return Error{setup.error()};
    return Request{*setup, *depth};
}

bool wants_help(const std::vector<std::string>& args) {
    for (const auto& a : args)
        if (a == "--help" || a == "-h") return true;
    return false;
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

double seconds_since(Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
}

}  // namespace

int run_perft(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (wants_help(args)) {
        out << perft_usage;
        return 0;
    }
    const auto request = read_request(args);
    if (!request) {
        err << "kroon perft: " << request.error() << "\n" << perft_usage;
        return 2;
    }
    const auto& [setup, depth] = *request;
    const Rulebook& rules = rulebook(setup.variant);
    out << "variant " << rules.name() << "  fen " << rules.format_fen(setup.position)
        << "\n";
    std::uint64_t total_nodes = 0;
    double total_time = 0;
    for (int d = 1; d <= depth; ++d) {
        const auto start = Clock::now();
        std::uint64_t nodes = 0;
        if (d >= 7) {
            for (const auto& entry : rules.divide(setup.position, d, progress_printer()))
                nodes += entry.nodes;
        } else {
            nodes = rules.perft(setup.position, d);
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
    return 0;
}

int run_divide(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (wants_help(args)) {
        out << divide_usage;
        return 0;
    }
    const auto request = read_request(args);
    if (!request) {
        err << "kroon divide: " << request.error() << "\n" << divide_usage;
        return 2;
    }
    const auto& [setup, depth] = *request;
    const auto start = Clock::now();
    std::uint64_t total = 0;
    const Rulebook& rules = rulebook(setup.variant);
    const auto entries = rules.divide(setup.position, depth, progress_printer());
    for (const auto& e : entries) {
        out << rules.format_move(setup.position, e.move) << ": " << e.nodes << "\n";
        total += e.nodes;
    }
    const double t = seconds_since(start);
    out << "moves " << entries.size() << "  nodes " << total << "  time " << std::fixed << std::setprecision(3)
        << t << " s\n";
    return 0;
}

}  // namespace kroon::tools
