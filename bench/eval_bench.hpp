// The evaluation bench: the evaluation alone, timed on the bench's positions and every
// position one and two moves after them, a set for each variant the bench holds. The
// checksum (the scores added up) changes only when the evaluation does, as the node
// signature does for the search; the time a call is the best and the median of many rounds,
// so a noisy machine still shows what a change is worth.
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"
#include "eval/evaluate.hpp"

namespace kroon::bench {

struct EvalBenchLine {
    Variant variant;
    std::size_t positions = 0;
    std::int64_t checksum = 0;  // the scores of one pass over the positions, added up
    double best_ns = 0;         // a call, in the fastest round
    double median_ns = 0;       // a call, in the median round
};

// The positions of `variant` the evaluation bench scores, in a fixed order.
std::vector<Position> eval_bench_positions(Variant variant);

std::vector<EvalBenchLine> run_eval_bench(const eval::Evaluation& evaluation, int rounds,
                                          const std::function<void(const EvalBenchLine&)>& on_line = {});

}  // namespace kroon::bench
