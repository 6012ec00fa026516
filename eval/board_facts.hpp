// Facts about a position that both evaluations read (the hand-written one in evaluator.hpp
// and the learned one in features.hpp): tempo, free steps, held men, runaway men, king
// reach and the opposition, each for one side, from that side's point of view.
#pragma once

#include <array>
#include <optional>

#include "engine/position/position.hpp"
#include "engine/rules/rules.hpp"
#include "eval/eval_masks.hpp"

namespace kroon::eval {

template <RuleSet R>
struct BoardFacts {
    using B = typename R::Board;
    using M = Masks<B>;

    // Rows advanced, summed over the side's men.
    static int tempo(const Position& pos, Color c) {
        int t = 0;
        for (int k = 0; k < 4; ++k) t += popcount(pos.men(c) & M::row_plane[index(c)][k]) << k;
        return t;
    }

    // Forward steps to an empty square, one per man and direction.
    struct Steps {
        int free = 0;  // steps the men can make
        int held = 0;  // men that cannot step because a piece of the other side holds them
    };
    static Steps steps(const Position& pos, Color c) {
        const Bitboard men = pos.men(c);
        const Bitboard empty = B::all_squares & ~pos.occupied();
        const Bitboard enemy = pos.pieces(~c);
        const Bitboard to_left = c == Color::White ? empty << B::left_up : empty >> B::right_up;
        const Bitboard to_right = c == Color::White ? empty << B::right_up : empty >> B::left_up;
        const Bitboard enemy_left = c == Color::White ? enemy << B::left_up : enemy >> B::right_up;
        const Bitboard enemy_right = c == Color::White ? enemy << B::right_up : enemy >> B::left_up;
        return {popcount(men & to_left) + popcount(men & to_right),
                popcount(men & ~(to_left | to_right) & (enemy_left | enemy_right))};
    }

    // Men with no enemy piece in their path to the crowning row, while the other side has
    // no king: only the side's own pieces, which can make way, stand in front of them. The
    // path is the cone of squares a man could still pass (each row ahead, within one file
    // per row), so a square is blocked when a forward step from it lands on an enemy piece
    // or on a blocked square. One pass a row spreads that backwards without a loop over the
    // men; both colours go through the same passes, whose two chains of shifts overlap.
    struct Runaways {
        int men = 0;
        int rows = 0;  // relative rows of those men, summed
    };
    [[gnu::always_inline]] static std::array<Runaways, 2> runaways(const Position& pos) {
        if (pos.kings(Color::White) && pos.kings(Color::Black)) return {};  // neither side has one
        const Bitboard white = pos.pieces(Color::White);
        const Bitboard black = pos.pieces(Color::Black);
        // The men that could be runaways: none of a side whose opponent has a king.
        const Bitboard white_candidates = pos.kings(Color::Black) ? 0 : pos.men(Color::White);
        const Bitboard black_candidates = pos.kings(Color::White) ? 0 : pos.men(Color::Black);
        Bitboard white_blocked = 0, black_blocked = 0;  // squares whose men have an enemy ahead
        for (int pass = 1; pass < B::rows; ++pass) {
            const Bitboard white_ahead = black | white_blocked;
            const Bitboard black_ahead = white | black_blocked;
            white_blocked = ((white_ahead << B::left_up) | (white_ahead << B::right_up)) & B::all_squares;
            black_blocked = ((black_ahead >> B::left_up) | (black_ahead >> B::right_up)) & B::all_squares;
            // The blocked squares only grow: once every candidate is blocked, none is a
            // runaway. In the middle game that comes after a few passes, not nine.
            if (!(white_candidates & ~white_blocked) && !(black_candidates & ~black_blocked)) return {};
        }
        std::array<Runaways, 2> r{};
        for (const Color c : {Color::White, Color::Black}) {
            const Bitboard free =
                c == Color::White ? white_candidates & ~white_blocked : black_candidates & ~black_blocked;
            r[index(c)].men = popcount(free);
            for (int k = 0; k < 4; ++k) r[index(c)].rows += popcount(free & M::row_plane[index(c)][k]) << k;
        }
        return r;
    }

    // Empty squares the king on `k` can move to.
    static int king_reach(const Position& pos, int k) {
        const Bitboard occupied = pos.occupied();
        int n = 0;
        for (int d = 0; d < 4; ++d) {
            if constexpr (R::flying_kings) {
                const Bitboard ray = B::ray[d][k];
                const Bitboard blockers = ray & occupied;
                n += popcount(blockers ? ray & ~(B::ray[d][B::nearest(d, blockers)] | blockers) : ray);
            } else {
                const int to = B::step[d][k];
                n += to >= 0 && !((occupied >> to) & 1);
            }
        }
        return n;
    }

    // The opposition ("the move", Lasker's systems of squares) in an ending of men against an
    // equal number of men, at most `max_men` each, no king and no runaway man: split the
    // squares by row parity; if one half holds an odd number of pieces, the side to move has
    // the opposition, otherwise the other side has it. A man's step changes its row parity
    // and passes the turn, so the holder only changes through captures.
    static std::optional<Color> opposition(const Position& pos, bool any_runaway, int max_men) {
        const Bitboard white = pos.men(Color::White);
        const Bitboard black = pos.men(Color::Black);
        const int men = popcount(white);
        if (pos.kings() || any_runaway || men != popcount(black) || men == 0 || men > max_men) return std::nullopt;
        const bool mover_has_it = popcount((white | black) & M::even_rows) & 1;
        return mover_has_it ? pos.side_to_move() : ~pos.side_to_move();
    }
};

}  // namespace kroon::eval
