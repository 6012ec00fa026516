// The hand-written evaluation, templated on the variant's rules so the search inlines it.
//
// Every term is computed for each colour from its own side of the board (eval_masks.hpp) and
// the difference is taken; a Sink receives each term so `kroon eval` can print the breakdown
// while the search passes a sink that does nothing. Scores are hundredths of a man.
#pragma once

#include <cstdlib>

#include "engine/position/position.hpp"
#include "engine/rules/rules.hpp"
#include "eval/board_facts.hpp"
#include "eval/eval_masks.hpp"
#include "eval/terms.hpp"

namespace kroon::eval {

// Values per board, set by hand and checked in self-play: a flying king is worth about
// three men on 10x10 and less on 8x8; a king that steps (English, Italian) far less.
template <RuleSet R>
struct HandWeights {
    static constexpr bool big = R::Board::squares == 50;
    static constexpr int man = 100;
    static constexpr int king = big ? 300 : R::flying_kings ? 250 : 150;
    static constexpr int start_men = 2 * R::start_rows * R::Board::columns_per_row;
    // Advancement per row: small while the board is full, large in the endgame.
    static constexpr int advance_opening = 3;
    static constexpr int advance_endgame = big ? 6 : 8;
    static constexpr int centre = big ? 8 : 6;
    static constexpr int outpost = 12;
    static constexpr int balance = 4;
    static constexpr int back_rank = 6;
    static constexpr int edge = 4;
    static constexpr int runaway_base = 30;
    static constexpr int runaway_per_row = 12;
    static constexpr int king_diagonal = big ? 15 : 0;
    static constexpr int mobility_opening = 1;
    static constexpr int mobility_endgame = 3;
    static constexpr int king_mobility = big ? 2 : 4;
    static constexpr int frozen = 3;
    // Worth most with one man each and little beyond four each (measured in self-play from
    // closed endings: the holder scored 76 % with one man each, 59 % with two, ~50 % with three).
    static constexpr int opposition = big ? 40 : 30;
    static constexpr int opposition_max_men = 4;
};

// Endings that are drawn however many pieces one side has left: the score is scaled down so
// the search prefers real winning chances (KNDB art. 9 and Frisian art. 18/21 end them).
template <RuleSet R, class Sink>
int scale_drawn_endings(const Position& pos, int score, Sink& sink) {
    // The draw rules behind the scaling belong to the games won by taking the pieces: in
    // antidraughts the lone king is what the side wants, breakthrough ends at the first king.
    if constexpr (R::losing_game || R::first_king_wins) return score;
    using M = Masks<typename R::Board>;
    constexpr bool big = R::Board::squares == 50;
    for (Color strong : {Color::White, Color::Black}) {
        const Color weak = ~strong;
        if (pos.men(weak) || popcount(pos.kings(weak)) != 1) continue;
        const int strong_pieces = popcount(pos.pieces(strong));
        const int strong_kings = popcount(pos.kings(strong));
        int divisor = 1;
        if constexpr (big) {
            if (strong_pieces <= 2 && strong_kings >= 1) divisor = 16;
            // One king against three with a king: drawn when the lone king holds the long
            // diagonal, otherwise the 16-move rule still gives good drawing chances.
            else if (strong_pieces == 3 && strong_kings >= 1)
                divisor = (pos.kings(weak) & M::long_diagonal) ? 16 : 2;
        } else {
            if (strong_pieces == 1 && strong_kings == 1) divisor = 16;
        }
        if (divisor > 1) {
            const int scaled = score / divisor;
            sink.scaled(score, scaled);
            return scaled;
        }
    }
    return score;
}

template <RuleSet R, class Sink>
class Evaluator {
    using B = typename R::Board;
    using M = Masks<B>;
    using W = HandWeights<R>;
    using Facts = BoardFacts<R>;

public:
    Evaluator(const Position& pos, Sink& sink) : pos_(pos), sink_(sink) {}

    // Score from White's point of view.
    int white_view() {
        if constexpr (R::losing_game) return losing_game_view();
        const int men = popcount(pos_.men(Color::White) | pos_.men(Color::Black));
        // Phase: start_men on a full board, 0 with no men left.
        opening_ = men;
        endgame_ = W::start_men - men;
        runaways_ = Facts::runaways(pos_);
        any_runaway_ = runaways_[0].men != 0 || runaways_[1].men != 0;
        int score = side(Color::White) - side(Color::Black);
        score += opposition();
        score = scale_drawn_endings<R>(pos_, score, sink_);
        if (score > max_score) score = max_score;
        if (score < -max_score) score = -max_score;
        return score;
    }

