// `kroon eval`: the static evaluation of a position, term by term.
#include <iomanip>
#include <ostream>
#include <sstream>

#include "engine/rulebook/rulebook.hpp"
#include "eval/evaluate.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

std::string men(int hundredths) {
    std::ostringstream s;
    s << std::fixed << std::setprecision(2) << hundredths / 100.0;
    return s.str();
}

}  // namespace

Run add_eval(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "eval",
        "Prints the static evaluation term by term for White and Black, in the evaluation's men (a man is 1.00 "
        "to the hand-written evaluation; the learned weights price it by the men on the board: docs/evaluation.md), "
        "then the total from White's side and from the side to move's.");
    auto args = std::make_shared<PositionArgs>();
    auto fen = std::make_shared<std::string>();
    auto engine = std::make_shared<EngineArgs>();
    add_position(*command, *args);
    add_engine_options(*command, *engine, {"eval", "eval-file"});
    command->add_option("FEN", *fen, "the position, as --fen (a FEN or start)");
    return [args, fen, engine, io] {
        if (!fen->empty()) {
            if (args->fen != "start") throw UsageError("two positions given");
            args->fen = *fen;
        }
        const Rulebook& rules = rulebook(args->variant);
        const Position pos = read_position(*args);
        const auto breakdown = eval::explain(rules, evaluation_of(*engine, args->variant), pos);
        std::ostream& out = io.out;
        out << "variant " << rules.name() << "  fen " << rules.format_fen(pos) << "\n";
        out << "evaluation " << breakdown.evaluation << "\n";
        out << std::left << std::setw(18) << "term" << std::right << std::setw(9) << "white" << std::setw(9) << "black"
            << std::setw(9) << "diff"
            << "\n";
        for (const auto& t : breakdown.terms)
            out << std::left << std::setw(18) << t.name << std::right << std::setw(9) << men(t.white) << std::setw(9)
                << men(t.black) << std::setw(9) << men(t.white - t.black) << "\n";
        if (breakdown.scaled) out << "known drawish ending: " << men(breakdown.before_scaling) << " scaled down\n";
        out << "total (white) " << men(breakdown.white_view) << "\n"
            << "total (side to move) " << men(breakdown.side_to_move_view) << "\n";
        return exit_ok;
    };
}

}  // namespace kroon::cli
