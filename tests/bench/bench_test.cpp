// The bench at a small depth: its node signature is fixed for a given search and evaluation;
// the evaluation bench's checksum is fixed for a given evaluation.
#include <gtest/gtest.h>

#include <string>

#include "bench/bench.hpp"
#include "bench/eval_bench.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon::bench {
namespace {

// Any change to the search or the evaluation legitimately changes these numbers: run
// `kroon bench --depth 5` (and `--eval hand`) and update them in the same commit, saying why.
// The learned one also changes when shipped weights (eval/weights/*.kw) are retrained.
constexpr std::uint64_t signature_depth_5 = 83666;
constexpr std::uint64_t hand_signature_depth_5 = 115109;
// The same for the evaluation bench (`kroon bench --eval-only`, and `--eval hand`): its
// checksum, the scores of all its positions added up.
constexpr std::int64_t eval_checksum = 42456;
constexpr std::int64_t hand_eval_checksum = -51971;

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

TEST(Bench, SpeedSearchesTheStartAndFourMiddleGamesToOneDepth) {
    const auto& speed = speed_positions();
    ASSERT_EQ(speed.size(), 5u);
    EXPECT_EQ(std::string(speed.front().fen), "start");
    for (const auto& bp : speed) {
        EXPECT_EQ(bp.variant, Variant::International) << bp.label;
        // Each is one of the bench's own positions.
        bool in_bench = false;
        for (const auto& b : bench_positions()) in_bench = in_bench || std::string(b.fen) == bp.fen;
        EXPECT_TRUE(in_bench) << bp.label;
    }
    BenchOptions options;
    options.depth = 4;
    options.speed = true;
    const BenchResult result = run_bench(options);
    ASSERT_EQ(result.lines.size(), speed.size());
    for (std::size_t i = 0; i < speed.size(); ++i) {
        EXPECT_EQ(result.lines[i].label, speed[i].label);
        EXPECT_EQ(result.lines[i].depth, 4);
        EXPECT_GT(result.lines[i].nodes, 0u);
        EXPECT_NE(result.lines[i].best, "-");
    }
}

TEST(Bench, HandEvaluationSignature) {
    BenchOptions options;
    options.depth = 5;
    options.engine_options = {{"eval", "hand"}};
    EXPECT_EQ(run_bench(options).nodes, hand_signature_depth_5);
}

TEST(EvalBench, ChecksumIsTheScoresOfItsPositions) {
    const eval::Evaluation learned;
    std::int64_t total = 0;
    for (const auto& line : run_eval_bench(learned, 2)) {
        const auto positions = eval_bench_positions(line.variant);
        EXPECT_EQ(line.positions, positions.size());
        // The bench positions and one and two moves after each: many more than the bench has.
        EXPECT_GT(line.positions, 100u);
        std::int64_t sum = 0;
        for (const Position& pos : positions) sum += eval::evaluate(rulebook(line.variant), learned, pos);
        EXPECT_EQ(line.checksum, sum);
        EXPECT_GT(line.best_ns, 0);
        EXPECT_LE(line.best_ns, line.median_ns);
        total += line.checksum;
    }
    EXPECT_EQ(total, eval_checksum);
}

TEST(EvalBench, HandEvaluationChecksum) {
    std::int64_t total = 0;
    for (const auto& line : run_eval_bench(eval::Evaluation{eval::EvalKind::Hand, nullptr}, 1)) total += line.checksum;
    EXPECT_EQ(total, hand_eval_checksum);
}

}  // namespace
}  // namespace kroon::bench
