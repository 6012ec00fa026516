// How the console writes what the search reports: iterations, principal variations in
// standard notation, clock readings (scores: play::score_text, from White's side as on the
// board in the browser).
#pragma once

#include <string>
#include <vector>

#include "engine/position/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "search/searcher.hpp"

namespace kroon::console {

// The moves in standard notation, each played from `pos` on; stops at the first move that is
// not legal where it stands (a PV is a hint from another thread, not a trusted input).
std::string format_line(const Rulebook& rules, const Position& pos, const std::vector<Move>& moves);

// A search's score (the side to move's) from White's side: "+0.35", "Black wins in 7 plies".
std::string white_score_text(search::Score score, Color side_to_move);

// "depth  9/14    +0.35     1234567 nodes   0.52 s  2.37 Mn/s  32-28 19-23 ..."; with several
// lines (multi-PV) the head without a score, then one numbered line each, best first:
// "   1.    +0.35  32-28 19-23 ...".
std::string format_iteration(const Rulebook& rules, const Position& pos, const search::Iteration& it);

// "12.3 s", "1:05.0", "1:02:03": a clock reading for people.
std::string format_seconds(double seconds);

}  // namespace kroon::console
