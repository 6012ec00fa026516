// Move text in the forms the front ends need, always resolved against the legal moves:
//   standard  `32-28`, `28x19` (PDN short; the long form when two captures share from and to)
//   long      `28x19x10`: every landing square of the capture (PDN long form)
//   hub       `32x12x17x27`: from, to, then every captured square in ascending order
//   fields    from, to and the captured squares as numbers (DXP MOVE message)
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/movegen/movegen.hpp"
#include "engine/result.hpp"
#include "engine/rules/variant.hpp"

namespace kroon {

enum class MoveNotation { Standard, Long, Hub };
// What parse_move accepts: PDN short or long, Hub (captured squares), or whichever fits.
enum class MoveSyntax { Pdn, Hub, Any };

struct MoveFields {
    int from = 0;
    int to = 0;
    std::vector<int> captured;  // ascending square numbers
};

int square_number(Variant variant, int bit_index);
int bit_of_square(Variant variant, int square);  // -1 when off the board

std::string format_move(Variant variant, const Position& pos, const Move& move,
                        MoveNotation notation = MoveNotation::Standard);
Result<Move> parse_move(Variant variant, const Position& pos, std::string_view text,
                        MoveSyntax syntax = MoveSyntax::Any);

MoveFields move_fields(Variant variant, const Move& move);
// The legal move with these from and to squares and exactly this captured set (in any order).
Result<Move> find_move(Variant variant, const Position& pos, const MoveFields& fields);

}  // namespace kroon
