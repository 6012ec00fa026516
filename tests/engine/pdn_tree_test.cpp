// The move tree of PDN: variations, comments, marks and NAGs read, kept and written back.
#include <gtest/gtest.h>

#include <algorithm>

#include "engine/record/pdn.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "tests/support/study_pdn.hpp"

namespace kroon {
namespace {

std::string text_of(const Rulebook& rules, const Position& pos, const Move& m) { return rules.format_move(pos, m); }

TEST(PdnTree, ReadsVariationsCommentsAndGlyphsIntoTheTree) {
    const PdnFile file = read_pdn(test::study_pdn);
    ASSERT_TRUE(file.errors.empty()) << file.errors[0].text();
    ASSERT_EQ(file.games.size(), 1u);
    const PdnGame& g = file.games[0];
    const MoveTree& tree = g.tree;
    EXPECT_EQ(g.moves.size(), 7u);
    EXPECT_EQ(tree.main_line(), g.moves);
    EXPECT_EQ(tree.size(), 1 + 7 + 3 + 2 + 2);
    EXPECT_EQ(tree[MoveTree::root].comment, "An opening study");

    const Rulebook& rules = rulebook(Variant::International);
    const int first = tree[MoveTree::root].children.front();
    EXPECT_EQ(tree[first].comment, "good");
    const std::vector<int>& replies = tree[first].children;  // 19-23, then the variation 18-23
    ASSERT_EQ(replies.size(), 2u);
    Position after_first = rules.start_position();
    rules.play(after_first, tree[first].move);
    EXPECT_EQ(text_of(rules, after_first, tree[replies[1]].move), "18-23");
    EXPECT_EQ(tree[replies[1]].comment, "also played");
    // The nested variation: 2. 37-32 instead of 2. 38-32 inside the 18-23 line.
    const int v38_32 = tree[replies[1]].children.front();
    ASSERT_EQ(tree[replies[1]].children.size(), 2u);
    EXPECT_EQ(tree.line(tree[replies[1]].children[1]).size(), 5u);  // root, 32-28, 18-23, 37-32, 13-18
    EXPECT_EQ(tree[v38_32].children.size(), 1u);

    const std::vector<int> main = tree.line(MoveTree::root);
    EXPECT_EQ(tree[main[3]].nags, std::vector<int>{2});          // 2. 28x19 $2
    const std::vector<int>& at_move_3 = tree[main[5]].children;  // 10-14 and 13-18
    ASSERT_EQ(at_move_3.size(), 2u);
    EXPECT_EQ(tree[at_move_3[1]].comment_before, "or");
    EXPECT_EQ(tree[at_move_3[1]].marks, "!?");
}

TEST(PdnTree, WritesTheTreeBackByteForByte) {
    const PdnFile file = read_pdn(test::study_pdn);
    ASSERT_TRUE(file.errors.empty()) << file.errors[0].text();
    EXPECT_EQ(write_pdn(file.games[0]), test::study_pdn);
}

TEST(PdnTree, ReadsMarksAndCommentsWrittenLoosely) {
    // The issue's own example, spaced and numbered as people write it: the same tree.
    const PdnFile loose =
        read_pdn("[Event \"x\"]\n1.32-28 { good } 19-23 (1...18-23) 2.28x19 $2 14x23 ! 3. 37-32 {a} {b} *");
    ASSERT_TRUE(loose.errors.empty()) << loose.errors[0].text();
    const MoveTree& tree = loose.games[0].tree;
    const std::vector<int> main = tree.line(MoveTree::root);
    ASSERT_EQ(main.size(), 6u);
    EXPECT_EQ(tree[main[1]].comment, "good");
    EXPECT_EQ(tree[main[4]].marks, "!");
    EXPECT_EQ(tree[main[5]].comment, "a b");
    const std::string written = write_pdn(loose.games[0]);
    EXPECT_NE(written.find("1. 32-28 {good} 19-23 (1... 18-23) 2. 28x19 $2 14x23! 3. 37-32 {a b} *"), std::string::npos)
        << written;
}

// A move of a variation that is not legal cuts the variation there: the game, its other
// variations and what follows are read, and a note says where.
TEST(PdnTree, AMoveOfAVariationThatIsNotLegalCutsTheVariationThere) {
    const PdnFile file = read_pdn(
        "[Event \"e\"]\n"
        "1. 32-28 19-23 (1... 18-23 2. 38-32 28-22 {gone} (2... 12-18 3. 99-1) 3. 31-27) (1... 17-22 28-22)\n"
        "2. 28x19 {kept} 14x23 (2... 13x24 $1 {and this}) *\n");
    ASSERT_TRUE(file.errors.empty()) << file.errors[0].text();
    ASSERT_EQ(file.games.size(), 1u);
    const PdnGame& g = file.games[0];
    EXPECT_EQ(g.moves.size(), 4u);
    ASSERT_EQ(file.notes.size(), 2u);
    EXPECT_EQ(file.notes[0].line, 2);
    EXPECT_EQ(file.notes[0].column, 37);
    EXPECT_NE(file.notes[0].text().find("illegal move 28-22"), std::string::npos) << file.notes[0].text();
    EXPECT_NE(file.notes[0].text().find("the variation is cut there"), std::string::npos) << file.notes[0].text();
    EXPECT_EQ(file.notes[1].column, 93);
    EXPECT_EQ(
        write_pdn(g).substr(write_pdn(g).find("1. 32-28")),
        "1. 32-28 19-23 (1... 18-23 2. 38-32) (1... 17-22) 2. 28x19 {kept} 14x23\n(2... 13x24 $1 {and this}) *\n");
}

TEST(PdnTree, VariationsMustBeWellFormed) {
    struct Case {
        const char* moves;
        int column;
        const char* words;
    };
    const Case cases[] = {
        {"1. 32-28 ((1. 33-28) 19-23) *", 11, "must follow the move"},
        {"(1. 33-28) 1. 32-28 *", 1, "must follow the move"},
        {"1. 32-28 19-23) *", 15, "unexpected ')'"},
        {"1. 32-28 () *", 11, "without a move"},
        {"1. 32-28 19-23 (1... 18-23 2. 38-32 *", 16, "never closed"},
    };
    for (const Case& c : cases) {
        SCOPED_TRACE(c.moves);
        const PdnFile file = read_pdn(std::string("[Event \"e\"]\n") + c.moves + "\n[Event \"next\"]\n1. 32-28 *\n");
        ASSERT_EQ(file.games.size(), 1u);
        EXPECT_EQ(file.games[0].tag("Event"), "next");
        ASSERT_EQ(file.errors.size(), 1u);
        EXPECT_EQ(file.errors[0].line, 2);
        EXPECT_EQ(file.errors[0].column, c.column) << file.errors[0].text();
        EXPECT_NE(file.errors[0].message.find(c.words), std::string::npos) << file.errors[0].text();
    }
    // A result at the end of a variation tells where it leads; the game goes on after it.
    const PdnFile with_result = read_pdn("[Event \"e\"]\n1. 32-28 19-23 (1... 18-23 2-0) 2. 28x19 *\n");
    ASSERT_TRUE(with_result.errors.empty()) << with_result.errors[0].text();
    EXPECT_EQ(with_result.games[0].moves.size(), 3u);
    // Deep nesting left open is reported at the outermost '(' that is never closed.
    std::string deep = "[Event \"deep\"]\n1. 32-28 19-23";
    for (int i = 0; i < 70; ++i) deep += " (1... 18-23";
    const PdnFile open_deep = read_pdn(deep + "\n");
    ASSERT_EQ(open_deep.errors.size(), 1u);
    EXPECT_EQ(open_deep.errors[0].column, 16);
    EXPECT_NE(open_deep.errors[0].message.find("never closed"), std::string::npos) << open_deep.errors[0].text();
}

// A study where each variation ends in another alternative, `depth` times: the board makes
// one by playing a different move at the end of the variation shown, again and again. The
// variations shuffle two kings that never meet (46-41 41-46 against 6-1 1-6); the line each
// replaces goes elsewhere.
PdnGame nested_study(int depth) {
    const Rulebook& rules = rulebook(Variant::International);
    PdnGame game;
    game.variant = Variant::International;
    game.start = *rules.parse_fen("W:WK46:BK6");
    game.tags = {{"Event", "Nested"}};
    const char* shuffle[] = {"46-41", "6-1", "41-46", "1-6"};
    Position pos = game.start;
    int node = MoveTree::root;
    for (int level = 0; level < depth; ++level) {
        const Move variation = *rules.parse_move(pos, shuffle[level % 4]);
        MoveList legal;
        rules.generate_moves(pos, legal);
        const Move* other = std::find_if(legal.begin(), legal.end(), [&](const Move& m) { return !(m == variation); });
        game.tree.add(node, *other);  // the line this level's variation replaces
        node = game.tree.add(node, variation);
        rules.play(pos, variation);
    }
    game.moves = game.tree.main_line();
    return game;
}

// What the board saves reads back, however deep its variations nest: the writer and the
// reader keep the open variations on the heap, not on the call stack.
TEST(PdnTree, DeeplyNestedVariationsReadBackAsTheyWereWritten) {
    for (const int depth : {70, 2500, 100000}) {
        SCOPED_TRACE(depth);
        const PdnGame study = nested_study(depth);
        const std::string text = write_pdn(study);
        const PdnFile file = read_pdn(text);
        ASSERT_TRUE(file.errors.empty()) << file.errors[0].text();
        ASSERT_EQ(file.games.size(), 1u);
        const MoveTree& read = file.games[0].tree;
        ASSERT_EQ(read.size(), study.tree.size());
        for (int n = 0; n < read.size(); ++n) {
            ASSERT_EQ(read[n].parent, study.tree[n].parent) << n;
            ASSERT_EQ(read[n].move, study.tree[n].move) << n;
        }
        EXPECT_EQ(read.path(read.size() - 1).size(), static_cast<std::size_t>(depth) + 1);
        EXPECT_EQ(write_pdn(file.games[0]), text);
    }
}

}  // namespace
}  // namespace kroon
