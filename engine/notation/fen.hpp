// PDN FEN positions: `W:W31,32,K33:B1-20` (side to move, then each side's squares, `K` for
// a king, inclusive ranges `a-b` accepted). Printing gives the canonical form: ascending
// squares, no ranges, so parse(print(p)) == p and print(parse(print(p))) == print(p).
#pragma once

#include <string>
#include <string_view>

#include "engine/position/position.hpp"
#include "engine/result.hpp"
#include "engine/rules/variant.hpp"

namespace kroon {

Result<Position> parse_fen(Variant variant, std::string_view text);
std::string format_fen(Variant variant, const Position& pos);
Position start_position(Variant variant);
std::string start_fen(Variant variant);

}  // namespace kroon
