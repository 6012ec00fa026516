// Run-time entry points of the evaluation for code above the search (tools, front ends,
// tests), and the choice between the two evaluations: the hand-written terms
// (evaluator.hpp) or weights learned from Kroon's own games (learned.hpp). The search calls
// the templated evaluations directly.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "eval/weights.hpp"

namespace kroon::eval {

enum class EvalKind { Hand, Learned };

// "hand" or "learned"; also lidraughts' "pst" (hand) and "pattern" (learned).
std::optional<EvalKind> parse_eval_kind(std::string_view text);
std::string_view eval_kind_name(EvalKind kind);

// What scores positions. Learned uses the weights of a file when they are for the game's
// variant, else the weights built into the program; a variant without weights is scored by
// the hand-written evaluation.
struct Evaluation {
    EvalKind kind = EvalKind::Learned;
    std::shared_ptr<const Weights> file;  // from --eval-file or set-param eval-file

    // The weights for positions of `variant`, or null for the hand-written evaluation.
    std::shared_ptr<const Weights> weights_for(Variant variant) const;
    // Which evaluation scores `variant`, in words ("learned, built in", "hand-written").
    std::string describe(Variant variant) const;
};

// Score of the position for the side to move, in hundredths of a man.
int evaluate(const Rulebook& rules, const Evaluation& evaluation, const Position& pos);

struct TermLine {
    std::string name;
    int white = 0;
    int black = 0;
};

struct Breakdown {
    std::string evaluation;  // which evaluation, in words
    std::vector<TermLine> terms;
    int white_view = 0;         // final score from White's side
    int side_to_move_view = 0;  // what the search sees
    bool scaled = false;        // a known drawish ending scaled the sum down
    int before_scaling = 0;     // White's view before that scaling
};

// The scores of many positions of one variant added up, each as evaluate() gives it, with
// the evaluation chosen once: what `kroon bench --eval-only` times.
std::int64_t evaluate_all(const Rulebook& rules, const Evaluation& evaluation, const std::vector<Position>& positions);

Breakdown explain(const Rulebook& rules, const Evaluation& evaluation, const Position& pos);

// The features of a position as the learned evaluation sees them (features.hpp), for the
// trainer: the score is the sum of the weights of the pattern hits (with their sign) and of
// the dense counts times their weights, each blended by the phase.
struct PatternHit {
    std::uint16_t table = 0;
    std::uint16_t index = 0;
    std::int8_t sign = 0;
};
struct FeatureList {
    int phase = 0;       // men on the board
    int full_phase = 0;  // men at the start
    int pattern_hits = 0;
    std::array<PatternHit, 2 * 25> patterns{};      // two a window: 25 on 10x10 with the shifted windows
    std::array<std::int16_t, dense_count> dense{};  // White minus Black
};
// With `by_side_to_move`, the tables are those of weights split by the side to move; with
// `shifted_windows`, of weights with the shifted windows (patterns.hpp).
FeatureList features(const Rulebook& rules, const Position& pos, bool by_side_to_move = false,
                     bool shifted_windows = false);
// The learned score of `features` from White's point of view, before scaling drawn endings:
// what the trainer fits (the same sum as learned_white_view).
double feature_score(const Weights& weights, const FeatureList& features);

}  // namespace kroon::eval
