#include "eval/evaluate.hpp"

#include "eval/evaluator.hpp"

namespace kroon::eval {

int evaluate(const Rulebook& rules, const Position& pos) {
    return with_rules(rules.variant(), [&](auto tag) { return evaluate<typename decltype(tag)::Rules>(pos); });
}

Breakdown explain(const Rulebook& rules, const Position& pos) {
    return with_rules(rules.variant(), [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        TraceSink sink;
        Evaluator<R, TraceSink> evaluator(pos, sink);
        Breakdown out;
        out.white_view = evaluator.white_view();
        out.side_to_move_view = pos.side_to_move() == Color::White ? out.white_view : -out.white_view;
        out.scaled = sink.was_scaled;
        out.before_scaling = sink.before_scaling;
        for (int t = 0; t < term_count; ++t) out.terms.push_back({term_names[t], sink.values[t][0], sink.values[t][1]});
        return out;
    });
}

}  // namespace kroon::eval
