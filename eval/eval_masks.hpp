// Board masks the evaluation reads, built at compile time for each board and each colour.
//
// Everything is described from the owner's side: relative row 0 is the owner's back rank and
// the last relative row is where its men are crowned. Black's masks are White's turned half
// a turn (square s <-> N + 1 - s), so every term is written once.
#pragma once

#include <array>

#include "engine/bitboard.hpp"
#include "engine/board/board.hpp"
#include "engine/types.hpp"

namespace kroon::eval {

template <class B>
struct Masks {
    static constexpr int rows = B::rows;
    static constexpr int files = B::width;

    // Row counted from the colour's own back rank.
    static constexpr int relative_row(Color c, int b) {
        return c == Color::White ? B::rows - 1 - B::row_of_bit(b) : B::row_of_bit(b);
    }
    // File counted from the colour's own left hand.
    static constexpr int relative_file(Color c, int b) {
        return c == Color::White ? B::file_of_bit(b) : B::width - 1 - B::file_of_bit(b);
    }

    template <class Pred>
    static constexpr Bitboard select(Color c, Pred pred) {
        Bitboard m = 0;
        for (int i = 0; i < B::squares; ++i) {
            const int b = B::bit_of_index(i);
            if (pred(relative_row(c, b), relative_file(c, b))) m |= bit(b);
        }
        return m;
    }

    template <class Pred>
    static constexpr std::array<Bitboard, 2> both(Pred pred) {
        return {select(Color::White, pred), select(Color::Black, pred)};
    }

    // Relative row r of each colour.
    static constexpr auto row = [] {
        std::array<std::array<Bitboard, rows>, 2> t{};
        for (int c = 0; c < 2; ++c)
            for (int r = 0; r < rows; ++r)
                t[c][r] = select(static_cast<Color>(c), [r](int rr, int) { return rr == r; });
        return t;
    }();

    // Bit k of the relative row: the advancement sum is sum_k 2^k popcount(men & plane[k]).
    static constexpr auto row_plane = [] {
        std::array<std::array<Bitboard, 4>, 2> t{};
        for (int c = 0; c < 2; ++c)
            for (int k = 0; k < 4; ++k)
                t[c][k] = select(static_cast<Color>(c), [k](int rr, int) { return (rr >> k) & 1; });
        return t;
    }();

    // The middle of the board: the central files on the rows where the fight for the centre
    // is (10x10: squares 22-24, 27-29 and 32-34 for White).
    static constexpr auto centre =
        both([](int r, int f) { return r >= rows / 2 - 2 && r <= rows / 2 && f >= 2 && f <= files - 3; });
    // Outpost squares: the front of the centre (22-24 and 27-29 for White on 10x10; a man
    // on 22/23/27/28 well supported from behind is the "hekstelling").
    static constexpr auto outpost =
        both([](int r, int f) { return r >= rows / 2 - 1 && r <= rows / 2 && f >= 2 && f <= files - 3; });
    static constexpr auto back_rank = both([](int r, int) { return r == 0; });
    // The two outer files: men there control fewer squares.
    static constexpr auto edge = both([](int, int f) { return f == 0 || f == files - 1; });
    // The two halves of the board, for the left/right balance.
    static constexpr auto left_wing = both([](int, int f) { return f < files / 2; });
    static constexpr auto right_wing = both([](int, int f) { return f >= files / 2; });

    // Rows 0, 2, 4, ... of the board: one of the two systems of squares for the opposition.
    static constexpr Bitboard even_rows = [] {
        Bitboard m = 0;
        for (int i = 0; i < B::squares; ++i) {
            const int b = B::bit_of_index(i);
            if (B::row_of_bit(b) % 2 == 0) m |= bit(b);
        }
        return m;
    }();

    // Long diagonal (46-5 on 10x10, 29-4 on 8x8): the strongest line for a king.
    static constexpr Bitboard long_diagonal = [] {
        Bitboard m = 0;
        for (int i = 0; i < B::squares; ++i) {
            const int b = B::bit_of_index(i);
            if (B::row_of_bit(b) + B::file_of_bit(b) == B::rows - 1) m |= bit(b);
        }
        return m;
    }();
};

}  // namespace kroon::eval
