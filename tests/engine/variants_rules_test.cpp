// One hand-built position per rule that sets a variant apart from international draughts.
// 8x8 squares: rows of four from Black's side; 29 = a1, 22 = c3, 18 = d4, 1 = b8. The
// Italian and Spanish boards number each row from the other side (mirrored board).
#include "tests/engine/variant_test_support.hpp"

namespace kroon::test {
namespace {

using Moves = std::vector<std::string>;

// White man on 11 takes 7 and lands on the last row (2); from there only a king can go on
// over 9 (along 2-6-9-13).
constexpr const char* crowning_in_passing = "W:W11:B7,9";

TEST(Russian, ManCrownedInPassingCapturesOnAsKing) {
    EXPECT_EQ(legal_moves(Variant::Russian, crowning_in_passing), (Moves{"11x13x7x9"}));
    const Position pos = position_of(Variant::Russian, crowning_in_passing);
    MoveList list;
    rulebook(Variant::Russian).generate_moves(pos, list);
    ASSERT_EQ(list.size(), 1);
    EXPECT_TRUE(list[0].promotes);
}

TEST(Brazilian, ManPassingTheLastRowStaysAMan) {
    // International rules: crowned only at the end of the move, so the capture stops on 2.
    EXPECT_EQ(legal_moves(Variant::Brazilian, crowning_in_passing), (Moves{"11x2x7"}));
    EXPECT_EQ(legal_moves(Variant::Pool, crowning_in_passing), (Moves{"11x2x7"}));
}

TEST(Brazilian, MostPiecesMustBeTaken) {
    // 23 can take 18 and 10 (two); 31 can take 27 (one).
    EXPECT_EQ(legal_moves(Variant::Brazilian, "W:W31,23:B27,18,10"), (Moves{"23x7x10x18"}));
    EXPECT_EQ(legal_moves(Variant::Norwegian, "W:W31,23:B27,18,10"), (Moves{"23x7x10x18"}));
}

TEST(FreeChoice, ShorterCaptureAllowed) {
    // Russian and pool men also take backwards: 23 over 27 to 32.
    const Moves all{"23x32x27", "23x7x10x18", "31x24x27"};
    EXPECT_EQ(legal_moves(Variant::Russian, "W:W31,23:B27,18,10"), all);
    EXPECT_EQ(legal_moves(Variant::Pool, "W:W31,23:B27,18,10"), all);
    EXPECT_EQ(legal_moves(Variant::Finnish, "W:W31,23:B27,18,10"), (Moves{"23x7x10x18", "31x24x27"}));
}

TEST(Czech, KingCaptureGoesFirst) {
    // The king on 32 can take 27; the man on 22 could take 18: only the king may capture.
    EXPECT_EQ(legal_moves(Variant::Czech, "W:WK32,22:B18,14,K27"), (Moves{"32x23x27"}));
}

TEST(Spanish, MostKingsAmongEqualCounts) {
    // Three single captures, two of them take the king on 19 (mirrored numbering).
    EXPECT_EQ(legal_moves(Variant::Spanish, "W:W22,23:B18,K19"), (Moves{"22x15x19", "23x14x19"}));
}

TEST(Italian, MenDoNotTakeKings) {
    EXPECT_EQ(legal_moves(Variant::Italian, "W:W22:BK18"), (Moves{"22-19"}));
    EXPECT_EQ(legal_moves(Variant::Italian, "W:W22:B18"), (Moves{"22x13x18"}));
}

TEST(Thai, KingLandsDirectlyBehindItsVictim) {
    EXPECT_EQ(legal_moves(Variant::Thai, "W:WK29:B22"), (Moves{"29x18x22"}));
    EXPECT_EQ(legal_moves(Variant::Brazilian, "W:WK29:B22"),
              (Moves{"29x11x22", "29x15x22", "29x18x22", "29x4x22", "29x8x22"}));
}

TEST(Norwegian, MenCaptureForwardOnlyAndKingsAreShort) {
    EXPECT_EQ(legal_moves(Variant::Norwegian, "W:W22:B26"), (Moves{"22-17", "22-18"}));
    EXPECT_EQ(legal_moves(Variant::Brazilian, "W:W22:B26"), (Moves{"22x31x26"}));
    EXPECT_EQ(legal_moves(Variant::Norwegian, "W:WK29:B22"), (Moves{"29-25"}));
}

TEST(Finnish, BlackStartsMenForwardOnlyFlyingKings) {
    EXPECT_EQ(rulebook(Variant::Finnish).start_position().side_to_move(), Color::Black);
    EXPECT_EQ(legal_moves(Variant::Finnish, "W:W22:B26"), (Moves{"22-17", "22-18"}));
    EXPECT_EQ(legal_moves(Variant::Finnish, "W:WK29:B22").size(), 5u);
}

TEST(Killer, KingStopsRightBehindAKingTakenLast) {
    EXPECT_EQ(legal_moves(Variant::Killer, "W:WK46:BK32"), (Moves{"46x28x32"}));
    EXPECT_EQ(legal_moves(Variant::International, "W:WK46:BK32").size(), 6u);
    EXPECT_EQ(legal_moves(Variant::Killer, "W:WK46:B32").size(), 6u);  // a man: any square
}

TEST(Breakthrough, GameEndsOnceAKingIsCrowned) {
    EXPECT_TRUE(legal_moves(Variant::Breakthrough, "W:W31:BK1").empty());
    EXPECT_EQ(legal_moves(Variant::Breakthrough, "W:W31:B1"), (Moves{"31-26", "31-27"}));
}

TEST(Antidraughts, SameMovesAsInternational) {
    const Position start = rulebook(Variant::Antidraughts).start_position();
    EXPECT_EQ(rulebook(Variant::Antidraughts).perft(start, 5), 27117u);
}

TEST(Frysk, StartsWithFiveMenEachOnTheBackRow) {
    EXPECT_EQ(rulebook(Variant::Frysk).start_fen(), "W:W46,47,48,49,50:B1,2,3,4,5");
    EXPECT_EQ(rulebook(Variant::Frysk).perft(rulebook(Variant::Frysk).start_position(), 2), 81u);
}

TEST(VariantNames, EveryVariantParsesByItsName) {
    for (const Variant v : all_variants) EXPECT_EQ(parse_variant(rulebook(v).name()), v) << rulebook(v).name();
    EXPECT_EQ(parse_variant("normal"), Variant::International);
    EXPECT_EQ(parse_variant("bt"), Variant::Breakthrough);
    EXPECT_FALSE(parse_variant("chess").has_value());
}

}  // namespace
}  // namespace kroon::test
