// The learned evaluation: the weights of eval/weights.hpp added up over the features of
// eval/features.hpp, middle game and end game blended by the men on the board. Templated on
// the rules so the search inlines it. Drawn endings are scaled down and the score clamped as
// the hand-written evaluation does (evaluator.hpp), so both speak the same language to the
// search.
#pragma once

#include <algorithm>
#include <array>
#include <type_traits>

#include "eval/evaluator.hpp"
#include "eval/features.hpp"
#include "eval/phase_sum.hpp"
#include "eval/weights.hpp"

namespace kroon::eval {

// Receives each part of the learned score from White's point of view, in the weights' own
// units (1/16 of a hundredth of a man) as (middle game, end game) pairs.
struct NoLearnedTrace {
    void pattern(int, int, int, int) {}
    void dense(int, int, int, int, int) {}
};

template <RuleSet R, class Trace = NoLearnedTrace, class ScaleSink = NoTrace>
int learned_white_view(const Weights& weights, const Position& pos, Trace* trace = nullptr,
                       ScaleSink* scale_sink = nullptr) {
    struct Sum {
        const Weights& w;
        Trace* trace;
        PhaseSum patterns;
        int mg = 0;  // the counts'
        int eg = 0;
        void pattern(int window, int table, int index, int sign) {
            const PhaseWeight& p = w.pattern(table, index);
            if (sign > 0)
                patterns.add(p);
            else
                patterns.subtract(p);
            if constexpr (!std::is_same_v<Trace, NoLearnedTrace>) trace->pattern(window, sign, p.mg, p.eg);
        }
        void dense(int f, int white, int black) {
            const PhaseWeight& p = w.dense[f];
            mg += p.mg * (white - black);
            eg += p.eg * (white - black);
            if constexpr (!std::is_same_v<Trace, NoLearnedTrace>) trace->dense(f, white, black, p.mg, p.eg);
        }
    } sum{weights, trace, {}};
    int phase;
    if (std::is_same_v<Trace, NoLearnedTrace> && !weights.folded.empty()) {
        // One look-up a window in the folded tables: the same sum (weights.hpp, fold_patterns).
        using B = typename R::Board;
        const Bitboard white_men = pos.men(Color::White);
        const Bitboard black_men = pos.men(Color::Black);
        const int mover = weights.by_side_to_move && pos.side_to_move() == Color::Black ? 1 : 0;
        using Win = Windows<B>;
        const PhaseWeight* folded = weights.folded.data() + mover * weights.windows * pattern_count;
        for (int w = 0; w < Win::count; ++w, folded += pattern_count)
            sum.patterns.add(folded[white_pattern<B>(w, white_men, black_men)]);
        if (weights.windows > Win::count)
            for (int w = Win::count; w < Win::with_shifted; ++w, folded += pattern_count)
                sum.patterns.add(folded[white_pattern<B>(w, white_men, black_men)]);
        PaddedCounts counts;
        phase = count_differences<R>(pos, counts);
        for (int f = 0; f < padded_dense_count; ++f) {
            sum.mg += weights.padded_dense_mg[f] * counts[f];
            sum.eg += weights.padded_dense_eg[f] * counts[f];
        }
    } else {
        phase = visit_features<R>(pos, sum, weights.windows, weights.waiting_offset());
    }
    sum.mg += sum.patterns.mg();
    sum.eg += sum.patterns.eg();
    constexpr int full = full_phase<R>;
    const long long blended = static_cast<long long>(sum.mg) * phase + static_cast<long long>(sum.eg) * (full - phase);
    int score = static_cast<int>(blended / (full * weight_scale));
    ScaleSink no_sink;
    score = scale_drawn_endings<R>(pos, score, scale_sink ? *scale_sink : no_sink);
    return std::clamp(score, -max_score, max_score);
}

template <RuleSet R>
inline int evaluate_learned(const Weights& weights, const Position& pos) {
    const int s = learned_white_view<R>(weights, pos);
    return pos.side_to_move() == Color::White ? s : -s;
}

}  // namespace kroon::eval
