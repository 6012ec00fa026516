// English checkers (English part of the Huisman en Hötte leaflet): one hand-built position per article, with the
// exact list of legal moves (Hub form: from x to x captured). 8x8, squares 1-32.
#include <gtest/gtest.h>

#include "tests/engine/test_support.hpp"

namespace kroon::test {
namespace {

constexpr Variant E = Variant::English;

std::vector<std::string> moves(std::string_view fen) { return legal_moves(E, fen); }

// "Black starts": Black on 1-12 moves first, down the board.
TEST(EnglishRules, BlackMovesFirst) {
    const Position start = rulebook(E).start_position();
    EXPECT_EQ(start.side_to_move(), Color::Black);
    EXPECT_EQ(rulebook(E).start_fen(), "B:W21,22,23,24,25,26,27,28,29,30,31,32:B1,2,3,4,5,6,7,8,9,10,11,12");
    EXPECT_EQ(legal_moves(E, start), sorted({"9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"}));
}

// Art. 1, 2: men move and capture diagonally forward only.
TEST(EnglishRules, MenCannotCaptureBackward) {
    EXPECT_EQ(moves("W:W14:B18"), sorted({"14-9", "14-10"}));
    EXPECT_EQ(moves("W:W14:B10,18"), sorted({"14x7x10"}));
    EXPECT_EQ(moves("B:W14:B18"), sorted({"18-22", "18-23"}));
    EXPECT_EQ(moves("B:W22,23:B18"), sorted({"18x25x22", "18x27x23"}));
}

// Art. 4: a king moves and captures like a man, one square, but also backward.
TEST(EnglishRules, KingsStepOneSquare) {
    EXPECT_EQ(moves("W:WK14:B23"), sorted({"14-9", "14-10", "14-17", "14-18"}));  // no 14x..x23
    EXPECT_EQ(moves("W:WK14:B18"), sorted({"14x23x18"}));
}

// Art. 3: capturing is compulsory and a started multiple capture must be completed, but the
// player may choose any capture, also one that takes fewer pieces.
TEST(EnglishRules, FreeChoiceOfCapture) { EXPECT_EQ(moves("W:W30:B25,26,18"), sorted({"30x21x25", "30x14x18x26"})); }

// Art. 4: promotion ends the move. The man crowned on 3 does not go on over 8, as a king
// could.
TEST(EnglishRules, PromotionEndsTheCapture) {
    const Position pos = position(E, "W:W10:B7,8");
    EXPECT_EQ(legal_moves(E, pos), sorted({"10x3x7"}));
    const Move crowning = legal_move(E, pos, "10x3");
    EXPECT_TRUE(crowning.promotes);
    Position after = pos;
    rulebook(E).play(after, crowning);
    EXPECT_EQ(rulebook(E).format_fen(after), "B:WK3:B8");
}

TEST(EnglishRules, BlackManCrownedOnTheBottomRow) {
    Position pos = position(E, "B:W26:B22");
    EXPECT_EQ(legal_moves(E, pos), sorted({"22x31x26"}));
    play(E, pos, "22x31");
    EXPECT_EQ(rulebook(E).format_fen(pos), "W:W:BK31");
}

}  // namespace
}  // namespace kroon::test
