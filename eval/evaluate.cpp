#include "eval/evaluate.hpp"

#include <array>
#include <cmath>

#include "eval/evaluator.hpp"
#include "eval/learned.hpp"

namespace kroon::eval {
namespace {

// The learned score's parts, summed per named line and colour in the weights' units.
template <RuleSet R>
struct LearnedTrace {
    using Win = Windows<typename R::Board>;
    int windows = Win::count;                         // the weights' layout
    std::array<std::array<long long, 2>, 3> wings{};  // [left, centre, right][colour], mg and eg blended later
    std::array<std::array<long long, 2>, 3> wings_eg{};
    std::array<std::array<long long, 2>, dense_count> dense_mg{};
    std::array<std::array<long long, 2>, dense_count> dense_eg{};

    // A side's window, by where it lies on that side's own board half: left, centre, right.
    static int wing(int window) {
        const int file = Win::file(window);
        return file == 0 ? 0 : file == Win::files(window) - 1 ? 2 : 1;
    }
    void pattern(int window, int sign, int mg, int eg) {
        const int colour = sign > 0 ? 0 : 1;
        const int table = sign > 0 ? window : turned_window(Win::count, windows, window);
        wings[wing(table)][colour] += mg;
        wings_eg[wing(table)][colour] += eg;
    }
    void dense(int f, int white, int black, int mg, int eg) {
        dense_mg[f][0] += static_cast<long long>(mg) * white;
        dense_mg[f][1] += static_cast<long long>(mg) * black;
        dense_eg[f][0] += static_cast<long long>(eg) * white;
        dense_eg[f][1] += static_cast<long long>(eg) * black;
    }
};

template <RuleSet R>
Breakdown explain_learned(const Weights& weights, const Position& pos, Breakdown out) {
    LearnedTrace<R> trace;
    trace.windows = weights.windows;
    TraceSink scaling;
    out.white_view = learned_white_view<R>(weights, pos, &trace, &scaling);
    out.scaled = scaling.was_scaled;
    out.before_scaling = scaling.before_scaling;
    const int phase = popcount(pos.men(Color::White) | pos.men(Color::Black));
    constexpr int full = full_phase<R>;
    const auto blend = [&](long long mg, long long eg) {
        return static_cast<int>(
            std::lround(static_cast<double>(mg * phase + eg * (full - phase)) / (full * weight_scale)));
    };
    static constexpr const char* wing_names[] = {"patterns, left", "patterns, centre", "patterns, right"};
    for (int f = 0; f < dense_count; ++f)
        out.terms.push_back({std::string(dense_names[f]), blend(trace.dense_mg[f][0], trace.dense_eg[f][0]),
                             blend(trace.dense_mg[f][1], trace.dense_eg[f][1])});
    for (int g = 0; g < 3; ++g)
        out.terms.push_back({wing_names[g], blend(trace.wings[g][0], trace.wings_eg[g][0]),
                             blend(trace.wings[g][1], trace.wings_eg[g][1])});
    return out;
}

}  // namespace

FeatureList features(const Rulebook& rules, const Position& pos, bool by_side_to_move, bool shifted_windows) {
    return with_rules(rules.variant(), [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        struct Collect {
            FeatureList& out;
            void pattern(int, int table, int index, int sign) {
                out.patterns[static_cast<size_t>(out.pattern_hits++)] = {static_cast<std::uint16_t>(table),
                                                                         static_cast<std::uint16_t>(index),
                                                                         static_cast<std::int8_t>(sign)};
            }
            void dense(int f, int white, int black) {
                out.dense[static_cast<size_t>(f)] = static_cast<std::int16_t>(white - black);
            }
        };
        FeatureList out;
        Collect collect{out};
        using Win = Windows<typename R::Board>;
        static_assert(2 * Win::with_shifted <= static_cast<int>(std::tuple_size_v<decltype(out.patterns)>));
        const int windows = shifted_windows ? Win::with_shifted : Win::count;
        out.phase = visit_features<R>(pos, collect, windows, by_side_to_move ? windows : 0);
        out.full_phase = full_phase<R>;
        return out;
    });
}

double feature_score(const Weights& weights, const FeatureList& f) {
    long long mg = 0, eg = 0;
    for (int i = 0; i < f.pattern_hits; ++i) {
        const PatternHit& h = f.patterns[static_cast<size_t>(i)];
        const PhaseWeight& w = weights.pattern(h.table, h.index);
        mg += h.sign * w.mg;
        eg += h.sign * w.eg;
    }
    for (int d = 0; d < dense_count; ++d) {
        mg += static_cast<long long>(weights.dense[static_cast<size_t>(d)].mg) * f.dense[static_cast<size_t>(d)];
        eg += static_cast<long long>(weights.dense[static_cast<size_t>(d)].eg) * f.dense[static_cast<size_t>(d)];
    }
    return static_cast<double>(mg * f.phase + eg * (f.full_phase - f.phase)) / (f.full_phase * weight_scale);
}

std::optional<EvalKind> parse_eval_kind(std::string_view text) {
    if (text == "hand" || text == "pst") return EvalKind::Hand;
    if (text == "learned" || text == "pattern") return EvalKind::Learned;
    return std::nullopt;
}

std::string_view eval_kind_name(EvalKind kind) { return kind == EvalKind::Hand ? "hand" : "learned"; }

std::shared_ptr<const Weights> Evaluation::weights_for(Variant variant) const {
    if (kind == EvalKind::Hand) return nullptr;
    if (file && file->variant == variant) return file;
    return builtin_weights(variant);
}

std::string Evaluation::describe(Variant variant) const {
    if (kind == EvalKind::Hand) return "hand-written";
    if (file && file->variant == variant) return "learned, from the weights file";
    if (builtin_weights(variant)) return "learned, built-in weights";
    return "hand-written (no learned weights for " + std::string(rulebook(variant).name()) + ")";
}

int evaluate(const Rulebook& rules, const Evaluation& evaluation, const Position& pos) {
    const auto weights = evaluation.weights_for(rules.variant());
    return with_rules(rules.variant(), [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        return weights ? evaluate_learned<R>(*weights, pos) : evaluate<R>(pos);
    });
}

std::int64_t evaluate_all(const Rulebook& rules, const Evaluation& evaluation, const std::vector<Position>& positions) {
    const auto weights = evaluation.weights_for(rules.variant());
    return with_rules(rules.variant(), [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        std::int64_t sum = 0;
        if (weights)
            for (const Position& pos : positions) sum += evaluate_learned<R>(*weights, pos);
        else
            for (const Position& pos : positions) sum += evaluate<R>(pos);
        return sum;
    });
}

Breakdown explain(const Rulebook& rules, const Evaluation& evaluation, const Position& pos) {
    const auto weights = evaluation.weights_for(rules.variant());
    return with_rules(rules.variant(), [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        Breakdown out;
        out.evaluation = evaluation.describe(rules.variant());
        if (weights) {
            out = explain_learned<R>(*weights, pos, out);
        } else {
            TraceSink sink;
            Evaluator<R, TraceSink> evaluator(pos, sink);
            out.white_view = evaluator.white_view();
            out.scaled = sink.was_scaled;
            out.before_scaling = sink.before_scaling;
            for (int t = 0; t < term_count; ++t)
                out.terms.push_back({term_names[t], sink.values[t][0], sink.values[t][1]});
        }
        out.side_to_move_view = pos.side_to_move() == Color::White ? out.white_view : -out.white_view;
        return out;
    });
}

}  // namespace kroon::eval
