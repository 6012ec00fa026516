// International draughts (KNDB game rules, 2 June 2018): one hand-built position per rule, with
// the exact list of legal moves. Moves are written in Hub form (from x to x every captured
// square, ascending) so a list says which pieces each capture takes.
#include <gtest/gtest.h>

#include "tests/engine/test_support.hpp"

namespace kroon::test {
namespace {

constexpr Variant I = Variant::International;

std::vector<std::string> moves(std::string_view fen) { return legal_moves(I, fen); }

// KNDB art. 3.2, 3.3: White starts; men step diagonally forward onto an empty square.
TEST(InternationalRules, WhiteStartsAndMenStepForward) {
    const Position start = rulebook(I).start_position();
    EXPECT_EQ(start.side_to_move(), Color::White);
    EXPECT_EQ(legal_moves(I, start),
              sorted({"31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"}));
    EXPECT_EQ(moves("W:W28:B1"), sorted({"28-22", "28-23"}));
    EXPECT_EQ(moves("B:W50:B23"), sorted({"23-28", "23-29"}));
}

// KNDB art. 4.2: a man captures forward and backward; art. 5.3: the choice is free among
// captures of the same size.
TEST(InternationalRules, ManCapturesBackward) {
    EXPECT_EQ(moves("W:W28:B33"), sorted({"28x39x33"}));
    EXPECT_EQ(moves("W:W28:B23,33"), sorted({"28x19x23", "28x39x33"}));
}

// KNDB art. 3.6, 4.3: a king flies over empty squares and, after the piece it takes, may
// land on any empty square beyond it; its own pieces stop it.
TEST(InternationalRules, FlyingKingLandsOnAnyEmptySquareBeyond) {
    EXPECT_EQ(moves("W:WK46:B28"), sorted({"46x23x28", "46x19x28", "46x14x28", "46x10x28", "46x5x28"}));
    EXPECT_EQ(moves("W:WK46,14:B28"), sorted({"46x23x28", "46x19x28"}));
    EXPECT_EQ(moves("W:WK28:B1"), sorted({"28-22", "28-17", "28-11", "28-6", "28-23", "28-19", "28-14", "28-10", "28-5",
                                          "28-32", "28-37", "28-41", "28-46", "28-33", "28-39", "28-44", "28-50"}));
}

// KNDB art. 5.1: capturing is compulsory; no quiet move is legal while a capture exists.
TEST(InternationalRules, CaptureIsCompulsory) { EXPECT_EQ(moves("W:W28,45:B23"), sorted({"28x19x23"})); }

// KNDB art. 5.2: the most pieces must be taken, whoever takes them: a man taking two
// beats a king taking one (here a king).
TEST(InternationalRules, MaximumCaptureBeatsKingCaptureOfFewerPieces) {
    EXPECT_EQ(moves("W:WK46,32:B27,17,K41"), sorted({"32x12x17x27"}));
}

// KNDB art. 5.2, 5.3: a king counts as one piece, and a king capture has no priority.
TEST(InternationalRules, KingCountsAsOnePiece) {
    // 32 takes a man and a king, 35 two men, 48 only one man: the two captures of two.
    EXPECT_EQ(moves("W:W32,35,48:B27,K17,30,19,42"), sorted({"32x12x17x27", "35x13x19x30"}));
    // A king taking one king and a man taking one man: free choice.
    EXPECT_EQ(moves("W:WK46,32:B27,K41"), sorted({"32x21x27", "46x37x41"}));
}

// KNDB art. 5.3: among captures of the maximum the player chooses, also when two of them
// go from the same square to the same square.
TEST(InternationalRules, FreeChoiceAmongEqualMaxima) {
    EXPECT_EQ(moves("W:WK4:B13,32,37,20"), sorted({"4x15x13x20x32", "4x15x13x20x37"}));
}

// KNDB art. 3.4, 4.2: a man that only passes the far row during a capture stays a man; one
// that ends its move there is crowned.
TEST(InternationalRules, PromotionOnlyAtTheEndOfTheMove) {
    const Position pos = position(I, "W:W13,24:B7,8,10,20");
    EXPECT_EQ(legal_moves(I, pos), sorted({"13x11x7x8", "24x4x10x20"}));

    const Move passing = legal_move(I, pos, "13x11");  // lands on 2 on the way
    EXPECT_FALSE(passing.promotes);
    Position after_passing = pos;
    rulebook(I).play(after_passing, passing);
    EXPECT_EQ(rulebook(I).format_fen(after_passing), "B:W11,24:B10,20");

    const Move ending = legal_move(I, pos, "24x4");
    EXPECT_TRUE(ending.promotes);
    Position after_ending = pos;
    rulebook(I).play(after_ending, ending);
    EXPECT_EQ(rulebook(I).format_fen(after_ending), "B:WK4,13:B7,8");
}

// A black man is crowned on 46-50 when a step ends there.
TEST(InternationalRules, BlackManCrownedOnTheBottomRow) {
    Position pos = position(I, "B:W26:B42");
    EXPECT_EQ(legal_moves(I, pos), sorted({"42-47", "42-48"}));
    play(I, pos, "42-47");
    EXPECT_EQ(rulebook(I).format_fen(pos), "W:W26:BK47");
}

// KNDB art. 4.3: a piece is jumped once and the taken pieces stay on the board until the
// move ends, so they block ("Turkish strike"). From 45 the king could go back up the
// 45-1 diagonal and take 12 too if 40 were already gone.
TEST(InternationalRules, CapturedPiecesBlockUntilTheMoveEnds) {
    const Position pos = position(I, "W:WK31:B12,22,40");
    EXPECT_EQ(legal_moves(I, pos), sorted({"31x1x12x22", "31x7x12x22", "31x45x22x40"}));
    Position after = pos;
    play(I, after, "31x45");
    EXPECT_EQ(rulebook(I).format_fen(after), "B:WK45:B12");
    // Here the taken 24 and 43 limit the last landing squares.
    EXPECT_EQ(moves("W:WK48:B12,24,27,43"), sorted({"48x32x12x24x27x43", "48x38x12x24x27x43"}));
}

// A capture that can go round a ring both ways is one move (same from, to and pieces),
// generated once; here the piece comes back to its own square.
TEST(InternationalRules, DuplicateCapturesGeneratedOnce) {
    EXPECT_EQ(moves("W:WK2:B7,8,17,18"), sorted({"2x2x7x8x17x18"}));        // king windmill
    EXPECT_EQ(moves("W:W32:B17,18,27,28"), sorted({"32x32x17x18x27x28"}));  // man ring
}

// KNDB art. 8: a side without a legal move (here all blocked) has no moves; the generator
// must return an empty list, not crash.
TEST(InternationalRules, BlockedSideHasNoMoves) {
    EXPECT_TRUE(moves("W:W46:B41,37").empty());
    EXPECT_TRUE(moves("B:W31:B").empty());
}

}  // namespace
}  // namespace kroon::test
