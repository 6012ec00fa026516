// An ASCII diagram of a position for the console: the pieces on the left, the square numbers
// (the algebraic names, c3, in the variants whose moves are written so) on the right, both drawn from the variant's own
// board geometry (10x10, 8x8 and the mirrored 8x8 numbering alike). White plays upwards unless the diagram is flipped.
#pragma once

#include <optional>
#include <string>

#include "engine/position/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon::console {

struct DiagramOptions {
    bool flipped = false;           // Black's side at the bottom
    std::optional<Move> last_move;  // its from and to squares are marked
};

// Several lines, each ending in '\n'. w/W: white man/king, b/B: black man/king, '.': empty.
std::string board_diagram(const Rulebook& rules, const Position& pos, const DiagramOptions& options = {});

}  // namespace kroon::console
