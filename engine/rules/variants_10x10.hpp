// lidraughts' and Scan's 10x10 variants, each a small change of a parent's rules.
// Details and sources in docs/variants.md.
#pragma once

#include "engine/rules/rules.hpp"

namespace kroon {

// Killer: international, except that a king whose last captured piece is a king must stop
// on the square directly behind it.
struct Killer : International {
    static constexpr const char* name = "killer";
    static constexpr bool king_halts_after_king = true;
};

// Breakthrough: international moves; the first side to crown a king wins.
struct Breakthrough : International {
    static constexpr const char* name = "breakthrough";
    static constexpr bool first_king_wins = true;
};

// Antidraughts: international moves; the side that cannot move (no pieces or blocked) wins.
struct Antidraughts : International {
    static constexpr const char* name = "antidraughts";
    static constexpr bool losing_game = true;
};

// Frysk!: Frisian rules from five men each on the back row.
struct Frysk : Frisian {
    static constexpr const char* name = "frysk";
    static constexpr int start_rows = 1;
};

}  // namespace kroon
