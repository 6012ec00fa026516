// Move text in the forms the front ends need, always resolved against the legal moves by
// the Rulebook (Rulebook::format_move, parse_move, find_move; engine/rulebook/move_text.cpp):
//   standard  `32-28`, `28x19` (PDN short; the long form when two captures share from and to)
//   long      `28x19x10`: every landing square of the capture (PDN long form)
//   hub       `32x12x17x27`: from, to, then every captured square in ascending order
//   fields    from, to and the captured squares as numbers (DXP MOVE message)
// Squares may be written as numbers or algebraically (c3-d4, d4:f6). Kroon writes the
// standard and long forms algebraically where the variant's PDN does (Brazilian, Russian,
// Czech: RuleTraits::algebraic_notation), with ':' for a capture; the hub form always in numbers.
#pragma once

#include <vector>

namespace kroon {

enum class MoveNotation { Standard, Long, Hub };
// What parse_move accepts: PDN short or long, Hub (captured squares), or whichever fits.
enum class MoveSyntax { Pdn, Hub, Any };

struct MoveFields {
    int from = 0;
    int to = 0;
    std::vector<int> captured;  // ascending square numbers
};

}  // namespace kroon
