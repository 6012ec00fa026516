// The `kroon` executable: one binary, one subcommand per front end or tool
// (tools/commands/), one command-line layer (tools/cli/).
#include <iostream>
#include <string>
#include <vector>

#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "platform/program_arguments.hpp"
#include "tools/cli/command_line.hpp"

int main(int argc, char** argv) {
    // spdlog's own default writes to stdout, which is the Hub channel and the console's screen:
    // every module's log goes to stderr unless a front end sets up its own.
    spdlog::set_default_logger(spdlog::stderr_color_mt("kroon-default"));
    return kroon::cli::run_kroon(kroon::platform::program_arguments(argc, argv), {std::cin, std::cout, std::cerr});
}
