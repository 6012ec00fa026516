// The reference generator itself, on hand-built positions whose answers were worked out on
// paper from the rule texts (not from the engine): the cross-check is only worth something
// if the reference plays each variant's own rules. 8x8 squares: rows of four from Black's
// side; 29 = a1, 22 = c3, 18 = d4, 1 = b8. Italian and Spanish number each row from the
// right: 1 = h8, 19 = d4, 22 = e3. 10x10: 46 = a1, 32 = d4, 28 = e5.
#include <gtest/gtest.h>

#include "tests/engine/reference_movegen.hpp"
#include "tests/engine/test_support.hpp"

namespace kroon::test {
namespace {

using Texts = std::vector<std::string>;

Texts reference(Variant v, std::string_view fen) {
    Texts out;
    for (const ReferenceMove& m : reference_moves(reference_board(v, position(v, fen)))) out.push_back(to_string(m));
    return sorted(out);
}

TEST(ReferenceMovegen, MirroredNumberingFromTheStart) {
    // Italian/Spanish: 21 = b3 (a1 is light on their board) goes to a4 = 17 or c4 = 18.
    const Texts mirrored{"21-17", "21-18", "22-18", "22-19", "23-19", "23-20", "24-20"};
    EXPECT_EQ(reference(Variant::Italian, "W:W21-32:B1-12"), mirrored);
    EXPECT_EQ(reference(Variant::Spanish, "W:W21-32:B1-12"), mirrored);
    EXPECT_EQ(reference(Variant::Brazilian, "W:W21-32:B1-12"),
              (Texts{"21-17", "22-17", "22-18", "23-18", "23-19", "24-19", "24-20"}));
}

TEST(ReferenceMovegen, RussianManCrownedInPassingGoesOnAsKing) {
    // 11 takes 7 landing on 2 (last row); as a king it flies on over 9 to 13.
    EXPECT_EQ(reference(Variant::Russian, "W:W11:B7,9"), (Texts{"11x13x7x9(K)"}));
    // Elsewhere a man is crowned only where the move ends.
    EXPECT_EQ(reference(Variant::Pool, "W:W11:B7,9"), (Texts{"11x2x7(K)"}));
    EXPECT_EQ(reference(Variant::Brazilian, "W:W11:B7,9"), (Texts{"11x2x7(K)"}));
}

TEST(ReferenceMovegen, CzechKingCaptureFirst) {
    // King 29 over 22 (lands 18, 15, 11, 8 or 4); man 24 over 19 to 15.
    const Texts king{"29x11x22", "29x15x22", "29x18x22", "29x4x22", "29x8x22"};
    EXPECT_EQ(reference(Variant::Czech, "W:WK29,24:B22,19"), king);
    Texts free = king;
    free.push_back("24x15x19");
    EXPECT_EQ(reference(Variant::Pool, "W:WK29,24:B22,19"), sorted(free));
}

TEST(ReferenceMovegen, ItalianPrecedence) {
    // Men never take kings.
    EXPECT_EQ(reference(Variant::Italian, "W:W22:BK18"), (Texts{"22-19"}));
    EXPECT_EQ(reference(Variant::Italian, "W:W22:B18"), (Texts{"22x13x18"}));
    // One piece either way: the king's capture (over c5 = 15) beats the man's (over f4 = 18).
    EXPECT_EQ(reference(Variant::Italian, "W:WK19,22:B15,18"), (Texts{"19x12x15"}));
    // Then the most kings: the king on e5 = 14 rather than the man on c5 = 15.
    EXPECT_EQ(reference(Variant::Italian, "W:WK19:B15,K14"), (Texts{"19x10x14"}));
    // Then the king taken earliest: c5 (king) then c7 beats e5 then g7 (king).
    EXPECT_EQ(reference(Variant::Italian, "W:WK19:BK15,7,14,K5"), (Texts{"19x3x7x15"}));
    // Spanish has flying kings and no earliest-king rule: both two-piece captures.
    EXPECT_EQ(reference(Variant::Spanish, "W:WK19:BK15,7,14,K5"), (Texts{"19x1x5x14", "19x3x7x15"}));
}

TEST(ReferenceMovegen, ThaiKingLandsBehindAndTakenPiecesLeaveAtOnce) {
    EXPECT_EQ(reference(Variant::Thai, "W:WK29:B22"), (Texts{"29x18x22"}));
    // King d4 takes e5 (to f6) and turns back over the emptied e5 to take c3, or the reverse.
    EXPECT_EQ(reference(Variant::Thai, "W:WK18:B15,22"), (Texts{"18x11x15x22", "18x25x15x22"}));
    // With the Turkish strike a jumped piece blocks the way back: one piece only.
    EXPECT_EQ(reference(Variant::Brazilian, "W:WK18:B15,22").size(), 5u);
}

TEST(ReferenceMovegen, ShortAndFlyingKingsOfTheLeaflet) {
    // Norwegian and Finnish men take forward only; Norwegian kings step, Finnish kings fly.
    EXPECT_EQ(reference(Variant::Norwegian, "W:W22:B26"), (Texts{"22-17", "22-18"}));
    EXPECT_EQ(reference(Variant::Finnish, "W:W22:B26"), (Texts{"22-17", "22-18"}));
    EXPECT_EQ(reference(Variant::Norwegian, "W:WK29:B22"), (Texts{"29-25"}));
    EXPECT_EQ(reference(Variant::Finnish, "W:WK29:B22").size(), 5u);
}

TEST(ReferenceMovegen, KillerKingStopsBehindAKingTakenLast) {
    EXPECT_EQ(reference(Variant::Killer, "W:WK46:BK32"), (Texts{"46x28x32"}));
    EXPECT_EQ(reference(Variant::International, "W:WK46:BK32").size(), 6u);
    EXPECT_EQ(reference(Variant::Killer, "W:WK46:B32").size(), 6u);
    // Beyond the first king (32) it may land anywhere, as it goes on; behind the last (18) not.
    EXPECT_EQ(reference(Variant::Killer, "W:WK46:BK32,K18"), (Texts{"46x12x18x32"}));
    EXPECT_EQ(reference(Variant::International, "W:WK46:BK32,K18"), (Texts{"46x12x18x32", "46x1x18x32", "46x7x18x32"}));
}

TEST(ReferenceMovegen, BreakthroughStopsAtTheFirstKing) {
    EXPECT_TRUE(reference(Variant::Breakthrough, "W:W31:BK1").empty());
    EXPECT_EQ(reference(Variant::Breakthrough, "W:W31:B1"), (Texts{"31-26", "31-27"}));
}

TEST(ReferenceMovegen, FryskPlaysFrisianRules) {
    // A man takes along the row: 28 over 29 to 30.
    EXPECT_EQ(reference(Variant::Frysk, "W:W28:B29"), (Texts{"28x30x29"}));
    EXPECT_EQ(reference(Variant::Frisian, "W:W28:B29"), (Texts{"28x30x29"}));
}

}  // namespace
}  // namespace kroon::test
