// The evaluation: symmetric between the colours, terms that add up, and the draughts
// knowledge it claims (runaway men, outposts, drawn king endings).
#include <gtest/gtest.h>

#include <random>

#include "engine/movegen/movegen.hpp"
#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "eval/board_facts.hpp"
#include "eval/evaluate.hpp"
#include "eval/terms.hpp"

namespace kroon::eval {
namespace {

Position fen(Variant v, const char* text) {
    const auto p = rulebook(v).parse_fen(text);
    EXPECT_TRUE(p.ok()) << text;
    return p.ok() ? *p : rulebook(v).start_position();
}

// The same position seen from the other side: the board turned half a turn, colours swapped.
Position mirrored(Variant v, const Position& p) {
    const int n = rulebook(v).squares();
    auto turn = [&](Bitboard b) {
        Bitboard out = 0;
        for (int x : Bits{b}) out |= bit(rulebook(v).bit_of_square(n + 1 - rulebook(v).square_number(x)));
        return out;
    };
    return Position::from_sets(turn(p.pieces(Color::Black)), turn(p.pieces(Color::White)), turn(p.kings()),
                               ~p.side_to_move());
}

// These tests are about the hand-written evaluation (the learned one: learned_test.cpp).
const Evaluation hand{EvalKind::Hand, nullptr};

int term(const Breakdown& b, const char* name, Color c) {
    for (const auto& t : b.terms)
        if (t.name == name) return c == Color::White ? t.white : t.black;
    ADD_FAILURE() << "no term " << name;
    return 0;
}

TEST(Eval, StartPositionsAreLevel) {
    for (Variant v : all_variants)
        EXPECT_EQ(evaluate(rulebook(v), hand, rulebook(v).start_position()), 0) << rulebook(v).name();
}

TEST(Eval, SymmetricBetweenTheColours) {
    std::mt19937 rng(7);
    for (Variant v : all_variants) {
        for (int game = 0; game < 10; ++game) {
            Position pos = rulebook(v).start_position();
            for (int ply = 0; ply < 120; ++ply) {
                MoveList moves;
                rulebook(v).generate_moves(pos, moves);
                if (moves.empty()) break;
                rulebook(v).play(pos, moves[static_cast<int>(rng() % static_cast<unsigned>(moves.size()))]);
                ASSERT_EQ(evaluate(rulebook(v), hand, pos), evaluate(rulebook(v), hand, mirrored(v, pos)))
                    << rulebook(v).format_fen(pos);
                const int s = evaluate(rulebook(v), hand, pos);
                ASSERT_LE(s, max_score);
                ASSERT_GE(s, -max_score);
            }
        }
    }
}

TEST(Eval, TermsAddUpToTheTotal) {
    const Variant v = Variant::International;
    const Position pos = fen(v, "W:W26,27,28,30,32,33,34,35,38,43,44,45,48,50:B1,3,4,5,8,9,14,16,17,18,19,23,24,25");
    const Breakdown b = explain(rulebook(v), hand, pos);
    ASSERT_FALSE(b.scaled);
    int sum = 0;
    for (const auto& t : b.terms) sum += t.white - t.black;
    EXPECT_EQ(sum, b.white_view);
    EXPECT_EQ(b.side_to_move_view, evaluate(rulebook(v), hand, pos));
    EXPECT_EQ(term(b, "material", Color::White), 1400);
    EXPECT_EQ(term(b, "material", Color::Black), 1400);
}

TEST(Eval, AManUpIsAboutAMan) {
    const Variant v = Variant::International;
    const int s = evaluate(rulebook(v), hand,
                           fen(v,
                               "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:"
                               "B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19"));
    EXPECT_GT(s, 60);
    EXPECT_LT(s, 160);
}

TEST(Eval, KingsAreWorthSeveralMen) {
    const Breakdown big =
        explain(rulebook(Variant::International), hand, fen(Variant::International, "W:WK46,30:B10,15"));
    EXPECT_GE(term(big, "material", Color::White) - 100, 250);
    const Breakdown small = explain(rulebook(Variant::English), hand, fen(Variant::English, "W:WK29,20:B5,8"));
    const int king8 = term(small, "material", Color::White) - 100;
    EXPECT_GT(king8, 100);
    EXPECT_LT(king8, term(big, "material", Color::White) - 100);
}

TEST(Eval, RunawayManIsRecognised) {
    const Variant v = Variant::International;
    // Nothing can stop the man on 21 from reaching the crowning row...
    EXPECT_GT(term(explain(rulebook(v), hand, fen(v, "W:W21:B4")), "runaways", Color::White), 0);
    // ...but a man on 12 stands in its way.
    EXPECT_EQ(term(explain(rulebook(v), hand, fen(v, "W:W21:B12")), "runaways", Color::White), 0);
    // A man closer to the crowning row is worth more.
    EXPECT_GT(term(explain(rulebook(v), hand, fen(v, "W:W11:B4")), "runaways", Color::White),
              term(explain(rulebook(v), hand, fen(v, "W:W21:B4")), "runaways", Color::White));
}

// The runaway count spreads blocked squares backwards a row at a time; this is what it must
// equal: a man is a runaway when the other side has no king and no enemy piece stands in any
// row ahead of the man within one file per row (its cone), and the rows are those men's
// relative rows.
template <RuleSet R>
void expect_runaways_match_their_cones(std::uint64_t seed) {
    using B = typename R::Board;
    using M = Masks<B>;
    std::mt19937_64 rng(seed);
    for (int trial = 0; trial < 2000; ++trial) {
        Bitboard white = 0, black = 0;
        const int density = 2 + static_cast<int>(rng() % 6);
        for (int b : Bits{B::all_squares}) {
            const auto roll = rng() % 16;
            if (roll < static_cast<unsigned>(density))
                white |= bit(b);
            else if (roll < 2u * static_cast<unsigned>(density))
                black |= bit(b);
        }
        Bitboard kings = 0;  // now and then a king or two: a side facing one has no runaway
        for (int b : Bits{white | black})
            if (rng() % 64 == 0) kings |= bit(b);
        const Position pos = Position::from_sets(white, black, kings, Color::White);
        for (const Color c : {Color::White, Color::Black}) {
            int men = 0, rows = 0;
            for (int m : Bits{pos.kings(~c) ? 0 : pos.men(c)}) {
                bool stopped = false;
                for (int e : Bits{pos.pieces(~c)}) {
                    const int ahead = M::relative_row(c, e) - M::relative_row(c, m);
                    const int aside = std::abs(M::relative_file(c, e) - M::relative_file(c, m));
                    stopped |= ahead > 0 && aside <= ahead + 1;
                }
                if (!stopped) {
                    ++men;
                    rows += M::relative_row(c, m);
                }
            }
            const auto r = BoardFacts<R>::runaways(pos)[index(c)];
            ASSERT_EQ(r.men, men) << "trial " << trial;
            ASSERT_EQ(r.rows, rows) << "trial " << trial;
        }
    }
}

TEST(Eval, RunawaysAreTheMenWithNoEnemyInTheirCone) {
    expect_runaways_match_their_cones<International>(1);
    expect_runaways_match_their_cones<English>(2);
}

TEST(Eval, SupportedOutpostScores) {
    const Variant v = Variant::International;
    // The man on 27 with 31 and 32 behind it; without them it is just a man in the centre.
    const Position supported = fen(v, "W:W27,31,32,45,50:B1,2,3,4,5");
    const Position alone = fen(v, "W:W27,41,45,47,50:B1,2,3,4,5");
    EXPECT_GT(term(explain(rulebook(v), hand, supported), "outposts", Color::White), 0);
    EXPECT_EQ(term(explain(rulebook(v), hand, alone), "outposts", Color::White), 0);
}

TEST(Eval, DrawnKingEndingsScoreNearZero) {
    // One king against a king and a man (KNDB art. 9b makes it a draw in five moves).
    const Breakdown intl =
        explain(rulebook(Variant::International), hand, fen(Variant::International, "W:WK46,30:BK5"));
    EXPECT_TRUE(intl.scaled);
    EXPECT_LT(std::abs(intl.white_view), 40);
    // One king against three pieces with the lone king on the long diagonal.
    const Breakdown three =
        explain(rulebook(Variant::International), hand, fen(Variant::International, "W:WK1,K3,K36:BK28"));
    EXPECT_LT(std::abs(three.white_view), 60);
    // One king each in English checkers.
    EXPECT_LT(std::abs(evaluate(rulebook(Variant::English), hand, fen(Variant::English, "W:WK14:BK30"))), 20);
}

// +1 when White holds the opposition, -1 when Black does, 0 when the term does not apply.
int opposition_holder(Variant v, const Position& pos) {
    const Breakdown b = explain(rulebook(v), hand, pos);
    const int w = term(b, "opposition", Color::White), k = term(b, "opposition", Color::Black);
    EXPECT_FALSE(w && k);
    return (w > 0) - (k > 0);
}

TEST(Eval, OppositionGoesToTheSideThatNeedNotMove) {
    const Variant v = Variant::International;
    // Men face each other on the a-file with 31 between them: whoever moves must step into
    // the capture, so the side not to move holds the opposition.
    EXPECT_EQ(opposition_holder(v, fen(v, "W:W36:B26")), -1);
    EXPECT_EQ(opposition_holder(v, fen(v, "B:W36:B26")), +1);
    EXPECT_EQ(opposition_holder(v, fen(v, "W:W35,36:B25,26")), -1);
    // A second pair on the j-file, 40 against 25, one row out of step: now the mover holds it
    // (40-34 or 40-35 and Black must give a man).
    EXPECT_EQ(opposition_holder(v, fen(v, "W:W36,40:B25,26")), +1);
    EXPECT_EQ(opposition_holder(v, fen(v, "B:W36,40:B25,26")), -1);
    // It means nothing with a king on the board, with unequal numbers of men, or when a man
    // runs through to the crowning row (45 here).
    EXPECT_EQ(opposition_holder(v, fen(v, "W:W36,K40:B25,26")), 0);
    EXPECT_EQ(opposition_holder(v, fen(v, "W:W36,40:B26")), 0);
    EXPECT_EQ(opposition_holder(v, fen(v, "W:W36,45:B26,6")), 0);
}

TEST(Eval, OppositionChangesHandsOnlyThroughCaptures) {
    // A man's step changes the parity of its row and passes the turn: the holder never
    // changes sides without a capture (the term may switch off, when a man breaks free).
    // Random endings of one to four men each, away from the crowning rows.
    std::mt19937 rng(3);
    for (Variant v : all_variants) {
        if (v == Variant::Antidraughts) continue;  // material only
        const int n = rulebook(v).squares(), per_row = n == 50 ? 5 : 4;
        std::uniform_int_distribution<int> square(per_row + 1, n - per_row);
        int checked = 0;
        for (int trial = 0; trial < 3000; ++trial) {
            const int men = 1 + trial % 4;
            Bitboard white = 0, black = 0;
            while (popcount(white) < men) white |= bit(rulebook(v).bit_of_square(square(rng)));
            while (popcount(black) < men) black |= bit(rulebook(v).bit_of_square(square(rng))) & ~white;
            const Position pos = Position::from_sets(white, black, 0, trial % 2 ? Color::White : Color::Black);
            const int before = opposition_holder(v, pos);
            if (!before) continue;
            MoveList moves;
            rulebook(v).generate_moves(pos, moves);
            for (const Move& m : moves) {
                if (m.is_capture()) break;  // captures are compulsory: all or none
                Position after = pos;
                rulebook(v).play(after, m);
                const int now = opposition_holder(v, after);
                if (!now) continue;
                ASSERT_EQ(now, before) << rulebook(v).name() << " " << rulebook(v).format_fen(pos) << " then "
                                       << rulebook(v).format_fen(after);
                ++checked;
            }
        }
        EXPECT_GT(checked, 100) << rulebook(v).name();
    }
}

TEST(Eval, AntidraughtsWantsFewerPieces) {
    const Variant v = Variant::Antidraughts;
    EXPECT_LT(evaluate(rulebook(v), hand, fen(v, "W:W31,32,33:B1,2")), 0);
    EXPECT_GT(evaluate(rulebook(v), hand, fen(v, "W:W31,32:B1,2,3")), 0);
}

}  // namespace
}  // namespace kroon::eval
