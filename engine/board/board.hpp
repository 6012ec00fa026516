// Board geometry for the square draughts boards (10x10 and 8x8), as constexpr tables.
//
// Squares are numbered 1..N row by row from Black's side (docs/rules.md, Board, squares and notation).
// Each row holds `Cols` dark squares. Bits are laid out row by row with one unused "ghost"
// bit after every pair of rows, so every diagonal step is a constant shift and stepping off
// the left or right edge lands on a ghost bit (never a real square):
//
//   10x10 (Cols = 5)                          8x8 (Cols = 4)
//      .  0  .  1  .  2  .  3  .  4   row 0      .  0  .  1  .  2  .  3   row 0
//      5  .  6  .  7  .  8  .  9  .   row 1      4  .  5  .  6  .  7  .   row 1
//      (bit 10 ghost)                            (bit 8 ghost)
//      . 11  . 12  . 13  . 14  . 15   row 2      .  9  . 10  . 11  . 12   row 2
//     16  . 17  . 18  . 19  . 20  .   row 3     13  . 14  . 15  . 16  .   row 3
//      ...                                       ...
//     49  . 50  . 51  . 52  . 53  .   row 9     31  . 32  . 33  . 34  .   row 7
//
// Square s (1-based) sits on bit (s-1) + (s-1)/(2*Cols). Up-left is -(Cols+1), up-right -Cols,
// down-left +Cols, down-right +(Cols+1). White moves up (towards square 1).
#pragma once

#include <array>
#include <cstdint>

#include "engine/bitboard.hpp"

namespace kroon {

// Directions: the four diagonals first, then the four orthogonal lines (Frisian art. 7 and 9
// capture along rows and columns). opposite(d) == d ^ 2 within each group of four.
enum Direction : int {
    NorthWest = 0,
    NorthEast = 1,
    SouthEast = 2,
    SouthWest = 3,
    West = 4,
    North = 5,
    East = 6,
    South = 7,
};
constexpr int direction_count = 8;
constexpr int opposite(int d) { return d ^ 2; }
// Directions whose steps increase the bit index: nearest piece on a ray is its lowest bit.
constexpr bool increasing(int d) { return (d & 2) != 0; }

// Mirrored = true numbers the squares of each row from the other side: the Italian and
// Spanish boards (a1 light), which are the standard board seen in a mirror. Only the
// numbering changes; the geometry and every rule are symmetric.
template <int Cols, bool Mirrored = false>
struct Board {
    static constexpr int columns_per_row = Cols;  // dark squares per row
    static constexpr int rows = 2 * Cols;
    static constexpr int width = 2 * Cols;                 // files a.. of the full board
    static constexpr int squares = rows * Cols;            // 50 or 32
    static constexpr int pair_bits = 2 * Cols + 1;         // two rows plus a ghost bit
    static constexpr int bits = rows / 2 * pair_bits - 1;  // highest used bit + 1

    static constexpr int left_up = Cols + 1;
    static constexpr int right_up = Cols;

    static constexpr int bit_of_index(int i) { return i + i / (2 * Cols); }  // i = square - 1

    static constexpr int row_of_bit(int b) { return 2 * (b / pair_bits) + (b % pair_bits >= Cols ? 1 : 0); }
    // File 0..width-1 (a..j on 10x10): even rows use odd files, odd rows even files.
    static constexpr int file_of_bit(int b) {
        const int r = row_of_bit(b);
        const int k = b % pair_bits - (r % 2 ? Cols : 0);
        return r % 2 ? 2 * k : 2 * k + 1;
    }
    static constexpr bool on_board(int row, int file) {
        return row >= 0 && row < rows && file >= 0 && file < width && (row + file) % 2 == 1;
    }
    static constexpr int bit_at(int row, int file) {
        return on_board(row, file) ? bit_of_index(row * Cols + file / 2) : -1;
    }

    static constexpr Bitboard all_squares = [] {
        Bitboard b = 0;
        for (int i = 0; i < squares; ++i) b |= bit(bit_of_index(i));
        return b;
    }();
    static_assert(std::popcount(all_squares) == squares);

