#include <gtest/gtest.h>

#include "engine/record/move_tree.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon {
namespace {

Move move_of(const Position& pos, std::string_view text) {
    return *rulebook(Variant::International).parse_move(pos, text);
}

// 1. 32-28 (1. 33-28) (1. 31-27 19-23) 19-23 (1... 18-23) 2. 28x19
struct Sample {
    MoveTree tree;
    int m32_28, m33_28, m31_27, m31_27_19_23, m19_23, m18_23, m28x19;
    Sample() {
        const Rulebook& rules = rulebook(Variant::International);
        const Position start = rules.start_position();
        m32_28 = tree.add(MoveTree::root, move_of(start, "32-28"));
        m33_28 = tree.add(MoveTree::root, move_of(start, "33-28"));
        m31_27 = tree.add(MoveTree::root, move_of(start, "31-27"));
        Position after = start;
        rules.play(after, tree[m31_27].move);
        m31_27_19_23 = tree.add(m31_27, move_of(after, "19-23"));
        after = start;
        rules.play(after, tree[m32_28].move);
        m19_23 = tree.add(m32_28, move_of(after, "19-23"));
        m18_23 = tree.add(m32_28, move_of(after, "18-23"));
        rules.play(after, tree[m19_23].move);
        m28x19 = tree.add(m19_23, move_of(after, "28x19"));
    }
};

TEST(MoveTree, LinesFollowTheFirstChildren) {
    const Sample s;
    EXPECT_EQ(s.tree.size(), 8);
    EXPECT_EQ(s.tree.line_end(MoveTree::root), s.m28x19);
    EXPECT_EQ(s.tree.line(s.m31_27), (std::vector<int>{MoveTree::root, s.m31_27, s.m31_27_19_23}));
    EXPECT_EQ(s.tree.path(s.m18_23), (std::vector<int>{MoveTree::root, s.m32_28, s.m18_23}));
    EXPECT_EQ(s.tree.main_line().size(), 3u);
    EXPECT_EQ(s.tree[s.m18_23].ply, 2);
    EXPECT_TRUE(s.tree.on_main_line(s.m28x19));
    EXPECT_FALSE(s.tree.on_main_line(s.m18_23));
    EXPECT_FALSE(s.tree.on_main_line(s.m31_27_19_23));
    EXPECT_EQ(s.tree.child_with(s.m32_28, s.tree[s.m18_23].move), s.m18_23);
    EXPECT_EQ(s.tree.child_with(s.m19_23, s.tree[s.m18_23].move), -1);
}

TEST(MoveTree, PromotionMovesAVariationUpWhereItBranchesOff) {
    Sample s;
    // From inside a variation: the variation that holds the node moves up at its fork.
    EXPECT_TRUE(s.tree.promote(s.m31_27_19_23));
    EXPECT_EQ(s.tree[MoveTree::root].children, (std::vector<int>{s.m32_28, s.m31_27, s.m33_28}));
    EXPECT_TRUE(s.tree.promote(s.m31_27));
    EXPECT_EQ(s.tree[MoveTree::root].children, (std::vector<int>{s.m31_27, s.m32_28, s.m33_28}));
    EXPECT_TRUE(s.tree.on_main_line(s.m31_27_19_23));
    EXPECT_FALSE(s.tree.promote(s.m31_27_19_23));  // on the main line already

    s.tree.make_main_line(s.m18_23);
    EXPECT_TRUE(s.tree.on_main_line(s.m18_23));
    EXPECT_EQ(s.tree[s.m32_28].children, (std::vector<int>{s.m18_23, s.m19_23}));
    EXPECT_EQ(s.tree[MoveTree::root].children.front(), s.m32_28);
}

TEST(MoveTree, RemovingANodeRemovesWhatFollowsAndRenumbers) {
    Sample s;
    const Move gone = s.tree[s.m18_23].move;
    const std::vector<int> renumbered = s.tree.remove(s.m32_28);
    EXPECT_EQ(s.tree.size(), 4);  // root, 33-28, 31-27, its 19-23
    EXPECT_EQ(renumbered[static_cast<std::size_t>(s.m32_28)], -1);
    EXPECT_EQ(renumbered[static_cast<std::size_t>(s.m18_23)], -1);
    const int moved = renumbered[static_cast<std::size_t>(s.m31_27_19_23)];
    ASSERT_NE(moved, -1);
    EXPECT_EQ(s.tree[moved].parent, renumbered[static_cast<std::size_t>(s.m31_27)]);
    EXPECT_EQ(s.tree[MoveTree::root].children.size(), 2u);
    EXPECT_EQ(s.tree.line_end(MoveTree::root),
              renumbered[static_cast<std::size_t>(s.m33_28)]);  // the first variation leads now
    for (int n = 1; n < s.tree.size(); ++n) EXPECT_FALSE(s.tree[n].move == gone);
    EXPECT_THROW(s.tree.remove(MoveTree::root), std::invalid_argument);
}

}  // namespace
}  // namespace kroon
