// Legal move generation, templated on the variant's rules (instantiated for every variant in
// movegen.cpp). Code above the hot loop reaches it through the Rulebook.
//
// Captures come first and are compulsory; the precedence rule of the variant keeps only the
// captures it allows, and identical captures reached by different paths are listed once
// (same from, to and captured set). Quiet moves are generated only when nothing can be taken.
#pragma once

#include <vector>

#include "engine/position/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rules/rules.hpp"

namespace kroon {

template <RuleSet R>
void generate_moves(const Position& pos, MoveList& list);

// Number of legal moves; cheaper than generating them when no capture is possible.
template <RuleSet R>
int count_moves(const Position& pos);

// Whether `side` has a capture here, were it its turn (for the side to move: it must take);
// cheaper than generating moves. For the other side it says whether a capture is threatened.
template <RuleSet R>
bool has_capture(const Position& pos, Color side);
template <RuleSet R>
bool has_capture(const Position& pos) {
    return has_capture<R>(pos, pos.side_to_move());
}

// -1 when the side to move has a capture, else its number of legal moves: what the
// quiescence search asks at every leaf, answered without listing the moves.
template <RuleSet R>
int count_moves_unless_capture(const Position& pos);

// For the search's exchanges at its quiet leaves: 1 when every capture of the side to move
// takes exactly one man and leaves the other side a capture back (also when it has none), 0
// when one does not, -1 where that cannot be told without listing the captures (a king on
// the board, or a variant whose captures need the generator's tables).
template <RuleSet R>
int single_captures_allow_recapture(const Position& pos);

// Squares that pick out some of the men's quiet steps: a step from f to t is kept when t is in
// `to`, f is in `from`, or the square one more step beyond t the same way is in `beyond`.
struct StepFilter {
    Bitboard to = 0;
    Bitboard from = 0;
    Bitboard beyond = 0;
};

// The men's quiet steps that pass `filter`, in the order generate_moves lists them, without
// listing the others: the search's exchanges try only the steps that can offer a capture.
// Only for a position without kings where the side to move has no capture: there
// generate_moves lists exactly the men's steps.
template <RuleSet R>
void generate_man_steps(const Position& pos, MoveList& list, const StepFilter& filter);

// One way to play a capture, square by square: the landing squares (bit indices) in order,
// the last one being the move's destination.
struct CapturePath {
    Move move;
    std::vector<int> landings;
};

// Every capture sequence of the side to move, without the precedence filter and without
// removing duplicates: the raw material for long notation and for checking the generator.
template <RuleSet R>
std::vector<CapturePath> capture_paths(const Position& pos);

}  // namespace kroon
