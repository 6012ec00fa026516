// PDN files that Kroon did not write (tests/engine/pdn/): a file written by Moby Dam after two
// DXP games against Kroon, and files written by hand in the forms that the PDN 3.0 standard
// documents for reading and that lidraughts writes (from its published source: its tags,
// clock comments after every move). Each is read without an error, its games replay legally
// to what the file says, and Kroon writes them back in a form it reads again the same.
#include <gtest/gtest.h>

#include <algorithm>
#include <tuple>

#include "engine/record/game.hpp"
#include "engine/record/pdn.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon {
namespace {

PdnFile read_sample(const std::string& name) {
    const auto file = read_pdn_file("tests/engine/pdn/" + name);
    EXPECT_TRUE(file.ok()) << file.error();
    if (!file.ok()) return {};
    for (const PdnError& e : file->errors) ADD_FAILURE() << name << ": " << e.text();
    return *file;
}

// Written back, the game reads the same: its moves, result and tags.
void expect_round_trip(const PdnGame& game) {
    const std::string written = write_pdn(game);
    const PdnFile again = read_pdn(written);
    ASSERT_TRUE(again.errors.empty()) << again.errors[0].text() << "\n" << written;
    ASSERT_EQ(again.games.size(), 1u);
    EXPECT_EQ(again.games[0].moves, game.moves) << written;
    EXPECT_EQ(again.games[0].result, game.result);
    const auto sorted = [](std::vector<PdnTag> tags) {
        std::sort(tags.begin(), tags.end(), [](const PdnTag& a, const PdnTag& b) {
            return std::tie(a.name, a.value) < std::tie(b.name, b.value);
        });
        return tags;
    };
    EXPECT_EQ(sorted(again.games[0].tags), sorted(game.tags));
    EXPECT_EQ(again.games[0].start, game.start);
}

TEST(PdnFiles, MobyDamsRecordOfTwoGames) {
    const PdnFile file = read_sample("moby-dam.pdn");
    ASSERT_EQ(file.games.size(), 2u);
    const Rulebook& rules = rulebook(Variant::International);
    const GameResult results[] = {GameResult::WhiteWins, GameResult::BlackWins};
    const std::size_t plies[] = {187, 160};
    for (std::size_t g = 0; g < 2; ++g) {
        SCOPED_TRACE("game " + std::to_string(g + 1));
        const PdnGame& game = file.games[g];
        EXPECT_EQ(game.variant, Variant::International);
        EXPECT_EQ(game.result, results[g]);
        EXPECT_TRUE(game.ended_by_result);
        EXPECT_EQ(game.moves.size(), plies[g]);
        EXPECT_EQ(*game.tag("Round"), std::to_string(g + 1));
        EXPECT_EQ(*game.tag("Event"), "?");  // Moby Dam writes it last
        // Both games end with the loser to move and no move left (KNDB art. 8a).
        const auto replayed = replay(game);
        ASSERT_TRUE(replayed.ok()) << replayed.error();
        MoveList legal;
        rules.generate_moves(replayed->position(), legal);
        EXPECT_TRUE(legal.empty()) << rules.format_fen(replayed->position());
        EXPECT_EQ(replayed->verdict().result, results[g]);
        expect_round_trip(game);
    }
    EXPECT_EQ(*file.games[0].tag("White"), "Kroon");
    EXPECT_EQ(*file.games[1].tag("Black"), "Kroon");
}

TEST(PdnFiles, TheFormsOfThePdnStandardsReadingGrammar) {
    const PdnFile file = read_sample("pdn3-standard-style.pdn");
    ASSERT_EQ(file.games.size(), 2u);
    const Rulebook& rules = rulebook(Variant::International);

    const PdnGame& first = file.games[0];
    EXPECT_EQ(first.result, GameResult::WhiteWins);
    EXPECT_EQ(*first.tag("White"), "Jansen, Piet");
    EXPECT_EQ(*first.tag("Round"), "3.1");
    EXPECT_EQ(*first.tag("TimeControl"), "40/7200:3600");
    // Glued move numbers, a leading zero: the twelve plies of the main line.
    ASSERT_EQ(first.moves.size(), 12u);
    EXPECT_EQ(rules.format_move(rules.start_position(), first.moves[0]), "31-26");
    const auto replayed = replay(first);
    ASSERT_TRUE(replayed.ok()) << replayed.error();
    EXPECT_EQ(rules.format_fen(replayed->position()),
              "W:W26,31,33,34,35,36,37,38,39,40,41,42,43,44,45,47,48,49,50:"
              "B2,3,4,5,6,7,8,9,10,11,12,13,15,16,17,18,20,22,23");
    // The annotations stay with their moves: marks in parentheses, NAGs, clock commands.
    const MoveTree& tree = first.tree;
    const auto main = tree.line(MoveTree::root);
    ASSERT_GE(main.size(), 13u);
    EXPECT_NE(tree[main[1]].comment.find("[%clk 1:55:21]"), std::string::npos);
    EXPECT_NE(tree[main[2]].comment.find("[%clock w0:00:10 B0:00:03]"), std::string::npos);
    EXPECT_EQ(tree[main[4]].marks, "(?)");
    EXPECT_EQ(tree[main[7]].marks, "!");
    EXPECT_EQ(tree[main[8]].nags, std::vector<int>{1});
    // 2... 18-23 instead of 12-17 (four plies), with 3. 32-28? 23x32 $2 inside it.
    ASSERT_EQ(tree[main[3]].children.size(), 2u);
    const int alternative = tree[main[3]].children[1];
    EXPECT_EQ(tree.moves_to(tree.line_end(alternative)).size(), 3u + 4u);
    ASSERT_EQ(tree[alternative].children.size(), 2u);
    const int dubious = tree[alternative].children[1];
    EXPECT_EQ(tree[dubious].marks, "?");
    ASSERT_EQ(tree[dubious].children.size(), 1u);
    EXPECT_EQ(tree[tree[dubious].children[0]].nags, std::vector<int>{2});
    expect_round_trip(first);

    // From a position with Black to move, "1. ..." for White's move, "(!?)" marks.
    const PdnGame& second = file.games[1];
    EXPECT_EQ(second.result, GameResult::Draw);
    EXPECT_EQ(second.start.side_to_move(), Color::Black);
    EXPECT_EQ(second.moves.size(), 4u);
    EXPECT_EQ(second.tree[second.tree.line(MoveTree::root)[2]].marks, "(!?)");
    expect_round_trip(second);
}

TEST(PdnFiles, LidraughtsClockCommentsAfterEveryMove) {
    const PdnFile file = read_sample("lidraughts-style.pdn");
    ASSERT_EQ(file.games.size(), 1u);
    const PdnGame& game = file.games[0];
    EXPECT_EQ(game.result, GameResult::WhiteWins);
    EXPECT_EQ(*game.tag("Termination"), "Normal");
    EXPECT_EQ(game.moves.size(), 15u);
    const auto main = game.tree.line(MoveTree::root);
    ASSERT_EQ(main.size(), 16u);
    for (std::size_t ply = 1; ply < main.size(); ++ply)
        EXPECT_NE(game.tree[main[ply]].comment.find("[%clock "), std::string::npos) << "ply " << ply;
    ASSERT_TRUE(replay(game).ok());
    expect_round_trip(game);
}

}  // namespace
}  // namespace kroon
