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
// planned as if this many were still to be played: 20 until the men have gone 30 % of their
// way (game_progress.hpp), then fewer, down to 11 at 80 %. A search stops between half its
// plan and the plan, so the clock shrinks by a few percent a move; the opening and early
// middle game, where games between strong engines are decided, get the most, and the late
// middle game and the endgame spend what would otherwise be left at the end
// (docs/search.md, Time).
constexpr double sudden_death_moves_early = 20;
constexpr double sudden_death_moves_late = 11;
constexpr double sudden_death_early_until = 0.3;  // men's progress
constexpr double sudden_death_late_from = 0.8;
// Below this many seconds on the clock every move is planned over the early moves to go: the
// reply's way to the GUI, outside the plan, is then a real part of each move, and a clock
// that shrinks faster runs out in long games (docs/search.md, Time).
constexpr double sudden_death_late_needs = 5.0;
double sudden_death_moves(double men_progress);
// Extra share of the clock per move when the GUI ponders for us.
constexpr double ponder_time_factor = 1.2;

// men_progress: how far the game has gone (0 = start, 1 = no men left); only sudden death
// and increments use it.
TimePlan plan_time(const Limits& limits, double men_progress = 0);

}  // namespace kroon::search
