// One function writes every score; its three forms are the ones the Hub, the console and the
// web board showed before they shared it.
#include <gtest/gtest.h>

#include "play/score_text.hpp"

namespace kroon::play {
namespace {

TEST(ScoreText, HubMenWithTwoDecimals) {
    EXPECT_EQ(score_text(0, ScoreStyle::Hub), "0.00");
    EXPECT_EQ(score_text(25, ScoreStyle::Hub), "0.25");
    EXPECT_EQ(score_text(-5, ScoreStyle::Hub), "-0.05");
    EXPECT_EQ(score_text(123, ScoreStyle::Hub), "1.23");
    EXPECT_EQ(score_text(-1200, ScoreStyle::Hub), "-12.00");
    EXPECT_EQ(score_text(search::win_score - 13, ScoreStyle::Hub), "99.87");  // win in 13 plies
    EXPECT_EQ(score_text(-(search::win_score - 4), ScoreStyle::Hub), "-99.96");
}

TEST(ScoreText, SideToMoveMenAndDistancesToTheEnd) {
    EXPECT_EQ(score_text(35, ScoreStyle::SideToMove), "+0.35");
    EXPECT_EQ(score_text(-100, ScoreStyle::SideToMove), "-1.00");
    EXPECT_EQ(score_text(0, ScoreStyle::SideToMove), "0.00");
    EXPECT_EQ(score_text(-5, ScoreStyle::SideToMove), "-0.05");
    EXPECT_EQ(score_text(search::win_score - 7, ScoreStyle::SideToMove), "win in 7 plies");
    EXPECT_EQ(score_text(-(search::win_score - 6), ScoreStyle::SideToMove), "loss in 6 plies");
    EXPECT_EQ(score_text(search::win_score - 1, ScoreStyle::SideToMove), "win in 1 ply");
}

TEST(ScoreText, WhitesViewNamesTheWinner) {
    EXPECT_EQ(score_text(35, ScoreStyle::White), "+0.35");
    EXPECT_EQ(score_text(-210, ScoreStyle::White), "-2.10");
    EXPECT_EQ(score_text(search::win_score - 9, ScoreStyle::White), "White wins in 9 plies");
    EXPECT_EQ(score_text(-(search::win_score - 2), ScoreStyle::White), "Black wins in 2 plies");
}

// A won ending the databases know reads as a result, never as +89.82 men; the Hub keeps the
// number (its clients read one).
TEST(ScoreText, DatabaseResultsReadAsResults) {
    const int won = search::database_win_score - 18;  // e.g. W:W28,33:B12
    EXPECT_EQ(score_text(won, ScoreStyle::SideToMove), "win (endgame database)");
    EXPECT_EQ(score_text(-won, ScoreStyle::SideToMove), "loss (endgame database)");
    EXPECT_EQ(score_text(won, ScoreStyle::White), "White wins (endgame database)");
    EXPECT_EQ(score_text(-won, ScoreStyle::White), "Black wins (endgame database)");
    EXPECT_EQ(score_text(won, ScoreStyle::Hub), "89.81");
    EXPECT_EQ(score_text(7999, ScoreStyle::White), "+79.99");  // below the databases' band: men
}

}  // namespace
}  // namespace kroon::play