    // Score from the side to move's point of view.
    int side_to_move_view() {
        const int s = white_view();
        return pos_.side_to_move() == Color::White ? s : -s;
    }

private:
    void add(Term t, Color c, int v, int& total) {
        sink_.add(t, c, v);
        total += v;
    }

    int phased(int opening, int endgame) const { return (opening * opening_ + endgame * endgame_) / W::start_men; }

    int side(Color c) {
        const int ci = index(c);
        const Bitboard men = pos_.men(c);
        const Bitboard kings = pos_.kings(c);
        const Bitboard own = pos_.pieces(c);
        int total = 0;

        add(Term::Material, c, W::man * popcount(men) + W::king * popcount(kings), total);

        add(Term::Advancement, c, Facts::tempo(pos_, c) * phased(W::advance_opening, W::advance_endgame), total);

        add(Term::Centre, c, phased(W::centre * popcount(men & M::centre[ci]), 0), total);

        int outposts = 0;
        for (int b : Bits{men & M::outpost[ci]})
            if (supported(c, b, own)) ++outposts;
        add(Term::Outposts, c, phased(W::outpost * outposts, 0), total);

        const int wings = popcount(men & M::left_wing[ci]) - popcount(men & M::right_wing[ci]);
        add(Term::Balance, c, phased(-W::balance * std::abs(wings), 0), total);

        add(Term::BackRank, c, phased(W::back_rank * popcount(men & M::back_rank[ci]), 0), total);
        add(Term::Edge, c, phased(-W::edge * popcount(men & M::edge[ci]), 0), total);

        const auto& runaways = runaways_[ci];
        add(Term::Runaways, c, W::runaway_base * runaways.men + W::runaway_per_row * runaways.rows, total);

        // Free moves: the side that runs out of them first must give material away. Men that
        // cannot step at all, held by a piece of the other side, are a burden.
        const auto steps = Facts::steps(pos_, c);
        add(Term::Mobility, c, steps.free * phased(W::mobility_opening, W::mobility_endgame), total);
        add(Term::Locks, c, -W::frozen * steps.held, total);

        int king_score = W::king_diagonal * popcount(kings & M::long_diagonal);
        for (int k : Bits{kings}) king_score += W::king_mobility * Facts::king_reach(pos_, k);
        add(Term::Kings, c, king_score, total);
        return total;
    }

    // The opposition (BoardFacts::opposition): in an ending of men against an equal number
    // of men, the side that must move when the men meet has to give way and lose a tempo or a
    // man. It means nothing once a man can run through to the crowning row, or with a king on
    // the board (a king wastes tempi at will). Returns White's view.
    int opposition() {
        const auto holder = Facts::opposition(pos_, any_runaway_, W::opposition_max_men);
        if (!holder) return 0;
        const int value = W::opposition / popcount(pos_.men(Color::White));
        sink_.add(Term::Opposition, *holder, value);
        return *holder == Color::White ? value : -value;
    }

    // Antidraughts: the side that runs out of pieces or moves wins, so every piece left is
    // a burden; only material is scored.
    int losing_game_view() {
        int score = 0;
        for (Color c : {Color::White, Color::Black}) {
            const int material = W::man * popcount(pos_.men(c)) + W::king * popcount(pos_.kings(c));
            sink_.add(Term::Material, c, -material);
            score += c == Color::White ? -material : material;
        }
        return score;
    }

    // Both squares behind the man (towards its own side) hold own pieces or are off the board.
    bool supported(Color c, int b, Bitboard own) const {
        const int left = B::step[c == Color::White ? SouthWest : NorthWest][b];
        const int right = B::step[c == Color::White ? SouthEast : NorthEast][b];
        return (left < 0 || ((own >> left) & 1)) && (right < 0 || ((own >> right) & 1));
    }

    const Position& pos_;
    Sink& sink_;
    int opening_ = 0;
    int endgame_ = 0;
    std::array<typename Facts::Runaways, 2> runaways_{};  // [colour]
    bool any_runaway_ = false;
};

template <RuleSet R>
inline int evaluate(const Position& pos) {
    NoTrace sink;
    return Evaluator<R, NoTrace>(pos, sink).side_to_move_view();
}

}  // namespace kroon::eval
