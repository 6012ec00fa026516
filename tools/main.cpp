// The `kroon` executable: one binary, one subcommand per front end or tool.
#include <iostream>
#include <string>
#include <vector>

#include "tools/bench_command.hpp"
#include "tools/eval_command.hpp"
#include "tools/match/match_command.hpp"
#include "protocol/hub/hub_command.hpp"
#include "protocol/dxp/command.hpp"
#include "tools/console_command.hpp"
#include "tools/perft_command.hpp"
#include "tools/variants_command.hpp"

namespace {

constexpr const char* usage =
    "Kroon, a draughts engine (international, Frisian, English checkers and 13 more variants)\n"
    "usage: kroon [COMMAND [options]]   (kroon COMMAND --help for details)\n"
    "  (none)   the interactive console, as `kroon console`\n"
    "  console  play, watch the engine play, analyse: the interactive console\n"
    "  hub      speak the Hub protocol on stdin/stdout (Hub GUI, pydraughts, lidraughts bots)\n"
    "  perft    count the legal move tree of a position, with speed\n"
    "  divide   perft per root move\n"
    "  variants list the supported variants\n"
    "  bench    search a fixed set of positions: node signature and nodes/second\n"
    "  eval     the static evaluation of a position, term by term\n"
    "  match    engine matches and round robins (Hub, DXP, built-in), refereed, PDN out\n"
    "  dxp      play matches over DXP (DamExchange) on TCP, as initiator or follower\n";

}  // namespace

int main(int argc, char** argv) {
    std::vector<std::string> args(argv + 1, argv + argc);
    if (args.empty()) return kroon::tools::run_console(args, std::cout, std::cerr);
    if (args[0] == "--help" || args[0] == "-h" || args[0] == "help") {
        std::cout << usage;
        return 0;
    }
    const std::string command = args[0];
    args.erase(args.begin());
    if (command == "console") return kroon::tools::run_console(args, std::cout, std::cerr);
    if (command == "hub") return kroon::hub::run_hub(args, std::cin, std::cout, std::cerr);
    if (command == "perft") return kroon::tools::run_perft(args, std::cout, std::cerr);
    if (command == "divide") return kroon::tools::run_divide(args, std::cout, std::cerr);
    if (command == "variants") return kroon::tools::run_variants(args, std::cout, std::cerr);
    if (command == "bench") return kroon::tools::run_bench_command(args, std::cout, std::cerr);
    if (command == "eval") return kroon::tools::run_eval_command(args, std::cout, std::cerr);
    if (command == "match") return kroon::tools::run_match(args, std::cout, std::cerr);
    if (command == "dxp") return kroon::dxp::run_command(args, std::cout, std::cerr);
    std::cerr << "kroon: unknown command '" << command << "'\n" << usage;
    return 2;
}
