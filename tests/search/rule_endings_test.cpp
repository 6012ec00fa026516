// The search scores positions that the referee's rules end (engine/referee: the draw rules,
// repetition, the 8x8 no-progress limit, antidraughts and breakthrough wins) as the referee
// judges them; the referee itself is tested in tests/engine.
#include <random>

#include "tests/search/search_test_support.hpp"

namespace kroon::search::test {
namespace {

// A line of `plies` legal non-capturing moves after which no capture is ever possible and
// no position repeats; empty if the walk gets stuck.
std::vector<Move> quiet_walk(Variant v, Position pos, int plies, bool kings_only, unsigned seed) {
    std::mt19937 rng(seed);
    std::vector<std::uint64_t> seen{pos.hash()};
    std::vector<Move> line;
    for (int i = 0; i < plies; ++i) {
        auto moves = legal_moves(v, pos);
        std::shuffle(moves.begin(), moves.end(), rng);
        bool found = false;
        for (const Move& m : moves) {
            if (m.is_capture() || (kings_only && !((pos.kings() >> m.from) & 1))) continue;
            Position next = pos;
            rulebook(v).play(next, m);
            const auto replies = legal_moves(v, next);
            if (replies.empty() || replies[0].is_capture()) continue;
            if (std::find(seen.begin(), seen.end(), next.hash()) != seen.end()) continue;
            seen.push_back(next.hash());
            line.push_back(m);
            pos = next;
            found = true;
            break;
        }
        if (!found) return {};
    }
    return line;
}

// Four quiet king moves (a move each, then both back) that lead back to `start`, with no
// capture possible on the way; empty if there is none.
std::vector<Move> find_cycle(Variant v, const Position& start) {
    std::vector<Move> cycle;
    for (const Move& b : legal_moves(v, start)) {
        if (b.is_capture() || !cycle.empty()) continue;
        Position p1 = start;
        rulebook(v).play(p1, b);
        for (const Move& w : legal_moves(v, p1)) {
            Position p2 = p1;
            rulebook(v).play(p2, w);
            const Move b_back{0, b.to, b.from, false}, w_back{0, w.to, w.from, false};
            if (w.is_capture() || !is_legal(v, p2, b_back)) continue;
            Position p3 = p2;
            rulebook(v).play(p3, b_back);
            if (!is_legal(v, p3, w_back)) continue;
            Position p4 = p3;
            rulebook(v).play(p4, w_back);
            if (legal_moves(v, p1)[0].is_capture() || legal_moves(v, p2)[0].is_capture() ||
                legal_moves(v, p3)[0].is_capture() || legal_moves(v, p4)[0].is_capture())
                continue;
            if (!(p4 == start)) continue;
            cycle = {b, w, b_back, w_back};
            break;
        }
    }
    return cycle;
}

TEST(SearchSeesDrawRules, FrisianOneKingEachIsADraw) {  // Frisian art. 21
    const Variant v = Variant::Frisian;
    // In the search: a quiet king against king scores as a draw...
    const Found quiet = search_depth(v, fen(v, "W:WK47:BK4"), 6);
    ASSERT_TRUE(quiet.outcome.best);
    EXPECT_EQ(quiet.outcome.score, 0);
    // ...unless a king is en prise: White takes on 23 and wins.
    const Position en_prise = fen(v, "W:WK46:BK23");
    ASSERT_TRUE(legal_moves(v, en_prise)[0].is_capture());
    const Found won = search_depth(v, en_prise, 6);
    EXPECT_EQ(won.outcome.score, win_score - 1);
}

TEST(SearchSeesDrawRules, SearchScoresTheTwentyFiveMoveRuleAsDraw) {
    // Four kings against one: a clear win, unless 49 king moves were already played, in which
    // case every quiet move ends the game drawn (and White has no capture).
    const Variant v = Variant::International;
    const Position start = fen(v, "B:WK26,K17,K8,K44:BK46");
    const auto line = quiet_walk(v, start, 49, true, 1);
    ASSERT_EQ(line.size(), 49u);
    const Position root = play_line(v, start, line);
    ASSERT_FALSE(legal_moves(v, root)[0].is_capture());
    const Found fresh = search_depth(v, root, 5);
    EXPECT_GT(fresh.outcome.score, 100);  // more than a man, by either evaluation
    const Found late = search_depth(v, root, 5, line, &start);
    EXPECT_EQ(late.outcome.score, 0);
    ASSERT_TRUE(late.outcome.best);
    EXPECT_TRUE(is_legal(v, root, *late.outcome.best));
}

TEST(SearchSeesDrawRules, SearchScoresARepetitionAsDraw) {
    // Black's lone king is lost against four kings, but the game already went round once
    // (black, white, back, back): repeating again is a draw, and the search takes it.
    const Variant v = Variant::International;
    const Position start = fen(v, "B:WK26,K17,K8,K44:BK46");
    const std::vector<Move> cycle = find_cycle(v, start);
    ASSERT_EQ(cycle.size(), 4u);
    const Found fresh = search_depth(v, start, 6);
    EXPECT_LT(fresh.outcome.score, -100);
    const Found repeated = search_depth(v, start, 6, cycle, &start);
    EXPECT_EQ(repeated.outcome.score, 0);
}

TEST(SearchSeesDrawRules, SearchKeepsThe8x8NoProgressLimit) {
    // Three kings against one in English: won, unless 79 king moves were played and the
    // 40-move limit (RuleOptions::no_progress_moves_8x8) ends the game with the next one.
    const Variant v = Variant::English;
    const Position start = fen(v, "B:WK14,K22,K27:BK4");
    const auto line = quiet_walk(v, start, 79, true, 5);
    ASSERT_EQ(line.size(), 79u);
    const Position root = play_line(v, start, line);
    ASSERT_FALSE(legal_moves(v, root)[0].is_capture());
    EXPECT_GT(search_depth(v, root, 5).outcome.score, 150);
    EXPECT_EQ(search_depth(v, root, 5, line, &start).outcome.score, 0);
    // Without the limit the same game is still won.
    RuleOptions no_limit;
    no_limit.no_progress_moves_8x8 = 0;
    EXPECT_GT(search_depth(v, root, 5, line, &start, no_limit).outcome.score, 150);
}

TEST(SearchSeesGameEnds, AntidraughtsSideWithoutAMoveWins) {
    const Variant v = Variant::Antidraughts;
    const Position blocked = fen(v, "B:W41,47:B36");
    const Found found = search_depth(v, blocked, 3);
    EXPECT_FALSE(found.outcome.best);
    EXPECT_EQ(found.outcome.score, win_score);
    // One man against two: White gets rid of its man, and the PV ends with White to move
    // and no move left, which wins.
    const Position give_away = fen(v, "W:W28:B22,1");
    const Found found_win = search_depth(v, give_away, 10);
    ASSERT_TRUE(found_win.outcome.best);
    ASSERT_TRUE(is_decisive(found_win.outcome.score));
    ASSERT_GT(found_win.outcome.score, 0);
    ASSERT_EQ(static_cast<int>(found_win.pv.size()), win_score - found_win.outcome.score);
    const Position end = play_line(v, give_away, found_win.pv);
    EXPECT_EQ(end.side_to_move(), Color::White);
    EXPECT_TRUE(legal_moves(v, end).empty());
}

TEST(SearchSeesGameEnds, BreakthroughFirstKingWins) {
    const Variant v = Variant::Breakthrough;
    const Position pos = fen(v, "W:W7,45:B20,30");
    const Found found = search_depth(v, pos, 4);
    ASSERT_TRUE(found.outcome.best);
    EXPECT_EQ(found.outcome.score, win_score - 1);
    EXPECT_TRUE(found.outcome.best->promotes);
}

}  // namespace
}  // namespace kroon::search::test
