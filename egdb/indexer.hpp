// Numbers every position of one material slice, and back.
//
// Squares are taken in the board's bit order without the ghost bits ("dense" squares
// 0..squares-1, row by row from Black's side). A slice's index is, from the most significant
// part down: the side to move, the white men, the black men, the white kings, the black
// kings, each a combination numbered in the combinatorial number system (colex order):
//   - men never stand on their own crowning row, so each side's men choose among the
//     squares - columns squares left (White's exclude row 0, Black's the last row);
//   - the two sides' men are numbered independently, so an index where they share a square
//     is "not a position" (a small waste: a few percent of the small slices);
//   - the kings choose among the squares the men left free, White's first, then Black's among
//     what White's left;
//   - Frisian only, last: White's and then Black's art. 17 state (below).
#pragma once

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>

#if defined(__BMI2__)
#include <immintrin.h>
#endif

#include "egdb/material.hpp"
#include "engine/position/position.hpp"
#include "engine/rules/rules.hpp"

namespace kroon::egdb {

// Binomial coefficients C(n, k) for n < 64, k <= max_database_pieces.
struct Binomials {
    std::array<std::array<std::uint64_t, max_database_pieces + 2>, 65> c{};
    constexpr Binomials() {
        for (int n = 0; n <= 64; ++n) {
            c[n][0] = 1;
            for (int k = 1; k <= max_database_pieces + 1; ++k) c[n][k] = n == 0 ? 0 : c[n - 1][k - 1] + c[n - 1][k];
        }
    }
    constexpr std::uint64_t operator()(int n, int k) const { return n < 0 || n < k ? 0 : c[n][k]; }
};
inline constexpr Binomials choose{};

// The bits of `value` under `mask`, packed to the low end (pext), and the reverse (pdep).
inline std::uint64_t gather_bits(std::uint64_t value, std::uint64_t mask) {
#if defined(__BMI2__)
    return _pext_u64(value, mask);
#else
    std::uint64_t out = 0;
    for (std::uint64_t at = 1; mask; mask &= mask - 1, at <<= 1)
        if (value & mask & (~mask + 1)) out |= at;
    return out;
#endif
}
inline std::uint64_t scatter_bits(std::uint64_t value, std::uint64_t mask) {
#if defined(__BMI2__)
    return _pdep_u64(value, mask);
#else
    std::uint64_t out = 0;
    for (std::uint64_t at = 1; mask; mask &= mask - 1, at <<= 1)
        if (value & at) out |= mask & (~mask + 1);
    return out;
#endif
}

// The colex number of a set of bits: sum over its i-th lowest bit p of C(p, i + 1).
inline std::uint64_t combination_rank(std::uint64_t set) {
    std::uint64_t rank = 0;
    for (int i = 1; set; set &= set - 1, ++i) rank += choose(std::countr_zero(set), i);
    return rank;
}

// The set of `k` bits below bit `n` whose colex number is `rank`: from the highest bit down,
// the largest p with C(p, i) <= rank, found by bisection.
inline std::uint64_t combination_unrank(std::uint64_t rank, int k, int n) {
    std::uint64_t set = 0;
    int high = n - 1;
    for (int i = k; i >= 1; --i) {
        int low = i - 1;  // C(i - 1, i) = 0 <= rank always
        while (low < high) {
            const int mid = (low + high + 1) / 2;
            if (choose(mid, i) <= rank)
                low = mid;
            else
                high = mid - 1;
        }
        rank -= choose(low, i);
        set |= std::uint64_t{1} << low;
        high = low - 1;
    }
    return set;
}

// Frisian art. 17 state of a side: it counts only for a side with both men and kings (a side
// with only kings is not bound, one without kings has nothing to count): none, or one of its
// kings with the 1..limit quiet moves it made in a row, so 1 + limit x kings states. A state
// naming a square where the side has no king (its king was just taken) counts as none: no
// move of that side can continue the run, so both play the same.
template <RuleSet R>
class SliceIndexer {
    using B = typename R::Board;

public:
    static constexpr int squares = B::squares;
    static constexpr int man_squares = B::squares - B::columns_per_row;
    static constexpr std::uint64_t dense_all = (std::uint64_t{1} << squares) - 1;
    static constexpr int run_limit = R::king_move_limit;

    explicit SliceIndexer(Material m) : material_(m) {
        white_men_ = choose(man_squares, m.white_men);
        black_men_ = choose(man_squares, m.black_men);
        white_kings_ = choose(squares - m.men(), m.white_kings);
        black_kings_ = choose(squares - m.men() - m.white_kings, m.black_kings);
        white_runs_ = run_states(m.white_men, m.white_kings);
        black_runs_ = run_states(m.black_men, m.black_kings);
        per_side_ = white_men_ * black_men_ * white_kings_ * black_kings_ * white_runs_ * black_runs_;
    }

