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
// planned as if this many were still to be played: 20 with nine tenths of the starting pieces
// on the board, two fewer for every further tenth gone, and 10 from two fifths on. A search stops between half its plan
// and the plan, so the clock shrinks by a few percent a move; the middle game, where games between strong engines are
// decided, gets more of it than a fixed count would give, and games of 60-100 moves end with a
// few percent of the clock left (docs/search.md, Time).
constexpr int sudden_death_moves = 20;
constexpr int sudden_death_moves_late = 10;
// Extra share of the clock per move when the GUI ponders for us.
constexpr double ponder_time_factor = 1.2;

// The moves a sudden-death clock is shared among, by the share of the starting pieces still on
// the board (1 at the start).
double sudden_death_moves_for(double material);

// `material`: the pieces on the board over the pieces at the start.
TimePlan plan_time(const Limits& limits, double material = 1.0);

}  // namespace kroon::search
