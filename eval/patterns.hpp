// The board regions of the learned evaluation: 4x4 windows of the board. The base layout has
// every window whose corners sit on even rows and files (16 on 10x10, 9 on 8x8); a weights file
// may add the shifted ones, whose corners sit on odd rows and files (9 more on 10x10, 4 on
// 8x8), each straddling four base windows, so that a pattern across the base windows' borders
// is seen whole. Each window holds 8 dark squares, and the men on them (own, the other side's,
// or none) give one of 3^8 = 6561 patterns. A side sees every window from its own side of the
// board: White reads the squares in bit order, Black reads the same window turned half a turn
// (square s <-> N + 1 - s reverses the bit order), so one table per window serves both colours
// and the evaluation is colour-symmetric by construction.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "engine/bitboard.hpp"
#include "engine/board/board.hpp"

#if defined(__BMI2__)
#include <immintrin.h>
#endif

namespace kroon::eval {

constexpr int window_squares = 8;
constexpr int pattern_count = 6561;  // 3^8

// Bits of `value` at the positions of `mask`, packed into the low bits in ascending order.
inline Bitboard extract_bits(Bitboard value, Bitboard mask) {
#if defined(__BMI2__)
    return _pext_u64(value, mask);
#else
    Bitboard out = 0;
    int k = 0;
    for (int b : Bits{mask}) out |= ((value >> b) & 1) << k++;
    return out;
#endif
}
inline std::uint32_t extract(Bitboard value, Bitboard mask) {
    return static_cast<std::uint32_t>(extract_bits(value, mask));
}

// Ternary weight of an 8-bit set: ternary[x] = sum of 3^k over the bits k of x; reversed[x]
// reads the bits from the other end (the window turned half a turn).
struct Ternary {
    std::array<std::uint16_t, 256> ternary{};
    std::array<std::uint16_t, 256> reversed{};
};

inline constexpr Ternary ternary_tables = [] {
    Ternary t;
    for (int x = 0; x < 256; ++x) {
        int forward = 0, backward = 0, power = 1;
        for (int k = 0; k < window_squares; ++k, power *= 3) {
            if ((x >> k) & 1) forward += power;
            if ((x >> (window_squares - 1 - k)) & 1) backward += power;
        }
        t.ternary[x] = static_cast<std::uint16_t>(forward);
        t.reversed[x] = static_cast<std::uint16_t>(backward);
    }
    return t;
}();

// The windows of a board with `rows` rows: the base layout alone, and with the shifted windows.
struct WindowCounts {
    int base;
    int with_shifted;
};

constexpr WindowCounts window_counts(int rows) {
    const int per_side = (rows - 4) / 2 + 1;  // base windows along a side
    return {per_side * per_side, per_side * per_side + (per_side - 1) * (per_side - 1)};
}

// The window a board turned half a turn puts in the place of window `w`, in a layout of `base`
// base windows followed by shifted ones up to `windows`: the turn maps each family onto itself,
// the first window of a family to its last.
constexpr int turned_window(int base, int windows, int w) { return w < base ? base - 1 - w : base + windows - 1 - w; }

template <class B>
struct Windows {
    static constexpr int per_side = (B::rows - 4) / 2 + 1;  // 4 on 10x10, 3 on 8x8
    static constexpr int count = window_counts(B::rows).base;
    static constexpr int shifted_per_side = per_side - 1;  // corners on odd rows and files
    static constexpr int with_shifted = window_counts(B::rows).with_shifted;

    // masks[w]: the 8 dark squares of window w, the base windows first (row-major over the
    // window corners), then the shifted ones (the same way).
    static constexpr std::array<Bitboard, with_shifted> masks = [] {
        std::array<Bitboard, with_shifted> m{};
        const auto window = [](int first_row, int first_file) {
            Bitboard mask = 0;
            for (int r = first_row; r < first_row + 4; ++r)
                for (int f = first_file; f < first_file + 4; ++f)
                    if (B::on_board(r, f)) mask |= bit(B::bit_at(r, f));
            return mask;
        };
        for (int wr = 0; wr < per_side; ++wr)
            for (int wf = 0; wf < per_side; ++wf) m[wr * per_side + wf] = window(2 * wr, 2 * wf);
        for (int wr = 0; wr < shifted_per_side; ++wr)
            for (int wf = 0; wf < shifted_per_side; ++wf)
                m[count + wr * shifted_per_side + wf] = window(2 * wr + 1, 2 * wf + 1);
        return m;
    }();
    static_assert([] {
        for (Bitboard m : masks)
            if (std::popcount(m) != window_squares) return false;
        return true;
    }());

    // The file of window w among the windows of its family (0 = a side's left edge).
    static constexpr int file(int w) { return w < count ? w % per_side : (w - count) % shifted_per_side; }
    static constexpr int files(int w) { return w < count ? per_side : shifted_per_side; }
};

// The pattern of window `w` seen by White (own = White's men) and by Black (own = Black's
// men, window turned): own men count 1, the other side's 2, in the side's own reading order.
template <class B>
struct WindowPatterns {
    std::uint16_t white;
    std::uint16_t black;
};

// White's pattern of window `w` alone: the index of the evaluation's folded tables
// (weights.hpp, fold_patterns). In 64-bit words from the extraction to the index: 32-bit
// ones cost two zero-extensions and a sign-extension a window.
template <class B>
inline std::size_t white_pattern(int w, Bitboard white_men, Bitboard black_men) {
    const Bitboard mask = Windows<B>::masks[w];
    const auto& t = ternary_tables;
    return std::size_t{t.ternary[extract_bits(white_men, mask)]} +
           2 * std::size_t{t.ternary[extract_bits(black_men, mask)]};
}

// Black's pattern of a window whose White's pattern is `white`: the same men read from the
// other side (colours swapped, window turned), as window_patterns gives it.
constexpr int black_reading(int white) {
    std::uint32_t white_bits = 0, black_bits = 0;
    for (int k = 0; k < window_squares; ++k, white /= 3) {
        if (white % 3 == 1) white_bits |= 1u << k;
        if (white % 3 == 2) black_bits |= 1u << k;
    }
    return ternary_tables.reversed[black_bits] + 2 * ternary_tables.reversed[white_bits];
}

template <class B>
inline WindowPatterns<B> window_patterns(int w, Bitboard white_men, Bitboard black_men) {
    const Bitboard mask = Windows<B>::masks[w];
    const std::uint32_t wb = extract(white_men, mask);
    const std::uint32_t bb = extract(black_men, mask);
    const auto& t = ternary_tables;
    return {static_cast<std::uint16_t>(t.ternary[wb] + 2 * t.ternary[bb]),
            static_cast<std::uint16_t>(t.reversed[bb] + 2 * t.reversed[wb])};
}

}  // namespace kroon::eval
