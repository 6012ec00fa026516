#include "bench/eval_bench.hpp"

#include <algorithm>
#include <chrono>

#include "bench/bench.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon::bench {
namespace {

// Calls a round makes: enough that the clock's resolution and the call overhead vanish,
// few enough that a round rarely meets an interruption.
constexpr std::size_t calls_per_round = 20000;

}  // namespace

std::vector<Position> eval_bench_positions(Variant variant) {
    const Rulebook& rules = rulebook(variant);
    std::vector<Position> out;
    for (const auto& bp : bench_positions()) {
        if (bp.variant != variant) continue;
        const Position root = bench_position(bp);
        out.push_back(root);
        MoveList first;
        rules.generate_moves(root, first);
        for (const Move& m : first) {
            const Position child = rules.after(root, m);
            out.push_back(child);
            MoveList second;
            rules.generate_moves(child, second);
            for (const Move& n : second) out.push_back(rules.after(child, n));
        }
    }
    return out;
}

std::vector<EvalBenchLine> run_eval_bench(const eval::Evaluation& evaluation, int rounds,
                                          const std::function<void(const EvalBenchLine&)>& on_line) {
    std::vector<Variant> variants;
    for (const auto& bp : bench_positions())
        if (std::find(variants.begin(), variants.end(), bp.variant) == variants.end()) variants.push_back(bp.variant);

    std::vector<EvalBenchLine> lines;
    for (const Variant variant : variants) {
        const Rulebook& rules = rulebook(variant);
        const std::vector<Position> positions = eval_bench_positions(variant);
        EvalBenchLine line{variant, positions.size(), eval::evaluate_all(rules, evaluation, positions), 0, 0};
        const std::size_t passes = std::max<std::size_t>(1, calls_per_round / positions.size());
        std::vector<double> per_call;
        volatile std::int64_t sink = 0;  // keeps the work from being optimised away
        for (int r = 0; r < std::max(1, rounds); ++r) {
            const auto start = std::chrono::steady_clock::now();
            for (std::size_t p = 0; p < passes; ++p) sink = sink + eval::evaluate_all(rules, evaluation, positions);
            const std::chrono::duration<double, std::nano> took = std::chrono::steady_clock::now() - start;
            per_call.push_back(took.count() / static_cast<double>(passes * positions.size()));
        }
        std::sort(per_call.begin(), per_call.end());
        line.best_ns = per_call.front();
        line.median_ns = per_call[per_call.size() / 2];
        if (on_line) on_line(line);
        lines.push_back(line);
    }
    return lines;
}

}  // namespace kroon::bench
