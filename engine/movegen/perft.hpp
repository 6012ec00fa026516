// Perft: the number of leaf nodes of the legal move tree, with bulk counting at the last ply.
// No draw rules apply; the Frisian king-move counter starts from the position's state.
// Instantiated for every variant in perft.cpp; reached through Rulebook::perft and divide.
#pragma once

#include <cstdint>

#include "engine/movegen/perft_table.hpp"
#include "engine/position/position.hpp"
#include "engine/rules/rules.hpp"

namespace kroon {

template <RuleSet R>
std::uint64_t perft(const Position& pos, int depth);

// The same count, taking the counts of subtrees met before from `table` (and storing new ones).
template <RuleSet R>
std::uint64_t perft(const Position& pos, int depth, PerftTable& table);

}  // namespace kroon
