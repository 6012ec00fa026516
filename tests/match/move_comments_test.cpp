// The comment a match writes after each move: the exact text, and a record that carries the
// comments through a PDN file and back.
#include "match/move_comments.hpp"

#include <gtest/gtest.h>

#include "engine/rulebook/rulebook.hpp"

namespace kroon::match {
namespace {

TEST(MoveComments, ClockTimeAndScoreFromWhitesPointOfView) {
    EXPECT_EQ(move_comment({1.24, 41.25, 15, 14}, Color::White), "[%clk 0:00:41.3] [%emt 0:00:01.2] [%eval 0.15,14]");
    // The mover's score turned to White's view; a score below a man keeps its sign.
    EXPECT_EQ(move_comment({1.24, 41.25, 15, 14}, Color::Black), "[%clk 0:00:41.3] [%emt 0:00:01.2] [%eval -0.15,14]");
    EXPECT_EQ(move_comment({0.5, std::nullopt, -5, std::nullopt}, Color::White), "[%emt 0:00:00.5] [%eval -0.05]");
    EXPECT_EQ(move_comment({0.5, std::nullopt, 250, 0}, Color::Black), "[%emt 0:00:00.5] [%eval -2.50]");
    // A peer that tells no score (DXP) still has its time and clock recorded.
    EXPECT_EQ(move_comment({75.0, 3725.04, std::nullopt, 9}, Color::White), "[%clk 1:02:05.0] [%emt 0:01:15.0]");
    EXPECT_EQ(clock_text(-0.3), "0:00:00.0");
}

TEST(MoveComments, ClockTextReadsBack) {
    for (const double seconds : {0.0, 0.1, 7.7, 59.9, 61.0, 3725.4, 36000.0})
        EXPECT_NEAR(*parse_clock_text(clock_text(seconds)), seconds, 1e-9) << seconds;
    EXPECT_EQ(parse_clock_text("0:00:07"), 7.0);
    EXPECT_NEAR(*parse_clock_text("0:01:02.125"), 62.125, 1e-9);
    for (const char* bad : {"", "7", "0:07", "0:60:00", "0:00:60", "a:00:00", "0:00:00.", "0:00:00.x", "-1:00:00",
                            "0:00:00 ", "0:-1:00", "99999999999999999999:00:00"})
        EXPECT_EQ(parse_clock_text(bad), std::nullopt) << bad;
}

TEST(MoveComments, TheOpeningHasNoneAndTheRecordReadsBack) {
    const Rulebook& rules = rulebook(Variant::International);
    Game game(rules, rules.start_position());
    for (const char* m : {"32-28", "19-23", "28x19", "14x23"})
        ASSERT_TRUE(game.play(*rules.parse_move(game.position(), m)));
    const PdnGame bare = make_pdn_game(game);
    // The last two moves were the players'; the first two the opening's.
    const PdnGame record = with_move_comments(bare, {{2.0, 58.0, 30, 12}, {1.5, 58.5, 0, 11}});
    ASSERT_EQ(record.tree.main_line(), game.moves());
    const std::vector<int> line = record.tree.line(MoveTree::root);
    ASSERT_EQ(line.size(), 5u);
    EXPECT_EQ(record.tree[line[1]].comment, "");
    EXPECT_EQ(record.tree[line[2]].comment, "");
    EXPECT_EQ(record.tree[line[3]].comment, "[%clk 0:00:58.0] [%emt 0:00:02.0] [%eval 0.30,12]");
    EXPECT_EQ(record.tree[line[4]].comment, "[%clk 0:00:58.5] [%emt 0:00:01.5] [%eval 0.00,11]");

    const std::string text = write_pdn(record);
    EXPECT_NE(text.find("28x19 {[%clk 0:00:58.0] [%emt 0:00:02.0] [%eval 0.30,12]}"), std::string::npos) << text;
    const PdnFile back = read_pdn(text);
    ASSERT_EQ(back.errors.size(), 0u);
    ASSERT_EQ(back.games.size(), 1u);
    EXPECT_EQ(back.games[0].moves, game.moves());
    EXPECT_EQ(back.games[0].tree[back.games[0].tree.line_end(MoveTree::root)].comment,
              "[%clk 0:00:58.5] [%emt 0:00:01.5] [%eval 0.00,11]");

    // More notes than moves cannot belong to the game: the record stays bare.
    EXPECT_TRUE(with_move_comments(bare, std::vector<MoveNote>(5)).tree.bare());
    EXPECT_TRUE(with_move_comments(bare, {}).tree.bare());
}

}  // namespace
}  // namespace kroon::match
