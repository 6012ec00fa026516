// Perft: the number of leaf nodes of the legal move tree, with bulk counting at the last ply.
// No draw rules apply; the Frisian king-move counter starts from the position's state.
// Instantiated for every variant in perft.cpp; reached through Rulebook::perft and divide.
#pragma once

#include <cstdint>

#include "engine/position/position.hpp"
#include "engine/rules/rules.hpp"

namespace kroon {

template <RuleSet R>
std::uint64_t perft(const Position& pos, int depth);

}  // namespace kroon
