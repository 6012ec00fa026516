// The variants' draw rules as counters carried from move to move, so the search (and a
// referee) can tell when a game is drawn by rule. Repetition is kept apart: it needs the hash
// history (search/history.hpp keeps it).
//
//  - International, KNDB art. 9b: five moves each after one king against at most two pieces
//    including a king arose; art. 9c: sixteen moves each after one king against three pieces
//    including a king; art. 9d: twenty-five moves each with only kings moving and no capture.
//  - Frisian art. 18: two kings alone against one king alone must win within seven moves;
//    art. 21: one king each is a draw unless a king is en prise or must move into a capture
//    (that part needs the move generator: see kings_only_draw in the search).
//  - English (seed 002): no draw rule besides agreement; the search scores repetitions only.
#pragma once

#include <cstdint>

#include "engine/movegen/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rules/rules.hpp"

namespace kroon::search {

enum class DrawRule : std::uint8_t {
    None,
    Repetition,        // the same position with the same side to move again (KNDB art. 9e)
    KingsOnlyMoves,    // KNDB art. 9d
    KingVsTwo,         // KNDB art. 9b
    KingVsThree,       // KNDB art. 9c
    TwoKingsVsKing,    // Frisian art. 18
    KingVsKing,        // Frisian art. 21
};

// Endings that start a move count; None when the position is none of them.
enum class Ending : std::uint8_t { None, KingVsTwo, KingVsThree, TwoKingsVsKing, KingVsKing };

struct DrawCounters {
    // Consecutive plies that were king moves without capture. It is also the window in which
    // a position can repeat: a man move or a capture can never be undone.
    std::uint16_t reversible_plies = 0;
    Ending ending = Ending::None;
    std::uint8_t ending_plies = 0;  // plies played since the ending arose (saturates)
};

template <RuleSet R>
struct DrawRules {
    static constexpr bool big_board = R::Board::squares == 50;
    static constexpr bool frisian = R::orthogonal_captures;

    static Ending classify(const Position& pos) {
        if constexpr (!big_board) {
            return Ending::None;
        } else {
            for (Color weak : {Color::White, Color::Black}) {
                const Bitboard lone = pos.pieces(weak);
                if (popcount(lone) != 1 || !(lone & pos.kings())) continue;
                const Color strong = ~weak;
                const int pieces = popcount(pos.pieces(strong));
                const int kings = popcount(pos.kings(strong));
                if constexpr (frisian) {
                    if (pieces == 1 && kings == 1) return Ending::KingVsKing;
                    if (pieces == 2 && kings == 2) return Ending::TwoKingsVsKing;
                } else {
                    if (kings >= 1 && pieces <= 2) return Ending::KingVsTwo;
                    if (kings >= 1 && pieces == 3) return Ending::KingVsThree;
                }
            }
            return Ending::None;
        }
    }

    // Counters after `move` took `before` to `after`.
    static DrawCounters next(const DrawCounters& c, const Position& before, const Move& move,
                             const Position& after) {
        DrawCounters n;
        const bool reversible = !move.is_capture() && ((before.kings() >> move.from) & 1);
        n.reversible_plies = reversible ? static_cast<std::uint16_t>(c.reversible_plies + 1) : 0;
        n.ending = move.is_capture() || move.promotes ? classify(after) : c.ending;
        n.ending_plies = n.ending == c.ending && n.ending != Ending::None
                             ? static_cast<std::uint8_t>(c.ending_plies < 255 ? c.ending_plies + 1 : 255)
                             : 0;
        return n;
    }

    static DrawCounters at_start(const Position& pos) { return {0, classify(pos), 0}; }

    // The draw rule (other than repetition) that has ended the game in `pos`, if any.
    // KingVsKing is returned as a candidate: the caller checks art. 21's exceptions.
    static DrawRule rule(const DrawCounters& c, const Position& pos) {
        if constexpr (!big_board) {
            return DrawRule::None;
        } else if constexpr (frisian) {
            if (c.ending == Ending::KingVsKing) return DrawRule::KingVsKing;
            if (c.ending == Ending::TwoKingsVsKing) {
                // Moves the two kings have made since the ending arose: the last ply was
                // theirs when the lone king's side is to move.
                const bool strong_moved_last = popcount(pos.pieces(pos.side_to_move())) == 1;
                const int strong_moves = (c.ending_plies + (strong_moved_last ? 1 : 0)) / 2;
                if (strong_moves >= 7) return DrawRule::TwoKingsVsKing;
            }
            return DrawRule::None;
        } else {
            if (c.reversible_plies >= 50) return DrawRule::KingsOnlyMoves;
            if (c.ending == Ending::KingVsTwo && c.ending_plies >= 10) return DrawRule::KingVsTwo;
            if (c.ending == Ending::KingVsThree && c.ending_plies >= 32) return DrawRule::KingVsThree;
            return DrawRule::None;
        }
    }
};

}  // namespace kroon::search
