// The search finds forced wins: shots (a sacrifice, then a winning multi-capture), a runaway
// man and simple won endings. Each claim is checked with the move generator alone.
#include "eval/evaluate.hpp"
#include "tests/search/search_test_support.hpp"

namespace kroon::search::test {
namespace {

struct Shot {
    const char* fen;
    int gain;  // men won (a king counts 3) against any defence, by the material minimax
};

// Composed by a random search over positions for a unique winning sacrifice; the claims
// below are re-checked by the tests rather than trusted.
const Shot shots[] = {
    {"W:W17,24,26,29,30,31,34,36,46,49,50:B1,2,5,7,9,10,14,15,18,20,23", 3},
    {"W:W24,27,29,31,34,35,36,46,50:B3,6,7,8,10,11,13,16,18", 2},
    {"W:W18,20,24,25,27,28,33,36,38,42:B2,4,9,10,11,14,15,16,26,29", 2},
    {"W:W17,22,26,32,35,40,41,44,47,48:B2,3,7,8,9,12,20,21,23,33", 2},
};

TEST(Tactics, FindsShots) {
    const Variant v = Variant::International;
    for (const Shot& shot : shots) {
        SCOPED_TRACE(shot.fen);
        const Position pos = fen(v, shot.fen);
        // The claim: no capture now, nothing won at a shallow look, `gain` men won at 5 plies.
        const auto moves = legal_moves(v, pos);
        ASSERT_FALSE(moves.empty());
        ASSERT_FALSE(moves[0].is_capture());
        ASSERT_LE(minimax(v, pos, 2), material(v, pos));
        ASSERT_GE(minimax(v, pos, 5), material(v, pos) + shot.gain);

        const Found found = search_depth(v, pos, 9);
        ASSERT_TRUE(found.outcome.best);
        const Move best = *found.outcome.best;
        ASSERT_TRUE(is_legal(v, pos, best));
        EXPECT_GE(found.outcome.score, 80);  // clearly ahead; the exact score is the eval's business
        // The move found is the sacrifice: the opponent must take, and it still wins.
        Position after = pos;
        rulebook(v).play(after, best);
        const auto replies = legal_moves(v, after);
        ASSERT_FALSE(replies.empty());
        EXPECT_TRUE(replies[0].is_capture());
        EXPECT_GE(-minimax(v, after, 4), material(v, pos) + shot.gain);
        // The PV is a legal line.
        play_line(v, pos, found.pv);
    }
}

TEST(Tactics, RunawayManPromotes) {
    // White's man on 21 reaches the crowning row before Black's men on 5 and 10 can stop it.
    const Variant v = Variant::International;
    const Position pos = fen(v, "W:W21,47:B5,10");
    ASSERT_GE(minimax(v, pos, 8), material(v, pos) + 2);
    const Found found = search_depth(v, pos, 12);
    ASSERT_TRUE(found.outcome.best);
    EXPECT_GE(found.outcome.score, 150);
    Position after = pos;
    rulebook(v).play(after, *found.outcome.best);
    EXPECT_GE(-minimax(v, after, 7), material(v, pos) + 2);
    // Along the PV a white king appears.
    const Position end = play_line(v, pos, found.pv);
    EXPECT_TRUE(end.kings(Color::White));
}

// A won ending: the search reports a win in N plies and its PV is a legal line of N plies
// that leaves the loser without a move.
void expect_forced_win(Variant v, const char* text, int depth) {
    SCOPED_TRACE(text);
    const Position pos = fen(v, text);
    const Found found = search_depth(v, pos, depth);
    ASSERT_TRUE(found.outcome.best);
    ASSERT_TRUE(is_decisive(found.outcome.score));
    ASSERT_GT(found.outcome.score, 0);
    const int plies = win_score - found.outcome.score;
    ASSERT_EQ(static_cast<int>(found.pv.size()), plies);
    const Position end = play_line(v, pos, found.pv);
    EXPECT_TRUE(legal_moves(v, end).empty());
    EXPECT_NE(end.side_to_move(), pos.side_to_move());
}

TEST(Tactics, WinsKingAndManAgainstTwoMen) { expect_forced_win(Variant::International, "W:WK47,39:B6,7", 16); }

TEST(Tactics, WinsTwoKingsAgainstOneInEnglish) { expect_forced_win(Variant::English, "W:WK18,K19:BK32", 24); }

// The opposition: men locked against each other on the edge files, nothing else to move. The
// side without the opposition must step into a capture; the material minimax confirms who
// wins a man, and the evaluation's opposition term must name that side.
TEST(Tactics, OppositionDecidesLockedMen) {
    const Variant v = Variant::International;
    struct Case {
        const char* fen;
        int mover_gains;  // men, against any defence
    };
    for (const Case& c : {Case{"W:W36:B26", -1}, Case{"B:W36:B26", -1}, Case{"W:W35,36:B25,26", -1},
                          Case{"B:W35,36:B25,26", -1}, Case{"W:W36,40:B25,26", 1}, Case{"B:W36,40:B25,26", 1}}) {
        SCOPED_TRACE(c.fen);
        const Position pos = fen(v, c.fen);
        if (c.mover_gains > 0)
            EXPECT_GE(minimax(v, pos, 6), material(v, pos) + c.mover_gains);
        else
            EXPECT_LE(minimax(v, pos, 6), material(v, pos) + c.mover_gains);
        const eval::Breakdown b = eval::explain(rulebook(v), eval::Evaluation{eval::EvalKind::Hand, nullptr}, pos);
        const auto opposition = std::find_if(b.terms.begin(), b.terms.end(),
                                             [](const eval::TermLine& t) { return t.name == "opposition"; });
        ASSERT_NE(opposition, b.terms.end());
        const bool white_holds = opposition->white > 0 && opposition->black == 0;
        const bool black_holds = opposition->black > 0 && opposition->white == 0;
        const bool white_wins = (pos.side_to_move() == Color::White) == (c.mover_gains > 0);
        EXPECT_TRUE(white_wins ? white_holds : black_holds);
    }
}

TEST(Tactics, LostPositionScoresAsLoss) {
    // Black to move against king and man: every defence loses.
    const Variant v = Variant::International;
    const Found found = search_depth(v, fen(v, "B:WK47,39:B6,7"), 18);
    ASSERT_TRUE(found.outcome.best);
    EXPECT_TRUE(is_decisive(found.outcome.score));
    EXPECT_LT(found.outcome.score, 0);
}

}  // namespace
}  // namespace kroon::search::test
