// Square names: the PDN numbers 1..N, or algebraic names as Russian and Brazilian PDN write
// them (file a.. from White's left, rank 1.. from White's side: c3, d4). On the Italian and
// Spanish boards a1 is a light square, so their algebraic files run the mirror way.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "engine/rules/variant.hpp"

namespace kroon {

// The square number named by `name` (digits or algebraic, case-insensitive), or nothing when
// it names no dark square of the variant's board.
std::optional<int> parse_square_name(Variant variant, std::string_view name);
// The algebraic name of square number `square` (1..N).
std::string algebraic_square(Variant variant, int square);
// Whether `text` starts the way a square name does (a digit, or a letter and a digit): how
// move text is told apart from commands and annotations.
bool starts_with_square_name(std::string_view text);

}  // namespace kroon
