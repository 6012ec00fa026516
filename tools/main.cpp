// The `kroon` executable: one binary, one subcommand per front end or tool
// (tools/commands/), one command-line layer (tools/cli/).
#include <iostream>
#include <string>
#include <vector>

#include "tools/cli/command_line.hpp"

int main(int argc, char** argv) {
    return kroon::cli::run_kroon(std::vector<std::string>(argv + 1, argv + argc), {std::cin, std::cout, std::cerr});
}
