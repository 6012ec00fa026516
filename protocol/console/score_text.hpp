// How the console writes what the search reports: scores in men ("+0.35"), won or lost games
// as "win in N plies", principal variations in standard notation.
#pragma once

#include <string>
#include <vector>

#include "engine/position/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "search/searcher.hpp"

namespace kroon::console {

// From the side to move's point of view: "+0.35", "-1.00", "0.00", "win in 7 plies",
// "loss in 6 plies".
std::string format_score(search::Score score);

// The moves in standard notation, each played from `pos` on; stops at the first move that is
// not legal where it stands (a PV is a hint from another thread, not a trusted input).
std::string format_line(const Rulebook& rules, const Position& pos, const std::vector<Move>& moves);

// "depth  9/14    +0.35     1234567 nodes   0.52 s  2.37 Mn/s  32-28 19-23 ..."
std::string format_iteration(const Rulebook& rules, const Position& pos, const search::Iteration& it);

// "12.3 s", "1:05.0", "1:02:03": a clock reading for people.
std::string format_seconds(double seconds);

}  // namespace kroon::console