    static constexpr Bitboard row_mask(int r) {
        Bitboard b = 0;
        for (int i = r * Cols; i < (r + 1) * Cols; ++i) b |= bit(bit_of_index(i));
        return b;
    }

    // First and last dark square of every row: a step along a row must not wrap around.
    static constexpr Bitboard row_starts = [] {
        Bitboard b = 0;
        for (int r = 0; r < rows; ++r) b |= bit(bit_of_index(r * Cols));
        return b;
    }();
    static constexpr Bitboard row_ends = [] {
        Bitboard b = 0;
        for (int r = 0; r < rows; ++r) b |= bit(bit_of_index(r * Cols + Cols - 1));
        return b;
    }();

    // Square number (1-based) of a bit, 0 for ghost or unused bits.
    static constexpr int bit_of_square(int square) {
        const int i = square - 1;
        return bit_of_index(Mirrored ? i / Cols * Cols + (Cols - 1 - i % Cols) : i);
    }
    static constexpr std::array<std::uint8_t, 64> square_of_bit = [] {
        std::array<std::uint8_t, 64> t{};
        for (int s = 1; s <= squares; ++s) t[bit_of_square(s)] = static_cast<std::uint8_t>(s);
        return t;
    }();

    static constexpr int row_step(int d) {
        constexpr int dr[direction_count] = {-1, -1, 1, 1, 0, -2, 0, 2};
        return dr[d];
    }
    static constexpr int file_step(int d) {
        constexpr int df[direction_count] = {-1, 1, 1, -1, -2, 0, 2, 0};
        return df[d];
    }

    // step[d][b]: the neighbouring square in direction d (orthogonal neighbours are the next
    // dark square on the row or column), or -1 off the board.
    static constexpr auto step = [] {
        std::array<std::array<std::int8_t, 64>, direction_count> t{};
        for (auto& row : t) row.fill(-1);
        for (int d = 0; d < direction_count; ++d)
            for (int i = 0; i < squares; ++i) {
                const int b = bit_of_index(i);
                t[d][b] = static_cast<std::int8_t>(bit_at(row_of_bit(b) + row_step(d), file_of_bit(b) + file_step(d)));
            }
        return t;
    }();

    // ray[d][b]: every square beyond b in direction d, up to the edge.
    static constexpr auto ray = [] {
        std::array<std::array<Bitboard, 64>, direction_count> t{};
        for (int d = 0; d < direction_count; ++d)
            for (int i = 0; i < squares; ++i) {
                const int b = bit_of_index(i);
                Bitboard r = 0;
                for (int s = step[d][b]; s >= 0; s = step[d][s]) r |= bit(s);
                t[d][b] = r;
            }
        return t;
    }();

    static int nearest(int d, Bitboard on_ray) { return increasing(d) ? lowest_bit(on_ray) : highest_bit(on_ray); }
};

using Board10 = Board<5>;
using Board8 = Board<4>;
using Board8Mirrored = Board<4, true>;

static_assert(Board10::squares == 50 && Board8::squares == 32);
static_assert(Board10::bits == 54 && Board8::bits == 35);
static_assert(Board10::square_of_bit[Board10::bit_of_square(46)] == 46);
static_assert(Board10::file_of_bit(Board10::bit_of_square(46)) == 0);  // 46 = a1
static_assert(Board10::file_of_bit(Board10::bit_of_square(1)) == 1);   // 1 = b10
static_assert(Board10::step[NorthEast][Board10::bit_of_square(46)] == Board10::bit_of_square(41));
static_assert(Board10::step[NorthWest][Board10::bit_of_square(32)] == Board10::bit_of_square(27));
static_assert(Board10::step[East][Board10::bit_of_square(5)] == -1);
static_assert(Board10::step[South][Board10::bit_of_square(1)] == Board10::bit_of_square(11));
static_assert(std::popcount(Board10::ray[NorthEast][Board10::bit_of_square(46)]) == 9);

}  // namespace kroon
