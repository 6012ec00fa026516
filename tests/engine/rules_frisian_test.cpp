// Frisian draughts (the Frisian rules, "Spelreglement voor het Dammen Fries Spel"): one hand-built
// position per article, with the exact list of legal moves (Hub form: from x to x captured).
#include <gtest/gtest.h>

#include "tests/engine/test_support.hpp"

namespace kroon::test {
namespace {

constexpr Variant F = Variant::Frisian;

std::vector<std::string> frisian_moves(std::string_view fen) { return legal_moves(F, fen); }

// Art. 7: a man captures in all eight directions, along rows and columns too (over the next
// dark square of the row or column), forward and backward. Art. 8: landing on 8 (row 2)
// does not crown.
TEST(FrisianRules, ManCapturesAlongRowsAndColumns) {
    EXPECT_EQ(frisian_moves("W:W28:B18,29,38"), sorted({"28x8x18", "28x30x29", "28x48x38"}));
    // Men still step only diagonally forward.
    EXPECT_EQ(frisian_moves("W:W28:B1"), sorted({"28-22", "28-23"}));
}

// Art. 9: a king captures at a distance along rows and columns and lands on any empty
// square beyond.
TEST(FrisianRules, KingCapturesAlongRowsAndColumns) {
    EXPECT_EQ(frisian_moves("W:WK26:B28"), sorted({"26x29x28", "26x30x28"}));  // along row 26-30
    EXPECT_EQ(frisian_moves("W:WK3:B23"), sorted({"3x33x23", "3x43x23"}));     // down the 3-43 column
}

// Art. 9: a king moves without capturing only along the diagonals.
TEST(FrisianRules, KingStepsOnlyDiagonally) {
    EXPECT_EQ(frisian_moves("W:WK28:B1"),
              sorted({"28-22", "28-17", "28-11", "28-6", "28-23", "28-19", "28-14", "28-10", "28-5", "28-32", "28-37",
                      "28-41", "28-46", "28-33", "28-39", "28-44", "28-50"}));
}

// Art. 11: the capture of highest value must be played; a king is worth more than one man and
// less than two, and n kings more than 2n-1 men and less than 2n men.
TEST(FrisianRules, OneKingIsWorthMoreThanOneMan) { EXPECT_EQ(frisian_moves("W:W28:BK22,23"), sorted({"28x17x22"})); }

TEST(FrisianRules, TwoMenAreWorthMoreThanOneKing) {
    EXPECT_EQ(frisian_moves("W:W28:BK22,23,14"), sorted({"28x10x14x23"}));
}

TEST(FrisianRules, ThreeMenAreWorthMoreThanKingAndMan) {
    // 28 can take the king on 22 and the man on 11, or the men on 23, 14 and 9.
    EXPECT_EQ(frisian_moves("W:W28:BK22,11,23,14,9"), sorted({"28x8x9x14x23"}));
}

// The article's own example: 3 kings are worth more than 5 men and less than 6 men.
// 46 can take five men up the long diagonal and along row 2; 45 can take the three kings
// on 35, 15 and 4 (and is crowned on 3).
TEST(FrisianRules, ThreeKingsAreWorthMoreThanFiveMen) {
    const Position pos = position(F, "W:W45,46:B9,14,23,32,41,K4,K15,K35");
    EXPECT_EQ(legal_moves(F, pos), sorted({"45x3x4x15x35"}));
    EXPECT_TRUE(legal_move(F, pos, "45x3").promotes);
}

TEST(FrisianRules, SixMenAreWorthMoreThanThreeKings) {
    // As above with a sixth man on 7: 46 now goes on over 7 to 6.
    EXPECT_EQ(frisian_moves("W:W45,46:B7,9,14,23,32,41,K4,K15,K35"), sorted({"46x6x7x9x14x23x32x41"}));
}

// Art. 12: at equal value the capture made by a king goes first...
TEST(FrisianRules, KingCaptureFirstAtEqualValue) {
    EXPECT_EQ(frisian_moves("W:WK46,45:B40,41,K50"),
              sorted({"46x37x41", "46x32x41", "46x28x41", "46x23x41", "46x19x41", "46x14x41", "46x10x41", "46x5x41"}));
}

// ...but value comes before who captures: a man taking two men beats a king taking one.
TEST(FrisianRules, ValueBeforeKingCapture) { EXPECT_EQ(frisian_moves("W:WK46,28:B41,23,14"), sorted({"28x10x14x23"})); }

// Art. 17: with kings and men, at most three consecutive quiet moves with the same king.
// The black man walks down the middle, out of reach of the white pieces.
class FrisianKingMoveLimit : public ::testing::Test {
protected:
    // Three quiet moves with the king 46/41, ending with the king on 41.
    Position three_king_moves(std::string_view fen, std::string_view b1, std::string_view b2, std::string_view b3) {
        Position pos = position(F, fen);
        const std::pair<std::string_view, std::string_view> plies[] = {{"46-41", b1}, {"41-46", b2}, {"46-41", b3}};
        for (const auto& [white, black] : plies) {
            play(F, pos, white);
            EXPECT_EQ(pos.hash(), pos.compute_hash());
            play(F, pos, black);
            EXPECT_EQ(pos.hash(), pos.compute_hash());
        }
        return pos;
    }
};

TEST_F(FrisianKingMoveLimit, KingRestsAfterThreeQuietMoves) {
    const Position pos = three_king_moves("W:WK46,36:B4", "4-9", "9-13", "13-18");
    EXPECT_EQ(rulebook(F).format_fen(pos), "W:W36,K41:B18");
    EXPECT_EQ(pos.king_run(Color::White).count, 3);
    EXPECT_EQ(rulebook(F).square_number(pos.king_run(Color::White).square), 41);
    EXPECT_EQ(legal_moves(F, pos), sorted({"36-31"}));
}

TEST_F(FrisianKingMoveLimit, ManMoveLiftsTheLimit) {
    Position pos = three_king_moves("W:WK46,36:B4", "4-9", "9-13", "13-18");
    play(F, pos, "36-31");
    EXPECT_EQ(pos.king_run(Color::White).count, 0);
    play(F, pos, "18-22");
    EXPECT_EQ(legal_moves(F, pos), sorted({"31-26", "31-27", "41-5", "41-10", "41-14", "41-19", "41-23", "41-28",
                                           "41-32", "41-36", "41-37", "41-46", "41-47"}));
}

TEST_F(FrisianKingMoveLimit, AnotherKingMayMoveAndLiftsTheLimit) {
    Position pos = three_king_moves("W:WK46,K50,36:B3", "3-8", "8-12", "12-18");
    EXPECT_EQ(legal_moves(F, pos),
              sorted({"36-31", "50-6", "50-11", "50-17", "50-22", "50-28", "50-33", "50-39", "50-44", "50-45"}));
    play(F, pos, "50-45");
    EXPECT_EQ(pos.king_run(Color::White).count, 1);
    EXPECT_EQ(rulebook(F).square_number(pos.king_run(Color::White).square), 45);
    play(F, pos, "18-22");
    EXPECT_EQ(legal_moves(F, pos),
              sorted({"36-31", "41-5", "41-10", "41-14", "41-19", "41-23", "41-28", "41-32", "41-37", "41-46",
                      "41-47", "45-1", "45-7",  "45-12", "45-18", "45-23", "45-29", "45-34", "45-40", "45-50"}));
}

TEST_F(FrisianKingMoveLimit, RestingKingMayCaptureAndThatLiftsTheLimit) {
    Position pos = three_king_moves("W:WK46,36:B4", "4-9", "9-13", "13-19");
    EXPECT_EQ(legal_moves(F, pos), sorted({"41x14x19", "41x10x19", "41x5x19"}));
    play(F, pos, "41x14");
    EXPECT_EQ(pos.king_run(Color::White).count, 0);
}

TEST_F(FrisianKingMoveLimit, SideWithOnlyKingsIsNotBound) {
    const Position pos = three_king_moves("W:WK46,K50:B4", "4-9", "9-13", "13-18");
    EXPECT_EQ(legal_moves(F, pos),
              sorted({"41-5",  "41-10", "41-14", "41-19", "41-23", "41-28", "41-32", "41-36", "41-37", "41-46",
                      "41-47", "50-6",  "50-11", "50-17", "50-22", "50-28", "50-33", "50-39", "50-44", "50-45"}));
}

// With only kings nothing is counted, so a position reached again by king moves is the same
// position with the same hash (repetition detection depends on it).
TEST_F(FrisianKingMoveLimit, KingsOnlyPositionRepeatsExactly) {
    const Position start = position(F, "W:WK46,K50:BK4");
    Position pos = start;
    for (std::string_view ply : {"46-41", "4-9", "41-46", "9-4"}) {
        play(F, pos, ply);
        EXPECT_EQ(pos.king_run(Color::White).count, 0);
        EXPECT_EQ(pos.king_run(Color::Black).count, 0);
    }
    EXPECT_TRUE(pos == start);
    EXPECT_EQ(pos.hash(), start.hash());
}

// The art. 17 state is part of the position: positions that differ only in it are different
// positions with different hashes (a transposition table must not mix them up).
TEST_F(FrisianKingMoveLimit, KingRunIsPartOfPositionAndHash) {
    const Position played = three_king_moves("W:WK46,36:B4", "4-9", "9-13", "13-18");
    const Position fresh = position(F, "W:W36,K41:B18");
    EXPECT_EQ(fresh.king_run(Color::White).count, 0);
    EXPECT_FALSE(played == fresh);
    EXPECT_NE(played.hash(), fresh.hash());
    EXPECT_EQ(played.hash(), played.compute_hash());

    const int k41 = rulebook(F).bit_of_square(41);
    const int k36 = rulebook(F).bit_of_square(36);
    const Bitboard white = bit(k41) | bit(k36);
    const Bitboard black = bit(rulebook(F).bit_of_square(18));
    std::vector<Position> variants;
    for (std::uint8_t count = 0; count <= 3; ++count)
        variants.push_back(
            Position::from_sets(white, black, bit(k41), Color::White, KingRun{static_cast<std::uint8_t>(k41), count}));
    variants.push_back(
        Position::from_sets(white, black, bit(k41), Color::White, KingRun{static_cast<std::uint8_t>(k36), 2}));
    variants.push_back(Position::from_sets(white, black, bit(k41), Color::White, KingRun{},
                                           KingRun{static_cast<std::uint8_t>(k41), 2}));
    for (size_t i = 1; i < variants.size(); ++i)
        for (size_t j = 0; j < i; ++j) EXPECT_NE(variants[i].hash(), variants[j].hash()) << i << " vs " << j;
    EXPECT_EQ(variants[3].hash(), played.hash());
}

}  // namespace
}  // namespace kroon::test
