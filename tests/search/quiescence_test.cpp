// The quiescence search at a quiet leaf of men only also tries the moves that offer an even
// exchange: a move that makes the opponent take one man, with a capture back after every way
// of taking. A one-ply search then sees the shot that follows such an exchange.
#include "tests/search/search_test_support.hpp"

namespace kroon::search::test {
namespace {

TEST(Quiescence, SeesAShotBehindAnExchangeAtTheLeaf) {
    const Variant v = Variant::International;
    // Black to move, six men each. Whatever Black plays, White wins a man: after a move on
    // the back rows 33-28 forces 22x33 and 39x19 takes two; the moves in front lose a man
    // at once.
    const Position pos = fen(v, "B:W32,33,39,44,46,47:B1,2,4,5,22,23");
    ASSERT_FALSE(legal_moves(v, pos)[0].is_capture());
    ASSERT_EQ(minimax(v, pos, 1), material(v, pos));  // one ply sees nothing
    ASSERT_LE(minimax(v, pos, 2), material(v, pos) - 1);

    const Found found = search_depth(v, pos, 1);
    ASSERT_TRUE(found.outcome.best);
    EXPECT_LE(found.outcome.score, -60);  // a man down
    // The line goes on past the root's move: White's exchange, then the captures.
    ASSERT_GE(found.pv.size(), 4u);
    play_line(v, pos, found.pv);
    Position after = pos;
    rulebook(v).play(after, found.pv[0]);
    EXPECT_FALSE(legal_moves(v, after)[0].is_capture());
    rulebook(v).play(after, found.pv[1]);
    const auto takes = legal_moves(v, after);
    ASSERT_TRUE(takes[0].is_capture());
    for (const Move& take : takes) EXPECT_EQ(take.capture_count(), 1);
}

}  // namespace
}  // namespace kroon::search::test
