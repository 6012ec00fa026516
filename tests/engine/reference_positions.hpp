// Every position of the published perft tables (docs/variants.md) for the variants Kroon plays: the start
// positions and the tricky capture positions. Notation and cross-check tests walk the tree
// below them.
#pragma once

#include <vector>

#include "engine/rules/variant.hpp"

namespace kroon::test {

struct ReferencePosition {
    Variant variant;
    const char* name;
    const char* fen;
};

inline const std::vector<ReferencePosition>& reference_positions() {
    static const std::vector<ReferencePosition> positions = {
        {Variant::International, "Start", "W:W31-50:B1-20"},
        {Variant::International, "Random178", "B:BK17,K24:W6,9,10,11,20,21,22,23,30,K31,33,37,41,42,43,44,46"},
        {Variant::International, "Woldouby", "W:B12,13,14,16,18,19,21,23,24,26:W25,27,28,30,32,33,34,35,37,38"},
        {Variant::International, "AllKings", "W:WK31-50:BK1-20"},
        {Variant::International, "AlmostPromotion", "W:W6,7,8,9,10:B41,42,43,44,45"},
        {Variant::International, "FrontRows", "W:B16,17,18,19,20:W31,32,33,34,35"},
        {Variant::International, "TwoMaximumRoutes", "W:WK4:B13,32,37,20"},
        {Variant::International, "KingWindmill", "W:WK2:B7,8,17,18"},
        {Variant::International, "KingAndMenAgainstKing", "W:WK2,28,31,44:B20,K50"},
        {Variant::International, "TurkishStrike", "W:W6,24,28,38,41:B13,K49"},
        {Variant::International, "LongKingChain", "W:WK47:B9,19,29,28,38"},
        {Variant::International, "KingsOnBothSides", "W:WK1,K50:BK5,K46,23,24"},
        {Variant::Frisian, "Start", "W:W31-50:B1-20"},
        {Variant::English, "Start", "B:W21-32:B1-12"},
        {Variant::English, "KingRing", "W:WK26,30:B5,14,15,22,23"},
    };
    return positions;
}

}  // namespace kroon::test
