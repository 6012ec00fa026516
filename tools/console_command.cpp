#include "tools/console_command.hpp"

#include <unistd.h>

#include <iostream>

#include "protocol/console/console.hpp"
#include "tools/command_line.hpp"

namespace kroon::tools {
namespace {

constexpr const char* console_usage =
    "usage: kroon console [--variant V] [--threads N] [--hash MIB]\n"
    "  Play against Kroon, let it play itself, analyse positions (type help inside).\n"
    "  Reads commands line by line from stdin, so it can also be scripted through a pipe.\n"
    "  `kroon` with no arguments starts it too.\n";

}  // namespace

int run_console(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    const auto parsed = cli::parse_arguments(args, {"variant", "threads", "hash"}, {"help"});
    if (!parsed) {
        err << "kroon console: " << parsed.error() << "\n" << console_usage;
        return 2;
    }
    if (parsed->has_flag("help")) {
        out << console_usage;
        return 0;
    }
    if (!parsed->positional.empty()) {
        err << "kroon console: unexpected argument '" << parsed->positional[0] << "'\n" << console_usage;
        return 2;
    }
    console::ConsoleOptions options;
    options.interactive = isatty(STDIN_FILENO) != 0;
    if (const auto v = parsed->option("variant")) {
        const auto variant = parse_variant(*v);
        if (!variant) {
            err << "kroon console: unknown variant '" << *v << "'\n";
            return 2;
        }
        options.variant = *variant;
    }
    if (const auto t = parsed->option("threads")) {
        const auto threads = cli::parse_int(*t, "--threads", 1, 64);
        if (!threads) {
            err << "kroon console: " << threads.error() << "\n";
            return 2;
        }
        options.threads = *threads;
    }
    if (const auto h = parsed->option("hash")) {
        const auto mib = cli::parse_int(*h, "--hash", 1, 1 << 20);
        if (!mib) {
            err << "kroon console: " << mib.error() << "\n";
            return 2;
        }
        options.hash_mib = *mib;
    }
    return console::run_console(std::cin, out, options);
}

}  // namespace kroon::tools
