// The engine's search reports in Scan's shape (docs/protocols.md, Hub 5), which is what the clients parse:
//   info depth=12 score=0.25 nodes=123456 time=0.250 nps=0.5 pv="32-28 19-23"
//   done move=28x19x23 ponder=14x23x19
// Only name=value items; score in the evaluation's unit with 2 decimals (docs/evaluation.md,
// The score's scale; a win in n plies is 100 - n/100, i.e. 99.xx); time in seconds with 3
// decimals; nps in millions with 1 decimal; moves in Hub notation (captures with every
// captured square, ascending).
#pragma once

#include <string>
#include <vector>

#include "engine/position/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "search/searcher.hpp"

namespace kroon::hub {

// Fields that are zero are left out, as Scan does; score is always given, time and nps only
// from one millisecond on.
std::string info_line(const Rulebook& rules, const Position& root, const search::Iteration& iteration);

// Multi-PV (Kroon's extension): one `info` line per line of the iteration, each with
// `multipv=K` after `depth` (1 the best), written from the last line to the best, so that a
// client that shows only the latest `info` shows the best line, as without multi-PV.
std::vector<std::string> info_lines(const Rulebook& rules, const Position& root, const search::Iteration& iteration);

// `done move=M [ponder=P]`, or a bare `done` when the side to move has no legal move. Should
// the search ever report no move or an illegal one while a legal move exists, the first legal
// move is sent: a Hub GUI waiting for `done` must get a playable answer.
std::string done_line(const Rulebook& rules, const Position& root, const search::Outcome& outcome);

}  // namespace kroon::hub
