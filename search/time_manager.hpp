// Turns the limits of a search into two deadlines: a soft one (do not start another
// iteration after it) and a hard one (stop at once). Pure policy: no clocks are read here.
#pragma once

#include "search/searcher.hpp"

namespace kroon::search {

struct TimePlan {
    double soft = 0;  // seconds; 0 = no time limit
    double hard = 0;
};

// Seconds kept back on every clocked move for the time the front end and the link take. On a
// loaded machine a reply reaches the GUI 30 ms and more after the search ends
// (docs/robustness.md, Soak); 0.05 s lost short games on time there.
constexpr double clock_margin = 0.1;
// With no time control ahead (sudden death, an increment, a whole-game budget) each move is
// planned as if this many were still to be played. A search stops between half its plan and
// the plan, so the clock shrinks by a few percent a move and the early middle game, where
// games between strong engines are decided, gets the most; games of 60-100 moves end with a
// few percent of the clock left (docs/search.md, Time).
constexpr int sudden_death_moves = 20;
// Extra share of the clock per move when the GUI ponders for us.
constexpr double ponder_time_factor = 1.2;

TimePlan plan_time(const Limits& limits);

}  // namespace kroon::search
