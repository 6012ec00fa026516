// Divide on several threads: the same entries, in the same order, as on one thread, and
// progress reported once per root move, one call at a time.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/rulebook/rulebook.hpp"

namespace kroon {
namespace {

struct ThreadCase {
    Variant variant;
    std::string fen;  // "start" for the start position
    int depth;
};

Position position_of(const ThreadCase& c) {
    const Rulebook& rules = rulebook(c.variant);
    if (c.fen == "start") return rules.start_position();
    auto pos = rules.parse_fen(c.fen);
    EXPECT_TRUE(pos.ok()) << c.fen << ": " << pos.error();
    return pos.ok() ? *pos : rules.start_position();
}

const std::vector<ThreadCase> thread_cases = {
    {Variant::International, "start", 6},
    {Variant::International, "W:W6,24,28,38,41:B13,K49", 5},  // a king capture line
    {Variant::Frisian, "start", 6},
    {Variant::English, "start", 8},
    {Variant::English, "W:WK26,30:B5,14,15,22,23", 6},
};

TEST(DivideOnThreads, GivesTheSameEntriesAsOneThread) {
    for (const ThreadCase& c : thread_cases) {
        const Rulebook& rules = rulebook(c.variant);
        const Position pos = position_of(c);
        for (int depth = 1; depth <= c.depth; ++depth) {
            const auto one = rules.divide(pos, depth);
            std::uint64_t sum = 0;
            for (const auto& e : one) sum += e.nodes;
            ASSERT_EQ(sum, rules.perft(pos, depth)) << rules.name() << " " << c.fen << " depth " << depth;
            for (int threads : {2, 3}) {
                const auto many = rules.divide(pos, depth, {}, threads);
                ASSERT_EQ(many.size(), one.size());
                for (std::size_t i = 0; i < one.size(); ++i) {
                    EXPECT_EQ(many[i].move, one[i].move) << rules.name() << " root move " << i;
                    EXPECT_EQ(many[i].nodes, one[i].nodes)
                        << rules.name() << " " << c.fen << " depth " << depth << " threads " << threads;
                }
            }
        }
    }
}

TEST(DivideOnThreads, ReportsProgressOncePerRootMoveInOrder) {
    const Rulebook& rules = rulebook(Variant::International);
    const Position pos = rules.start_position();
    std::vector<int> done_calls;
    int total_seen = -1;
    const auto entries = rules.divide(
        pos, 4,
        [&](int done, int total) {
            done_calls.push_back(done);  // not locked here: divide promises one call at a time
            total_seen = total;
        },
        4);
    ASSERT_EQ(done_calls.size(), entries.size());
    for (std::size_t i = 0; i < done_calls.size(); ++i) EXPECT_EQ(done_calls[i], static_cast<int>(i) + 1);
    EXPECT_EQ(total_seen, static_cast<int>(entries.size()));
}

TEST(DivideOnThreads, MoreThreadsThanMovesAndNoMoves) {
    const Rulebook& rules = rulebook(Variant::International);
    const auto one_move = rules.parse_fen("W:W32:B27,17");  // one capture, 32x12
    ASSERT_TRUE(one_move.ok());
    const auto entries = rules.divide(*one_move, 3, {}, 256);
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0].nodes, rules.perft(*one_move, 3));

    const auto blocked = rules.parse_fen("W:W46:B41,37");  // white's only man cannot move
    ASSERT_TRUE(blocked.ok());
    EXPECT_TRUE(rules.divide(*blocked, 3, {}, 8).empty());
}

// On several threads the replies to each root move are the jobs; a root move that ends the
// game has none, and still counts zero and reports its progress.
TEST(DivideOnThreads, RootMoveThatEndsTheGame) {
    const Rulebook& rules = rulebook(Variant::International);
    const auto last_capture = rules.parse_fen("W:W32:B27");  // 32x21 takes Black's last piece
    ASSERT_TRUE(last_capture.ok());
    int calls = 0;
    const auto entries = rules.divide(
        *last_capture, 4, [&](int done, int total) { calls = done + 10 * total; }, 2);
    ASSERT_EQ(entries.size(), 1u);
    EXPECT_EQ(entries[0].nodes, 0u);
    EXPECT_EQ(calls, 1 + 10 * 1);
}

}  // namespace
}  // namespace kroon
