// The variants' draw rules: the counters (search/draw_rules.hpp) and their use in the search.
#include <random>

#include "search/draw_rules.hpp"
#include "tests/search/search_test_support.hpp"

namespace kroon::search::testing {
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
            play_move(v, next, m);
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

template <class R>
DrawRule rule_after(const Position& start, const std::vector<Move>& line, std::size_t plies) {
    DrawCounters c = DrawRules<R>::at_start(start);
    Position pos = start;
    for (std::size_t i = 0; i < plies; ++i) {
        const Position next = pos.after<R>(line[i]);
        c = DrawRules<R>::next(c, pos, line[i], next);
        pos = next;
    }
    return DrawRules<R>::rule(c, pos);
}

TEST(DrawRules, TwentyFiveKingMovesEach) {  // KNDB art. 9d
    const Variant v = Variant::International;
    const Position start = fen(v, "B:WK26,K17,K8,K44:BK46");
    const auto line = quiet_walk(v, start, 50, true, 1);
    ASSERT_EQ(line.size(), 50u);
    EXPECT_EQ(rule_after<International>(start, line, 49), DrawRule::None);
    EXPECT_EQ(rule_after<International>(start, line, 50), DrawRule::KingsOnlyMoves);
}

TEST(DrawRules, FiveMovesWithOneKingAgainstTwoPieces) {  // KNDB art. 9b
    const Variant v = Variant::International;
    const Position start = fen(v, "W:WK46,35:BK4");
    EXPECT_EQ(DrawRules<International>::classify(start), Ending::KingVsTwo);
    const auto line = quiet_walk(v, start, 10, false, 2);
    ASSERT_EQ(line.size(), 10u);
    EXPECT_EQ(rule_after<International>(start, line, 9), DrawRule::None);
    EXPECT_EQ(rule_after<International>(start, line, 10), DrawRule::KingVsTwo);
}

TEST(DrawRules, SixteenMovesWithOneKingAgainstThreePieces) {  // KNDB art. 9c
    const Variant v = Variant::International;
    const Position start = fen(v, "W:WK46,K50,35:BK4");
    EXPECT_EQ(DrawRules<International>::classify(start), Ending::KingVsThree);
    const auto line = quiet_walk(v, start, 32, false, 3);
    ASSERT_EQ(line.size(), 32u);
    EXPECT_EQ(rule_after<International>(start, line, 31), DrawRule::None);
    EXPECT_EQ(rule_after<International>(start, line, 32), DrawRule::KingVsThree);
}

TEST(DrawRules, NoEndingWithMenOnBothSides) {
    EXPECT_EQ(DrawRules<International>::classify(start_position(Variant::International)), Ending::None);
    EXPECT_EQ(DrawRules<International>::classify(fen(Variant::International, "W:WK46,35:B4")), Ending::None);
}

TEST(DrawRules, FrisianTwoKingsMustWinInSevenMoves) {  // Frisian art. 18
    const Variant v = Variant::Frisian;
    const Position start = fen(v, "W:WK46,K50:BK4");
    EXPECT_EQ(DrawRules<Frisian>::classify(start), Ending::TwoKingsVsKing);
    const auto line = quiet_walk(v, start, 13, false, 4);
    ASSERT_EQ(line.size(), 13u);
    // White (the two kings) moves first: its seventh move is the thirteenth ply.
    EXPECT_EQ(rule_after<Frisian>(start, line, 12), DrawRule::None);
    EXPECT_EQ(rule_after<Frisian>(start, line, 13), DrawRule::TwoKingsVsKing);
}

TEST(DrawRules, FrisianOneKingEachIsADraw) {  // Frisian art. 21
    const Variant v = Variant::Frisian;
    const Position pos = fen(v, "W:WK47:BK4");
    EXPECT_EQ(DrawRules<Frisian>::rule(DrawRules<Frisian>::at_start(pos), pos), DrawRule::KingVsKing);
    // In the search: a quiet king against king scores as a draw...
    const Found quiet = search_depth(v, pos, 6);
    ASSERT_TRUE(quiet.outcome.best);
    EXPECT_EQ(quiet.outcome.score, 0);
    // ...unless a king is en prise: White takes on 23 and wins.
    const Position en_prise = fen(v, "W:WK46:BK23");
    ASSERT_TRUE(legal_moves(v, en_prise)[0].is_capture());
    const Found won = search_depth(v, en_prise, 6);
    EXPECT_EQ(won.outcome.score, win_score - 1);
}

TEST(DrawRules, SearchScoresTheTwentyFiveMoveRuleAsDraw) {
    // Four kings against one: a clear win, unless 49 king moves were already played, in which
    // case every quiet move ends the game drawn (and White has no capture).
    const Variant v = Variant::International;
    const Position start = fen(v, "B:WK26,K17,K8,K44:BK46");
    const auto line = quiet_walk(v, start, 49, true, 1);
    ASSERT_EQ(line.size(), 49u);
    const Position root = play_line(v, start, line);
    ASSERT_FALSE(legal_moves(v, root)[0].is_capture());
    const Found fresh = search_depth(v, root, 5);
    EXPECT_GT(fresh.outcome.score, 300);
    const Found late = search_depth(v, root, 5, line, &start);
    EXPECT_EQ(late.outcome.score, 0);
    ASSERT_TRUE(late.outcome.best);
    EXPECT_TRUE(is_legal(v, root, *late.outcome.best));
}

TEST(DrawRules, SearchScoresARepetitionAsDraw) {
    // Black's lone king is lost against four kings, but the game already went round once
    // (black, white, back, back): repeating again is a draw, and the search takes it.
    const Variant v = Variant::International;
    const Position start = fen(v, "B:WK26,K17,K8,K44:BK46");
    std::vector<Move> cycle;
    for (const Move& b : legal_moves(v, start)) {
        if (b.is_capture() || !cycle.empty()) continue;
        Position p1 = start;
        play_move(v, p1, b);
        for (const Move& w : legal_moves(v, p1)) {
            Position p2 = p1;
            play_move(v, p2, w);
            const Move b_back{0, b.to, b.from, false}, w_back{0, w.to, w.from, false};
            if (w.is_capture() || !is_legal(v, p2, b_back)) continue;
            Position p3 = p2;
            play_move(v, p3, b_back);
            if (!is_legal(v, p3, w_back)) continue;
            Position p4 = p3;
            play_move(v, p4, w_back);
            if (legal_moves(v, p1)[0].is_capture() || legal_moves(v, p2)[0].is_capture() ||
                legal_moves(v, p3)[0].is_capture() || legal_moves(v, p4)[0].is_capture())
                continue;
            ASSERT_EQ(p4, start);
            cycle = {b, w, b_back, w_back};
            break;
        }
    }
    ASSERT_EQ(cycle.size(), 4u);
    const Found fresh = search_depth(v, start, 6);
    EXPECT_LT(fresh.outcome.score, -300);
    const Found repeated = search_depth(v, start, 6, cycle, &start);
    EXPECT_EQ(repeated.outcome.score, 0);
}

}  // namespace
}  // namespace kroon::search::testing
