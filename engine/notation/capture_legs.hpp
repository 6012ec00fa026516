// Whether a capture written square by square follows a legal capture leg by leg: the check
// behind long-notation move text (engine/notation/move_text.cpp), templated on the rules and
// handed out by the Rulebook.
#pragma once

#include <vector>

#include "engine/position/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rules/rules.hpp"

namespace kroon {

// Does the written capture (from, landing squares..., to as bits) follow move m leg by leg?
// Each leg runs straight along a line the piece captures on, over empty squares and exactly
// one piece of m.captured not taken before (taken pieces still block), onto an empty square.
// This accepts every landing square a flying king may choose, also when it goes on straight
// (KNDB art. 4.3: after the piece it may land on any empty square beyond).
template <RuleSet R>
bool capture_follows_legs(const Position& pos, const Move& m, const std::vector<int>& bits) {
    using B = typename R::Board;
    // Crowning on the way, pieces leaving at once and fixed landing squares need the
    // generator's own paths (Rulebook::capture_paths).
    if constexpr (R::passing_promotion || R::remove_during_capture || R::king_lands_behind || R::king_halts_after_king)
        return false;
    const bool king = (pos.kings() >> m.from) & 1;
    const bool white = (pos.pieces(Color::White) >> m.from) & 1;
    const Bitboard occupied = pos.occupied() & ~bit(m.from);
    Bitboard taken = 0;
    for (size_t i = 0; i + 1 < bits.size(); ++i) {
        const int at = bits[i];
        const int land = bits[i + 1];
        bool leg = false;
        for (int d = 0; d < (R::orthogonal_captures ? 8 : 4) && !leg; ++d) {
            const bool forward = white ? (d == NorthWest || d == NorthEast) : (d == SouthEast || d == SouthWest);
            if (!king && !R::men_capture_backward && d < 4 && !forward) continue;
            if (!((B::ray[d][at] >> land) & 1) || ((occupied >> land) & 1)) continue;
            const Bitboard between = B::ray[d][at] & ~B::ray[d][land] & ~bit(land);
            const Bitboard pieces = between & occupied;
            if (popcount(pieces) != 1 || (pieces & ~m.captured) || (pieces & taken)) continue;
            if ((!king || !R::flying_kings) && popcount(between) != 1) continue;
            taken |= pieces;
            leg = true;
        }
        if (!leg) return false;
    }
    return taken == m.captured;
}

}  // namespace kroon