    const Material& material() const { return material_; }
    // Indices of the slice, both sides to move (White's first).
    std::uint64_t size() const { return 2 * per_side_; }
    std::uint64_t per_side() const { return per_side_; }

    static std::uint64_t dense(Bitboard bits) { return gather_bits(bits, B::all_squares); }
    static Bitboard board_bits(std::uint64_t dense_set) { return scatter_bits(dense_set, B::all_squares); }

    // The index of a position of this slice's material.
    std::uint64_t index(const Position& pos) const {
        const std::uint64_t wm = dense(pos.men(Color::White));
        const std::uint64_t bm = dense(pos.men(Color::Black));
        const std::uint64_t wk = dense(pos.kings(Color::White));
        const std::uint64_t bk = dense(pos.kings(Color::Black));
        const std::uint64_t free = dense_all & ~(wm | bm);
        std::uint64_t i = combination_rank(wm >> B::columns_per_row);
        i = i * black_men_ + combination_rank(bm);
        i = i * white_kings_ + combination_rank(gather_bits(wk, free));
        i = i * black_kings_ + combination_rank(gather_bits(bk, free & ~wk));
        if constexpr (run_limit > 0) {
            i = i * white_runs_ + run_rank(pos, Color::White, white_runs_);
            i = i * black_runs_ + run_rank(pos, Color::Black, black_runs_);
        }
        return pos.side_to_move() == Color::White ? i : i + per_side_;
    }

    // The position numbered `i`, or nothing where the two sides' men would share a square.
    std::optional<Position> position(std::uint64_t i) const {
        const Color side = i < per_side_ ? Color::White : Color::Black;
        if (i >= per_side_) i -= per_side_;
        const std::uint64_t black_run = i % black_runs_;
        i /= black_runs_;
        const std::uint64_t white_run = i % white_runs_;
        i /= white_runs_;
        const std::uint64_t bk_rank = i % black_kings_;
        i /= black_kings_;
        const std::uint64_t wk_rank = i % white_kings_;
        i /= white_kings_;
        const std::uint64_t bm = combination_unrank(i % black_men_, material_.black_men, man_squares);
        const std::uint64_t wm = combination_unrank(i / black_men_, material_.white_men, man_squares)
                                 << B::columns_per_row;
        if (wm & bm) return std::nullopt;
        const std::uint64_t free = dense_all & ~(wm | bm);
        const std::uint64_t wk =
            scatter_bits(combination_unrank(wk_rank, material_.white_kings, squares - material_.men()), free);
        const std::uint64_t bk = scatter_bits(
            combination_unrank(bk_rank, material_.black_kings, squares - material_.men() - material_.white_kings),
            free & ~wk);
        return Position::from_sets(board_bits(wm | wk), board_bits(bm | bk), board_bits(wk | bk), side,
                                   run_of(board_bits(wk), white_run), run_of(board_bits(bk), black_run));
    }

    // The art. 17 state numbered `rank` (0: none) among a side's kings `kings`.
    static KingRun run_of(Bitboard kings, std::uint64_t rank) {
        if constexpr (run_limit == 0) {
            return {};  // no king move limit: every rank is 0
        } else {
            if (rank == 0) return {};
            const auto king = static_cast<int>((rank - 1) / run_limit);
            Bitboard k = kings;
            for (int n = 0; n < king; ++n) k &= k - 1;
            return {static_cast<std::uint8_t>(std::countr_zero(k)),
                    static_cast<std::uint8_t>((rank - 1) % run_limit + 1)};
        }
    }

private:
    static std::uint64_t run_states(int men, int kings) {
        return run_limit > 0 && men > 0 && kings > 0 ? 1 + static_cast<std::uint64_t>(run_limit) * kings : 1;
    }

    static std::uint64_t run_rank(const Position& pos, Color c, std::uint64_t states) {
        const KingRun run = pos.king_run(c);
        const Bitboard kings = pos.kings(c);
        if (states == 1 || run.count == 0 || !(kings >> run.square & 1)) return 0;
        const auto below = static_cast<std::uint64_t>(popcount(kings & (bit(run.square) - 1)));
        return 1 + below * run_limit + (std::min<int>(run.count, run_limit) - 1);
    }

    Material material_;
    std::uint64_t white_men_ = 1, black_men_ = 1, white_kings_ = 1, black_kings_ = 1;
    std::uint64_t white_runs_ = 1, black_runs_ = 1, per_side_ = 1;
};

}  // namespace kroon::egdb
