// What the learned evaluation looks at, written once for both its users: the evaluation,
// which adds up weights, and the trainer, which fits them (tools/learn). A position is
// described from White's point of view by
//   - the pattern of men in every board window, for each side in its own reading order
//     (eval/patterns.hpp), and
//   - a few counts taken White minus Black (material, tempo, mobility, runaway men, ...).
// Every weight has a middle-game and an end-game value; the position's phase (men left on
// the board) blends them.
#pragma once

#include <array>
#include <cstdlib>
#include <string_view>

#include "engine/position/position.hpp"
#include "engine/rules/rules.hpp"
#include "eval/board_facts.hpp"
#include "eval/eval_masks.hpp"
#include "eval/patterns.hpp"

namespace kroon::eval {

// The counts, taken for each side.
enum class Dense : int {
    Men,
    Kings,
    Tempo,         // rows advanced, summed over the men
    Mobility,      // free steps of the men
    Runaways,      // men with a free path to the crowning row (no enemy king)
    RunawayRows,   // how far those men have come
    Locks,         // men that cannot step, held by an enemy piece
    KingMobility,  // squares the kings can reach
    KingDiagonal,  // kings on the long diagonal
    Balance,       // men on the left wing minus the right, in absolute value
    Opposition,    // the holder of the opposition in an ending of men: 12 / men each (evaluator.hpp)
    SideToMove,    // 1 for the side to move
    Count
};
constexpr int dense_count = static_cast<int>(Dense::Count);
// The counts padded with zeros to whole vector registers, so that the evaluation's fast path
// takes their weighted sum as a dot product the compiler vectorises.
constexpr int padded_dense_count = (dense_count + 7) / 8 * 8;
using PaddedCounts = std::array<int, padded_dense_count>;

constexpr std::array<std::string_view, dense_count> dense_names = {
    "men",   "kings",         "tempo",         "mobility", "runaways",   "runaway rows",
    "locks", "king mobility", "king diagonal", "balance",  "opposition", "side to move"};

// Phase weights: (mg * phase + eg * (full - phase)) / full, phase = men on the board.
template <RuleSet R>
constexpr int full_phase = 2 * R::start_rows* R::Board::columns_per_row;

// Calls visitor.pattern(window, table, index, sign) for each of the first `windows` windows
// (the base layout, or with the shifted windows: patterns.hpp) and each side (sign +1 for
// White, -1 for Black, whose windows use the table of the window turned half a turn; the
// side not to move's tables are offset by `waiting_offset`, 0 when one table serves both),
// and visitor.dense(feature, white, black) for every count that is not zero on both sides;
// the weights apply to white - black. Returns the phase.
template <RuleSet R, class Visitor>
inline int visit_counts(const Position& pos, Visitor& visitor);

template <RuleSet R, class Visitor>
int visit_features(const Position& pos, Visitor& visitor, int windows, int waiting_offset = 0) {
    using B = typename R::Board;
    const Bitboard white_men = pos.men(Color::White);
    const Bitboard black_men = pos.men(Color::Black);
    const int white_offset = pos.side_to_move() == Color::White ? 0 : waiting_offset;
    const int black_offset = waiting_offset - white_offset;
    for (int w = 0; w < windows; ++w) {
        const auto p = window_patterns<B>(w, white_men, black_men);
        visitor.pattern(w, w + white_offset, p.white, +1);
        visitor.pattern(w, turned_window(Windows<B>::count, windows, w) + black_offset, p.black, -1);
    }
    return visit_counts<R>(pos, visitor);
}

// The counts alone (visitor.dense), as visit_features gives them. Returns the phase.
// Inlined so that the evaluation's sum stays in registers (one call each; measured with
// `kroon bench --eval-only`).
template <RuleSet R, class Visitor>
[[gnu::always_inline]] inline int visit_counts(const Position& pos, Visitor& visitor) {
    using B = typename R::Board;
    using M = Masks<B>;
    const Bitboard white_men = pos.men(Color::White);
    const Bitboard black_men = pos.men(Color::Black);
    using Facts = BoardFacts<R>;
    // Every count is written below: a zeroing initialiser here compiles to a `rep stos`,
    // a tenth of the evaluation's time.
    int counts[2][dense_count];
    const auto runaways = Facts::runaways(pos);
    const bool any_runaway = runaways[0].men != 0 || runaways[1].men != 0;
    for (const Color c : {Color::White, Color::Black}) {
        int* count = counts[index(c)];
        const Bitboard men = pos.men(c);
        const Bitboard kings = pos.kings(c);
        count[int(Dense::Men)] = popcount(men);
        count[int(Dense::Kings)] = popcount(kings);
        count[int(Dense::Tempo)] = Facts::tempo(pos, c);
        const auto steps = Facts::steps(pos, c);
        count[int(Dense::Mobility)] = steps.free;
        count[int(Dense::Locks)] = steps.held;
        count[int(Dense::Runaways)] = runaways[index(c)].men;
        count[int(Dense::RunawayRows)] = runaways[index(c)].rows;
        count[int(Dense::KingMobility)] = 0;
        for (int k : Bits{kings}) count[int(Dense::KingMobility)] += Facts::king_reach(pos, k);
        count[int(Dense::KingDiagonal)] = popcount(kings & M::long_diagonal);
        count[int(Dense::Balance)] =
            std::abs(popcount(men & M::left_wing[index(c)]) - popcount(men & M::right_wing[index(c)]));
        count[int(Dense::Opposition)] = 0;
        count[int(Dense::SideToMove)] = 0;
    }
    if (const auto holder = Facts::opposition(pos, any_runaway, 4))
        counts[index(*holder)][int(Dense::Opposition)] = 12 / popcount(white_men);
    counts[index(pos.side_to_move())][int(Dense::SideToMove)] = 1;
    for (int f = 0; f < dense_count; ++f)
        if (counts[0][f] || counts[1][f]) visitor.dense(f, counts[0][f], counts[1][f]);
    return popcount(white_men | black_men);
}

// The counts of visit_counts as White's minus Black's: all the evaluation's fast path
// (learned.hpp) needs, with fewer popcounts where a count adds up over the men of both
// sides; the padding is zero. Returns the phase.
template <RuleSet R>
[[gnu::always_inline]] inline int count_differences(const Position& pos, PaddedCounts& d) {
    using B = typename R::Board;
    using M = Masks<B>;
    using Facts = BoardFacts<R>;
    const Bitboard white_men = pos.men(Color::White);
    const Bitboard black_men = pos.men(Color::Black);
    const Bitboard white_kings = pos.kings(Color::White);
    const Bitboard black_kings = pos.kings(Color::Black);
    const int white_count = popcount(white_men);
    const int black_count = popcount(black_men);
    d[int(Dense::Men)] = white_count - black_count;
    d[int(Dense::Kings)] = popcount(white_kings) - popcount(black_kings);
    // Black's rows are the board's, White's are counted from the other end: the tempo
    // difference is (rows - 1) for each White man minus the board rows of all the men.
    int rows = 0;
    for (int k = 0; k < 4; ++k) rows += popcount((white_men | black_men) & M::row_plane[index(Color::Black)][k]) << k;
    d[int(Dense::Tempo)] = (B::rows - 1) * white_count - rows;
    const auto white_steps = Facts::steps(pos, Color::White);
    const auto black_steps = Facts::steps(pos, Color::Black);
    d[int(Dense::Mobility)] = white_steps.free - black_steps.free;
    d[int(Dense::Locks)] = white_steps.held - black_steps.held;
    const auto runaways = Facts::runaways(pos);
    d[int(Dense::Runaways)] = runaways[0].men - runaways[1].men;
    d[int(Dense::RunawayRows)] = runaways[0].rows - runaways[1].rows;
    int reach = 0;
    for (int k : Bits{white_kings}) reach += Facts::king_reach(pos, k);
    for (int k : Bits{black_kings}) reach -= Facts::king_reach(pos, k);
    d[int(Dense::KingMobility)] = reach;
    d[int(Dense::KingDiagonal)] = popcount(white_kings & M::long_diagonal) - popcount(black_kings & M::long_diagonal);
    // The wings split the board: the right wing holds the men the left does not.
    d[int(Dense::Balance)] = std::abs(2 * popcount(white_men & M::left_wing[index(Color::White)]) - white_count) -
                             std::abs(2 * popcount(black_men & M::left_wing[index(Color::Black)]) - black_count);
    d[int(Dense::Opposition)] = 0;
    if (const auto holder = Facts::opposition(pos, runaways[0].men != 0 || runaways[1].men != 0, 4))
        d[int(Dense::Opposition)] = (*holder == Color::White ? 12 : -12) / white_count;
    d[int(Dense::SideToMove)] = pos.side_to_move() == Color::White ? 1 : -1;
    for (int f = dense_count; f < padded_dense_count; ++f) d[f] = 0;
    return white_count + black_count;
}

}  // namespace kroon::eval
