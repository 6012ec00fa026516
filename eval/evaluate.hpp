// Run-time entry points of the evaluation for code above the search (tools, tests, console).
// The search itself calls eval::evaluate<R> from evaluator.hpp directly.
#pragma once

#include <string>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/rules/rulebook.hpp"

namespace kroon::eval {

// Score of the position for the side to move, in hundredths of a man.
int evaluate(const Rulebook& rules, const Position& pos);

struct TermLine {
    std::string name;
    int white = 0;
    int black = 0;
};

struct Breakdown {
    std::vector<TermLine> terms;
    int white_view = 0;         // final score from White's side
    int side_to_move_view = 0;  // what the search sees
    bool scaled = false;        // a known drawish ending scaled the sum down
    int before_scaling = 0;     // White's view before that scaling
};

Breakdown explain(const Rulebook& rules, const Position& pos);

}  // namespace kroon::eval
