#include "tools/variants_command.hpp"

#include <iomanip>
#include <ostream>

#include "engine/rules/rulebook.hpp"

namespace kroon::tools {
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

int run_variants(const std::vector<std::string>& args, std::ostream& out, std::ostream& err) {
    if (!args.empty() && args[0] != "--help" && args[0] != "-h") {
        err << "kroon variants: takes no arguments\n";
        return 2;
    }
    if (!args.empty()) {
        out << "usage: kroon variants\n  Lists every variant name accepted by --variant, with its main rules.\n";
        return 0;
    }
    for (const Variant v : all_variants) {
        const RuleTraits& r = rulebook(v).traits();
        out << std::left << std::setw(14) << r.name << (r.squares == 50 ? "10x10" : "8x8  ") << "  "
            << (r.first_player == Color::White ? "white" : "black") << " first, "
            << (r.flying_kings ? "flying" : "short") << " kings, men capture "
            << (r.orthogonal_captures ? "in 8 directions" : (r.men_capture_backward ? "both ways" : "forward")) << ", "
            << precedence_text(r.precedence) << "\n";
    }
    return 0;
}

}  // namespace kroon::tools
