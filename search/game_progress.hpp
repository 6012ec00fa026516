// How far a game has gone, read from its position alone: a Hub GUI may send a bare position,
// and a game that began from a set-up position has no useful move number.
#pragma once

#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"

namespace kroon::search {

// 0 at the start position, 1 when no men are left: one minus the rows the men still have to
// go to be crowned, over the rows they had at the start. A man taken or crowned no longer
// counts, so captures move a game on as advances do.
double men_progress(const Position& position, Variant variant);

}  // namespace kroon::search
