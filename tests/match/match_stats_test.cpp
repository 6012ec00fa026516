#include <gtest/gtest.h>

#include <cmath>
#include <set>

#include "match/match_runner.hpp"
#include "match/match_stats.hpp"

namespace kroon::match {
namespace {

TEST(Berger, SixPlayersMatchTheFideTable) {
    // FIDE's Berger table for 6 players, 1-based, white first.
    const std::vector<std::vector<Pairing>> expected = {{{1, 6}, {2, 5}, {3, 4}},
                                                        {{6, 4}, {5, 3}, {1, 2}},
                                                        {{2, 6}, {3, 1}, {4, 5}},
                                                        {{6, 5}, {1, 4}, {2, 3}},
                                                        {{3, 6}, {4, 2}, {5, 1}}};
    const auto rounds = berger_rounds(6);
    ASSERT_EQ(rounds.size(), expected.size());
    for (size_t r = 0; r < rounds.size(); ++r)
        for (size_t b = 0; b < rounds[r].size(); ++b)
            EXPECT_EQ(rounds[r][b], (Pairing{expected[r][b].white - 1, expected[r][b].black - 1}))
                << "round " << r + 1 << " board " << b + 1;
}

TEST(Berger, EveryPairMeetsOnceAndOddCountsGetByes) {
    for (int n = 2; n <= 9; ++n) {
        const auto rounds = berger_rounds(n);
        EXPECT_EQ(static_cast<int>(rounds.size()), n % 2 ? n : n - 1);
        std::set<std::pair<int, int>> met;
        for (const auto& round : rounds) {
            std::set<int> busy;
            for (const Pairing& p : round) {
                EXPECT_TRUE(busy.insert(p.white).second && busy.insert(p.black).second);
                EXPECT_TRUE(met.insert({std::min(p.white, p.black), std::max(p.white, p.black)}).second);
            }
            EXPECT_EQ(static_cast<int>(busy.size()), n - n % 2);  // one bye per round when odd
        }
        EXPECT_EQ(static_cast<int>(met.size()), n * (n - 1) / 2);
    }
}

TEST(Schedule, TwoEnginesPlayEachOpeningWithBothColours) {
    const auto s = make_schedule(2, 6, 2);
    ASSERT_EQ(s.size(), 6u);
    const int expected_opening[] = {0, 0, 1, 1, 0, 0};
    for (int i = 0; i < 6; ++i) {
        EXPECT_EQ(s[i].number, i + 1);
        EXPECT_EQ(s[i].white, i % 2);
        EXPECT_EQ(s[i].black, 1 - i % 2);
        EXPECT_EQ(s[i].opening, expected_opening[i]);
    }
}

TEST(Schedule, RoundRobinFollowsTheBergerRounds) {
    const auto s = make_schedule(4, 2, 1);
    ASSERT_EQ(s.size(), 12u);  // 6 pairings, 2 games each
    EXPECT_EQ(s.front().round, 1);
    EXPECT_EQ(s.back().round, 3);
    EXPECT_EQ(s[0].white, s[1].black);  // colours swap within a pairing
}

TEST(Elo, KnownScores) {
    EXPECT_NEAR(elo_of_score(0.75), 190.85, 0.01);
    EXPECT_NEAR(elo_of_score(0.5), 0.0, 1e-9);
    EXPECT_TRUE(std::isinf(elo_of_score(1.0)));
    Tally t;
    t.wins = 30;
    t.draws = 50;
    t.losses = 20;
    const EloEstimate e = estimate_elo(t);
    EXPECT_NEAR(e.elo, elo_of_score(0.55), 1e-9);
    EXPECT_LT(e.low, e.elo);
    EXPECT_GT(e.high, e.elo);
    // The classic likelihood of superiority from wins and losses alone.
    EXPECT_NEAR(e.los, 0.5 * (1 + std::erf(10.0 / std::sqrt(2.0 * 50))), 1e-9);
    EXPECT_EQ(format_elo(elo_of_score(0.5)), "+0.0");
}

TEST(Elo, IntervalNarrowsWithMoreGames) {
    Tally few, many;
    few.wins = 6, few.losses = 4;
    many.wins = 600, many.losses = 400;
    const auto a = estimate_elo(few), b = estimate_elo(many);
    EXPECT_NEAR(a.elo, b.elo, 1e-9);
    EXPECT_GT(a.high - a.low, 5 * (b.high - b.low));
    EXPECT_GT(b.los, 0.999);
}

TEST(Standings, SonnebornBergerBreaksTies) {
    // A cycle of wins (0 > 1, 1 > 2, 2 > 0) plus the draws 0-1 and 1-2: player 1 leads on
    // points, 0 and 2 tie and Sonneborn-Berger (Frisian tournament rules, appendix 1) decides.
    const std::vector<GameOutcome> games = {{0, 1, GameResult::WhiteWins},
                                            {1, 2, GameResult::WhiteWins},
                                            {2, 0, GameResult::WhiteWins},
                                            {0, 1, GameResult::Draw},
                                            {1, 2, GameResult::Draw}};
    const auto table = standings(3, games, Scoring::OnePoint);
    // Points: 0: 1.5, 1: 2, 2: 1.5. SB(0) = 2*2 (beat 1) + 1*2 (drew 1) = 6;
    // SB(2) = 2*1.5 (beat 0) + 1*2 (drew 1) = 5.
    ASSERT_EQ(table.size(), 3u);
    EXPECT_EQ(table[0].player, 1);
    EXPECT_DOUBLE_EQ(table[0].points, 2.0);
    EXPECT_EQ(table[1].player, 0);
    EXPECT_DOUBLE_EQ(table[1].sonneborn_berger, 6.0);
    EXPECT_EQ(table[2].player, 2);
    EXPECT_DOUBLE_EQ(table[2].sonneborn_berger, 5.0);
    EXPECT_EQ(table[0].tally.games(), 4);
}

TEST(Standings, TwoPointScaleAndPointsVictories) {
    const std::vector<GameOutcome> games = {{0, 1, GameResult::WhitePointsVictory}, {1, 0, GameResult::Draw}};
    const auto table = standings(2, games, Scoring::TwoPoints);
    EXPECT_EQ(table[0].player, 0);
    EXPECT_DOUBLE_EQ(table[0].points, 2.5);  // 1.5 + 1
    EXPECT_DOUBLE_EQ(table[1].points, 1.5);  // 0.5 + 1
    EXPECT_EQ(table[0].tally.points_wins, 1);
}

}  // namespace
}  // namespace kroon::match
