#include <gtest/gtest.h>

#include "engine/board/board.hpp"

namespace kroon {
namespace {

// Square numbering as docs/rules.md gives it: 1 = b10, 5 = j10, 6 = a9, 46 = a1, 50 = i1.
TEST(Board10, SquareNumbersMatchTheRulesDiagram) {
    using B = Board10;
    EXPECT_EQ(B::file_of_bit(B::bit_of_square(1)), 1);
    EXPECT_EQ(B::row_of_bit(B::bit_of_square(1)), 0);
    EXPECT_EQ(B::file_of_bit(B::bit_of_square(5)), 9);
    EXPECT_EQ(B::file_of_bit(B::bit_of_square(6)), 0);
    EXPECT_EQ(B::row_of_bit(B::bit_of_square(46)), 9);
    EXPECT_EQ(B::file_of_bit(B::bit_of_square(50)), 8);
    for (int s = 1; s <= B::squares; ++s) EXPECT_EQ(B::square_of_bit[B::bit_of_square(s)], s);
}

TEST(Board10, LongDiagonalRunsFrom46To5) {
    using B = Board10;
    int sq = B::bit_of_square(46);
    std::vector<int> squares;
    for (; sq >= 0; sq = B::step[NorthEast][sq]) squares.push_back(B::square_of_bit[sq]);
    EXPECT_EQ(squares, (std::vector<int>{46, 41, 37, 32, 28, 23, 19, 14, 10, 5}));
}

TEST(Board8, EdgesStopRays) {
    using B = Board8;
    EXPECT_EQ(B::step[NorthWest][B::bit_of_square(5)], -1);
    EXPECT_EQ(B::step[SouthWest][B::bit_of_square(4)], B::bit_of_square(8));  // h8 -> g7
    EXPECT_EQ(B::step[SouthEast][B::bit_of_square(4)], -1);
    EXPECT_EQ(std::popcount(B::ray[NorthEast][B::bit_of_square(29)]), 7);
}

}  // namespace
}  // namespace kroon
