// Perft: the number of leaf nodes of the legal move tree, with bulk counting at the last ply.
// No draw rules apply; the Frisian king-move counter starts from the position's state.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/movegen/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"

namespace kroon {

std::uint64_t perft(Variant variant, const Position& pos, int depth);

struct DivideEntry {
    Move move;
    std::uint64_t nodes = 0;
};
// Perft per root move, in generation order; `progress(done, total)` after each root move.
std::vector<DivideEntry> divide(Variant variant, const Position& pos, int depth,
                                const std::function<void(int, int)>& progress = {});

}  // namespace kroon
