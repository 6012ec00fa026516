// The Searcher on the real clock: a fixed time per move is used, and a clock is never run
// out. These measure wall time, so they run alone (SERIAL): a test beside them that takes the
// cores (several, under the sanitizers) would measure the machine, not the search.
#include <chrono>

#include "search/time_manager.hpp"
#include "tests/search/search_test_support.hpp"

namespace kroon::search::test {
namespace {

using Seconds = std::chrono::duration<double>;

const char* const middlegame =
    "W:W26,27,28,29,31,32,33,34,37,38,39,41,43,47,48,49,50:B4,6,7,8,9,10,11,12,13,14,15,16,17,18,20,21";

TEST(Searcher, MoveTimeIsHonoured) {
    const Variant v = Variant::International;
    const Position pos = fen(v, middlegame);
    Searcher searcher;
    searcher.set_position(game_of(v, pos));
    Limits limits;
    limits.move_time = 0.2;
    const auto t0 = std::chrono::steady_clock::now();
    const Outcome o = searcher.think(limits);
    const double took = Seconds(std::chrono::steady_clock::now() - t0).count();
    ASSERT_TRUE(o.best);
    EXPECT_TRUE(is_legal(v, pos, *o.best));
    EXPECT_LT(took, 3.0);  // generous: the point is that it stops on its own
    EXPECT_GE(o.depth, 1);
    // A fixed time is used, not left over after a finished iteration (the middlegame has
    // no forced end the search could see in 0.2 s).
    EXPECT_GE(o.seconds, 0.15);
}

// With one second left the move comes back inside the second. The plan stops the search at
// its hard limit and keeps the rest of the clock (clock_margin and 2 %) for the time the
// search needs to notice its limit and the move to reach the GUI: that reserve is the slack
// this test allows, no more, which is right only when nothing else takes the cores.
TEST(Searcher, ClockLeavesTimeOnTheClock) {
    const Variant v = Variant::International;
    const Position pos = fen(v, middlegame);
    Searcher searcher;
    searcher.set_position(game_of(v, pos));
    for (int moves_to_go : {0, 1, 5}) {
        Limits limits;
        limits.time_left = 1.0;
        limits.moves_to_go = moves_to_go;
        const double reserve = limits.time_left - plan_time(limits).hard;
        EXPECT_GE(reserve, clock_margin) << "moves to go " << moves_to_go;
        const auto t0 = std::chrono::steady_clock::now();
        const Outcome o = searcher.think(limits);
        const double took = Seconds(std::chrono::steady_clock::now() - t0).count();
        ASSERT_TRUE(o.best);
        EXPECT_LT(took, limits.time_left) << "moves to go " << moves_to_go << ": the reserve was " << reserve << " s";
    }
}

}  // namespace
}  // namespace kroon::search::test
