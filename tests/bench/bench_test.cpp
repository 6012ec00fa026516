// The bench at a small depth: its node signature is fixed for a given search and evaluation.
#include <gtest/gtest.h>

#include "bench/bench.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon::bench {
namespace {

// Any change to the search or the evaluation legitimately changes these numbers: run
// `kroon bench --depth 5` (and `--eval hand`) and update them in the same commit, saying why.
// The learned one also changes when shipped weights (eval/weights/*.kw) are retrained.
constexpr std::uint64_t signature_depth_5 = 60135;
constexpr std::uint64_t hand_signature_depth_5 = 61571;

TEST(Bench, PositionsAreValid) {
    for (const auto& bp : bench_positions()) {
        if (std::string(bp.fen) == "start") continue;
        EXPECT_TRUE(rulebook(bp.variant).parse_fen(bp.fen).ok()) << bp.label;
    }
}

TEST(Bench, NodeSignature) {
    BenchOptions options;
    options.depth = 5;
    const BenchResult first = run_bench(options);
    EXPECT_EQ(first.lines.size(), bench_positions().size());
    for (const auto& line : first.lines) EXPECT_NE(line.best, "-") << line.label;
    EXPECT_EQ(first.nodes, signature_depth_5);
    // Single-threaded, the same bench gives the same count every time.
    EXPECT_EQ(run_bench(options).nodes, first.nodes);
}

TEST(Bench, HandEvaluationSignature) {
    BenchOptions options;
    options.depth = 5;
    options.engine_options = {{"eval", "hand"}};
    EXPECT_EQ(run_bench(options).nodes, hand_signature_depth_5);
}

}  // namespace
}  // namespace kroon::bench
