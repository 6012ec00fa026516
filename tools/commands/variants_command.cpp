// `kroon variants`: every variant name --variant accepts, with its main rules.
#include <iomanip>
#include <ostream>

#include "engine/rulebook/rulebook.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

const char* precedence_text(Precedence p) {
    switch (p) {
        case Precedence::Free: return "free choice";
        case Precedence::MostPieces: return "most pieces";
        case Precedence::FrisianValue: return "highest value, then by a king";
        case Precedence::KingFirst: return "a king captures first";
        case Precedence::MostPiecesThenKings: return "most pieces, then most kings";
        case Precedence::Italian: return "most pieces, by a king, most kings, earliest kings";
    }
    return "";
}

}  // namespace

Run add_variants(CLI::App& kroon, const Streams& io) {
    kroon.add_subcommand("variants",
                         "Lists every variant name accepted by --variant, with its main rules "
                         "(the rules in full: docs/rules.md).");
    return [io] {
        for (const Variant v : all_variants) {
            const RuleTraits& r = rulebook(v).traits();
            io.out << std::left << std::setw(14) << r.name << (r.squares == 50 ? "10x10" : "8x8  ") << "  "
                   << (r.first_player == Color::White ? "white" : "black") << " first, "
                   << (r.flying_kings ? "flying" : "short") << " kings, men capture "
                   << (r.orthogonal_captures ? "in 8 directions" : (r.men_capture_backward ? "both ways" : "forward"))
                   << ", " << precedence_text(r.precedence) << "\n";
        }
        return exit_ok;
    };
}

}  // namespace kroon::cli
