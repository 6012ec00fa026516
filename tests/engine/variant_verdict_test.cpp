// Results that depend on a variant's traits (docs/variants.md): in antidraughts
// (R::losing_game) the side that cannot move wins; in breakthrough (R::first_king_wins) the
// first side to crown a king wins.
#include <gtest/gtest.h>

#include "engine/movegen/movegen.hpp"
#include "engine/record/game.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon {
namespace {

Game game_from(Variant v, const char* fen) {
    const auto pos = rulebook(v).parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << pos.error();
    return Game(rulebook(v), *pos);
}

TEST(VariantVerdict, AntidraughtsTheSideWithoutAMoveWins) {
    Game g = game_from(Variant::Antidraughts, "B:W28:B23");
    ASSERT_FALSE(g.is_over());
    ASSERT_TRUE(g.play_text("23x32").ok());  // Black must take White's last piece
    ASSERT_EQ(rulebook(g.variant()).count_moves(g.position()), 0);
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::WhiteWins, Reason::NoLegalMove}));
    EXPECT_EQ(g.termination(),
              "White wins: White to move has no legal move, which wins at antidraughts "
              "(antidraughts rules)");
}

TEST(VariantVerdict, AntidraughtsBlockedSideWins) {
    // White's only man, on 46, is blocked: 41 is taken and 37 behind it too, so no capture.
    Game g = game_from(Variant::Antidraughts, "W:W46:B41,37");
    ASSERT_EQ(rulebook(g.variant()).count_moves(g.position()), 0);
    EXPECT_EQ(g.verdict().result, GameResult::WhiteWins);
}

TEST(VariantVerdict, InternationalNoMoveStillLoses) {
    Game g = game_from(Variant::International, "W:W46:B41,37");
    ASSERT_EQ(rulebook(g.variant()).count_moves(g.position()), 0);
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::BlackWins, Reason::NoLegalMove}));
    EXPECT_EQ(g.termination(), "Black wins: White to move has no legal move (KNDB art. 8a)");
}

TEST(VariantVerdict, BreakthroughFirstKingWins) {
    Game g = game_from(Variant::Breakthrough, "W:W7:B45");
    ASSERT_TRUE(g.play_text("7-1").ok());
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::WhiteWins, Reason::FirstKing}));
    EXPECT_EQ(g.termination(), "White wins: White crowned the first king (breakthrough rules)");
    EXPECT_TRUE(g.undo());
    EXPECT_FALSE(g.is_over());
}

TEST(VariantVerdict, BreakthroughWithoutAKingIsAnOrdinaryLoss) {
    Game g = game_from(Variant::Breakthrough, "W:W46:B41,37");
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::BlackWins, Reason::NoLegalMove}));
}

}  // namespace
}  // namespace kroon
