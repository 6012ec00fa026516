#include "tools/eval_command.hpp"

#include <iomanip>
#include <ostream>
#include <sstream>

#include "eval/evaluate.hpp"
#include "tools/command_line.hpp"

namespace kroon::tools {
namespace {

constexpr const char* eval_usage =
    "usage: kroon eval [--variant V] [--fen FEN | start | FEN]\n"
    "  Prints the static evaluation term by term for White and Black, in men (1.00 = one\n"
    "  man), then the total from White's side and from the side to move's.\n";

std::string men(int hundredths) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(2) << hundredths / 100.0;
    return s.str();
}

}  // namespace

int run_eval_command(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    auto parsed = cli::parse_arguments(args, {"variant", "fen"}, {"help"});
    if (parsed && parsed->has_flag("help")) {
        out << eval_usage;
        return 0;
    }
    if (parsed) {
        // A FEN may also be given without --fen (it contains ':', so it is no other word).
        for (const auto& p : parsed->positional) {
            if (p == "start" || p.find(':') != std::string::npos) {
                if (parsed->option("fen")) return err << "kroon eval: two positions given\n" << eval_usage, 2;
                parsed.value().options.emplace_back("fen", p);
            } else {
                return err << "kroon eval: unexpected argument '" << p << "'\n" << eval_usage, 2;
            }
        }
    }
    const auto setup = parsed ? cli::read_setup(*parsed) : Result<cli::Setup>(Error{parsed.error()});
    if (!setup) {
        err << "kroon eval: " << setup.error() << "\n" << eval_usage;
        return 2;
    }
    const Rulebook& rules = rulebook(setup->variant);
    const auto breakdown = eval::explain(rules, setup->position);
    out << "variant " << rules.name() << "  fen " << rules.format_fen(setup->position)
        << "\n";
    out << std::left << std::setw(14) << "term" << std::right << std::setw(9) << "white" << std::setw(9) << "black"
        << std::setw(9) << "diff" << "\n";
    for (const auto& t : breakdown.terms)
        out << std::left << std::setw(14) << t.name << std::right << std::setw(9) << men(t.white) << std::setw(9)
            << men(t.black) << std::setw(9) << men(t.white - t.black) << "\n";
    if (breakdown.scaled)
        out << "known drawish ending: " << men(breakdown.before_scaling) << " scaled down\n";
    out << "total (white) " << men(breakdown.white_view) << "\n"
        << "total (side to move) " << men(breakdown.side_to_move_view) << "\n";
    return 0;
}

}  // namespace kroon::tools
