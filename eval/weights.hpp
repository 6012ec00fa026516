// The weights of the learned evaluation for one variant, and their file format (described
// in docs/evaluation.md, "Weights files"): a header with the variant, the sizes and a
// checksum, then little-endian 16-bit weights. Reading checks everything, so a wrong,
// truncated or damaged file is an error with a reason, never a crash or a silent fallback.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rules/variant.hpp"
#include "eval/features.hpp"
#include "platform/result.hpp"

namespace kroon::eval {

// Weights are in 1/16 of a hundredth of a man, so that small pattern values keep their
// precision when they are added up.
constexpr int weight_scale = 16;

struct PhaseWeight {
    std::int16_t mg = 0;
    std::int16_t eg = 0;
};

struct Weights {
    Variant variant = Variant::International;
    // Board windows (patterns.hpp): the base layout (16 on 10x10, 9 on 8x8), or with the
    // shifted windows after them (25 on 10x10, 13 on 8x8).
    int windows = 0;
    // One table a window, or two: the first `windows` for the men of the side to move, the
    // next `windows` for the other side's (a pattern is worth more to the side that moves in it).
    bool by_side_to_move = false;
    std::vector<PhaseWeight> patterns;  // [table * pattern_count + pattern]
    std::array<PhaseWeight, dense_count> dense{};
    // The patterns folded for the evaluation's fast path (fold_patterns); empty when not built.
    std::vector<PhaseWeight> folded;  // [(mover * windows + window) * pattern_count + White's pattern]
    // The counts' weights widened and padded with zeros for the fast path (fold_patterns).
    PaddedCounts padded_dense_mg{};
    PaddedCounts padded_dense_eg{};

    int tables() const { return by_side_to_move ? 2 * windows : windows; }
    int base_windows() const;  // of the variant's board
    bool shifted_windows() const { return windows > base_windows(); }
    // What the tables of the side not to move are offset by (features.hpp).
    int waiting_offset() const { return by_side_to_move ? windows : 0; }
    const PhaseWeight& pattern(int table, int index) const {
        return patterns[static_cast<size_t>(table) * pattern_count + static_cast<size_t>(index)];
    }
};

// Folds each window's two look-ups into one: a window's contents fix both White's pattern
// and Black's (the window turned half a turn, colours swapped), so White's table entry minus
// Black's is stored under White's pattern, once per side to move when the tables are split
// by it. The sum is the same to the unit, with half the look-ups. Leaves `folded` empty when
// a difference does not fit 16 bits. Also widens the counts' weights (padded_dense_mg and
// padded_dense_eg); `patterns` or `dense` changed afterwards need a new fold.
void fold_patterns(Weights& weights);

// All weights zero, sized for the variant's board, with one or two tables a window, and with
// or without the shifted windows.
Weights empty_weights(Variant variant, bool by_side_to_move = false, bool shifted_windows = false);
// Weights with one table a window laid out as two, both halves its tables: the same scores.
Weights split_by_side_to_move(const Weights& one_table);
// The same weights with the shifted windows added, their tables zero: the same scores.
Weights add_shifted_windows(const Weights& base);

std::string serialize(const Weights& weights);
Result<Weights> parse_weights(std::string_view bytes);
Result<std::shared_ptr<const Weights>> read_weights_file(const std::string& path);
std::optional<Error> write_weights_file(const std::string& path, const Weights& weights);

// The weights built into the program for the variant, or null when it has none.
std::shared_ptr<const Weights> builtin_weights(Variant variant);

}  // namespace kroon::eval
