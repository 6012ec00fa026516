// The Searcher facade: callbacks, stop, ponder, limits, threads and determinism.
#include <atomic>
#include <chrono>
#include <random>
#include <thread>

#include "tests/search/search_test_support.hpp"

namespace kroon::search::test {
namespace {

const char* const middlegame =
    "W:W26,27,28,29,31,32,33,34,37,38,39,41,43,47,48,49,50:B4,6,7,8,9,10,11,12,13,14,15,16,17,18,20,21";

TEST(Searcher, NoLegalMoveGivesEmptyBestMove) {
    // Black has no pieces left.
    const Variant v = Variant::International;
    const Position pos = Position::from_sets(bit(Board10::bit_of_square(30)), 0, 0, Color::Black);
    Searcher searcher;
    searcher.set_position(game_of(v, pos));
    int done = 0;
    Outcome outcome;
    Limits limits;
    limits.depth = 5;
    searcher.start(limits, Listener{{}, [&](const Outcome& o) {
                                        ++done;
                                        outcome = o;
                                    }});
    searcher.wait();
    EXPECT_EQ(done, 1);
    EXPECT_FALSE(outcome.best);
    EXPECT_LT(outcome.score, 0);
    EXPECT_FALSE(searcher.is_searching());
}

TEST(Searcher, TheStopPollEndsASearchThatWouldNotEnd) {
    // A host that cannot call stop() while its one thread searches asks to stop through the poll.
    const Variant v = Variant::International;
    Searcher searcher;
    searcher.set_position(game_of(v, rulebook(v).start_position()));
    std::atomic<int> polls{0};
    searcher.set_stop_poll([&] { return ++polls >= 200; });
    Outcome outcome;
    int done = 0;
    Limits limits;
    limits.infinite = true;
    searcher.start(limits, Listener{{}, [&](const Outcome& o) {
                                        ++done;
                                        outcome = o;
                                    }});
    searcher.wait();
    EXPECT_EQ(done, 1);
    EXPECT_GE(polls.load(), 200);
    EXPECT_TRUE(outcome.best);
    EXPECT_GT(outcome.nodes, 0u);
}

TEST(Searcher, BlockedSideHasNoMove) {
    // Black's man on 36 can only step to 41, which is taken, and cannot jump it (47 is taken).
    const Variant v = Variant::International;
    const Position pos = fen(v, "B:W41,47:B36");
    ASSERT_TRUE(legal_moves(v, pos).empty());
    const Found found = search_depth(v, pos, 3);
    EXPECT_FALSE(found.outcome.best);
    EXPECT_EQ(found.outcome.score, -win_score);
}

TEST(Searcher, IterationsDeepenAndDoneComesOnce) {
    const Variant v = Variant::International;
    const Position pos = rulebook(v).start_position();
    Searcher searcher;
    searcher.set_position(game_of(v, pos));
    std::vector<int> depths;
    int done = 0;
    Outcome outcome;
    Limits limits;
    limits.depth = 7;
    searcher.start(limits, Listener{[&](const Iteration& it) {
                                        depths.push_back(it.depth);
                                        EXPECT_FALSE(it.pv.empty());
                                        play_line(v, pos, it.pv);
                                    },
                                    [&](const Outcome& o) {
                                        ++done;
                                        outcome = o;
                                    }});
    searcher.wait();
    ASSERT_EQ(depths.size(), 7u);
    for (int i = 0; i < 7; ++i) EXPECT_EQ(depths[i], i + 1);
    EXPECT_EQ(done, 1);
    ASSERT_TRUE(outcome.best);
    EXPECT_TRUE(is_legal(v, pos, *outcome.best));
    EXPECT_EQ(outcome.depth, 7);
    EXPECT_GT(outcome.nodes, 0u);
    if (outcome.ponder) {
        Position after = pos;
        rulebook(v).play(after, *outcome.best);
        EXPECT_TRUE(is_legal(v, after, *outcome.ponder));
    }
}

TEST(Searcher, SingleThreadNodeCountsAreDeterministic) {
    for (Variant v : {Variant::International, Variant::Frisian, Variant::English}) {
        const Position pos = rulebook(v).start_position();
        Searcher a, b;
        std::uint64_t counts[3];
        for (int i = 0; i < 3; ++i) {
            Searcher& s = i == 2 ? b : a;
            s.new_game();
            s.set_position(game_of(v, pos));
            Limits limits;
            limits.depth = 8;
            counts[i] = s.think(limits).nodes;
        }
        EXPECT_EQ(counts[0], counts[1]) << rulebook(v).name();
        EXPECT_EQ(counts[0], counts[2]) << rulebook(v).name();
    }
}

// A searcher that scored positions with one evaluation searches as a new one once told to
// use another: nothing the first computed (the table, the workers' cached evaluations) is used.
TEST(Searcher, AChangedEvaluationSearchesAsAFreshSearcher) {
    const Variant v = Variant::International;
    const Position pos = fen(v, middlegame);
    eval::Evaluation hand;
    hand.kind = eval::EvalKind::Hand;
    const auto search_to_depth_8 = [&](Searcher& s) {
        s.new_game();
        s.set_position(game_of(v, pos));
        Limits limits;
        limits.depth = 8;
        return s.think(limits);
    };
    Searcher used, fresh(Options{.evaluation = hand});
    search_to_depth_8(used);  // with the learned evaluation
    used.set_evaluation(hand);
    const Outcome outcomes[2] = {search_to_depth_8(used), search_to_depth_8(fresh)};
    EXPECT_EQ(outcomes[0].nodes, outcomes[1].nodes);
    EXPECT_EQ(outcomes[0].score, outcomes[1].score);
    ASSERT_TRUE(outcomes[0].best && outcomes[1].best);
    EXPECT_EQ(*outcomes[0].best, *outcomes[1].best);
}

TEST(Searcher, StopEndsAnInfiniteSearchWithALegalMove) {
    const Variant v = Variant::International;
    const Position pos = fen(v, middlegame);
    Searcher searcher;
    searcher.set_position(game_of(v, pos));
    std::atomic<int> done{0};
    Outcome outcome;
    Limits limits;
    limits.infinite = true;
    searcher.start(limits, Listener{{}, [&](const Outcome& o) {
                                        outcome = o;
                                        ++done;
                                    }});
    std::this_thread::sleep_for(std::chrono::milliseconds(200));
    EXPECT_TRUE(searcher.is_searching());
    EXPECT_EQ(done.load(), 0);
    searcher.stop();
    searcher.wait();
    EXPECT_EQ(done.load(), 1);
    ASSERT_TRUE(outcome.best);
    EXPECT_TRUE(is_legal(v, pos, *outcome.best));
}

TEST(Searcher, StopRightAfterStartStillGivesAMove) {
    const Variant v = Variant::Frisian;
    const Position pos = rulebook(v).start_position();
    Searcher searcher;
    searcher.set_position(game_of(v, pos));
    Limits limits;
    limits.infinite = true;
    Outcome outcome;
    searcher.start(limits, Listener{{}, [&](const Outcome& o) { outcome = o; }});
    searcher.stop();
    searcher.wait();
    ASSERT_TRUE(outcome.best);
    EXPECT_TRUE(is_legal(v, pos, *outcome.best));
}

TEST(Searcher, NodeLimitIsHonoured) {
    const Variant v = Variant::English;
    Searcher searcher;
    searcher.set_position(game_of(v, rulebook(v).start_position()));
    Limits limits;
    limits.nodes = 20000;
    const Outcome o = searcher.think(limits);
    ASSERT_TRUE(o.best);
    EXPECT_LT(o.nodes, 20000u + 4096u);
}

TEST(Searcher, PonderRunsUntilPonderHit) {
    const Variant v = Variant::International;
    const Position pos = fen(v, middlegame);
    Searcher searcher;
    searcher.set_position(game_of(v, pos));
    Limits limits;
    limits.ponder = true;
    limits.move_time = 0.05;  // would be over long before the ponder hit
    std::atomic<int> done{0};
    Outcome outcome;
    searcher.start(limits, Listener{{}, [&](const Outcome& o) {
                                        outcome = o;
                                        ++done;
                                    }});
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    EXPECT_EQ(done.load(), 0);  // pondering ignores the clock
    searcher.ponder_hit();
    searcher.wait();  // past its time already: it ends by itself
    EXPECT_EQ(done.load(), 1);
    ASSERT_TRUE(outcome.best);
    EXPECT_TRUE(is_legal(v, pos, *outcome.best));
}

TEST(Searcher, SeveralThreadsGiveALegalMove) {
    const Variant v = Variant::International;
    const Position pos = fen(v, middlegame);
    Searcher searcher(Options{3, 16, {}});
    searcher.set_position(game_of(v, pos));
    Limits limits;
    limits.depth = 9;
    const Outcome o = searcher.think(limits);
    ASSERT_TRUE(o.best);
    EXPECT_TRUE(is_legal(v, pos, *o.best));
    EXPECT_EQ(o.depth, 9);
}

TEST(Searcher, SearchesFromTheEndOfTheGivenMoves) {
    const Variant v = Variant::English;
    const Position start = rulebook(v).start_position();
    std::vector<Move> moves;
    Position pos = start;
    for (int i = 0; i < 6; ++i) {
        const auto legal = legal_moves(v, pos);
        moves.push_back(legal[i % legal.size()]);
        rulebook(v).play(pos, moves.back());
    }
    Searcher searcher;
    searcher.set_position(game_of(v, start, moves));
    Limits limits;
    limits.depth = 6;
    const Outcome o = searcher.think(limits);
    ASSERT_TRUE(o.best);
    EXPECT_TRUE(is_legal(v, pos, *o.best));
}

TEST(Searcher, OnDoneMayStartTheNextSearch) {
    // A front end letting the engine play itself may start the next search from on_done.
    const Variant v = Variant::English;
    Searcher searcher;
    Position pos = rulebook(v).start_position();
    std::vector<Move> moves;
    searcher.set_position(game_of(v, pos, moves));
    std::atomic<int> done{0};
    Limits limits;
    limits.depth = 4;
    Listener listener;
    listener.on_done = [&](const Outcome& o) {
        EXPECT_FALSE(searcher.is_searching());
        ASSERT_TRUE(o.best);
        EXPECT_TRUE(is_legal(v, pos, *o.best));
        rulebook(v).play(pos, *o.best);
        moves.push_back(*o.best);
        // Counted before starting: the next search may finish before this callback returns.
        if (++done < 3) {
            searcher.set_position(game_of(v, rulebook(v).start_position(), moves));
            searcher.start(limits, listener);
        }
    };
    searcher.start(limits, listener);
    for (int i = 0; i < 3000 && done < 3; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    searcher.wait();
    EXPECT_EQ(done.load(), 3);
    EXPECT_EQ(moves.size(), 3u);
}

TEST(Searcher, TheLastReportedLineStartsWithTheMovePlayed) {
    // A timed search ends inside an iteration; when that iteration has found a better move,
    // it is reported too, so a GUI never shows a line that the move played contradicts.
    const Variant v = Variant::International;
    std::mt19937 rng(11);
    Searcher searcher;
    for (int game = 0; game < 30; ++game) {
        Position pos = rulebook(v).start_position();
        for (int ply = 0; ply < 30; ++ply) {
            const auto moves = legal_moves(v, pos);
            if (moves.empty()) break;
            rulebook(v).play(pos, moves[rng() % moves.size()]);
        }
        if (legal_moves(v, pos).size() < 2) continue;
        searcher.set_position(game_of(v, pos));
        Limits limits;
        limits.move_time = 0.05;
        std::vector<Move> last_line;
        Outcome outcome;
        searcher.start(
            limits, Listener{[&](const Iteration& it) { last_line = it.pv; }, [&](const Outcome& o) { outcome = o; }});
        searcher.wait();
        ASSERT_TRUE(outcome.best);
        ASSERT_FALSE(last_line.empty());
        EXPECT_EQ(last_line.front(), *outcome.best) << rulebook(v).format_fen(pos);
    }
}

TEST(Searcher, SingleLegalMoveIsPlayedAtOnceOnTheClock) {
    // White's man on 28 must take the man on 22; nothing else is allowed.
    const Variant v = Variant::International;
    const Position pos = fen(v, "W:W28:B22,1");
    ASSERT_EQ(legal_moves(v, pos).size(), 1u);
    Searcher searcher;
    searcher.set_position(game_of(v, pos));
    Limits limits;
    limits.time_left = 100;
    const Outcome o = searcher.think(limits);
    ASSERT_TRUE(o.best);
    EXPECT_EQ(o.depth, 1);
    // Analysis searches it like any other position.
    limits.analysis = true;
    limits.time_left = -1;
    limits.move_time = 0.2;
    const Outcome analysed = searcher.think(limits);
    ASSERT_TRUE(analysed.best);
    EXPECT_GT(analysed.depth, 1);
}

}  // namespace
}  // namespace kroon::search::test
