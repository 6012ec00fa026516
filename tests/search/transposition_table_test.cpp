// The transposition table: what a store keeps, and the move it names for the next visit.
#include "search/transposition_table.hpp"

#include <gtest/gtest.h>

namespace kroon::search {
namespace {

constexpr std::uint64_t key = 0x9E3779B97F4A7C15ull;

TableEntry probed(const TranspositionTable& table, std::uint64_t k = key) {
    TableEntry entry;
    EXPECT_TRUE(table.probe(k, entry));
    return entry;
}

TEST(TranspositionTable, AStoredResultIsReadBack) {
    TranspositionTable table(1);
    TableEntry entry;
    EXPECT_FALSE(table.probe(key, entry));
    table.store(key, -123, 45, 7, Bound::Lower, 3);
    entry = probed(table);
    EXPECT_EQ(entry.score, -123);
    EXPECT_EQ(entry.eval, 45);
    EXPECT_EQ(entry.depth, 7);
    EXPECT_EQ(entry.bound, Bound::Lower);
    EXPECT_EQ(entry.move, 3);
    EXPECT_FALSE(table.probe(key + 1, entry));
}

TEST(TranspositionTable, AResultWithoutAMoveKeepsTheEarlierOne) {
    TranspositionTable table(1);
    table.store(key, 10, 0, 4, Bound::Lower, 3);
    table.store(key, 20, 0, 5, Bound::Exact, -1);
    const TableEntry entry = probed(table);
    EXPECT_EQ(entry.score, 20);
    EXPECT_EQ(entry.bound, Bound::Exact);
    EXPECT_EQ(entry.move, 3);
}

TEST(TranspositionTable, AnUpperBoundKeepsTheMoveAnEarlierCutOffFound) {
    TranspositionTable table(1);
    table.store(key, 10, 0, 4, Bound::Lower, 3);
    // Every move failed low, move 5 with the highest bound: it is no better than the rest.
    table.store(key, -30, 0, 6, Bound::Upper, 5);
    const TableEntry entry = probed(table);
    EXPECT_EQ(entry.score, -30);
    EXPECT_EQ(entry.depth, 6);
    EXPECT_EQ(entry.bound, Bound::Upper);
    EXPECT_EQ(entry.move, 3);
}

TEST(TranspositionTable, AnUpperBoundNamesNoMoveOfItsOwn) {
    TranspositionTable table(1);
    table.store(key, -30, 0, 6, Bound::Upper, 5);
    EXPECT_EQ(probed(table).move, -1);
    // A later cut-off names its move.
    table.store(key, 40, 0, 6, Bound::Lower, 2);
    EXPECT_EQ(probed(table).move, 2);
}

TEST(TranspositionTable, AMuchShallowerBoundOfTheSameSearchLeavesADeepResult) {
    TranspositionTable table(1);
    table.store(key, 10, 0, 12, Bound::Lower, 3);
    table.store(key, -50, 0, 5, Bound::Upper, -1);
    EXPECT_EQ(probed(table).depth, 12);
    // An exact value replaces it whatever its depth.
    table.store(key, 7, 0, 5, Bound::Exact, 1);
    EXPECT_EQ(probed(table).depth, 5);
    EXPECT_EQ(probed(table).move, 1);
}

TEST(TranspositionTable, ClearForgetsEverything) {
    TranspositionTable table(1);
    table.store(key, 10, 0, 4, Bound::Exact, 3);
    table.clear();
    TableEntry entry;
    EXPECT_FALSE(table.probe(key, entry));
}

}  // namespace
}  // namespace kroon::search
