// The endgame databases as a game in progress sees them. The stored values follow the capture
// rules alone; a draw rule that counts moves can end a stored win as a draw (docs/egdb.md,
// Variants), and only the game's counters tell when.
#pragma once

#include "egdb/database.hpp"
#include "engine/referee/draw_rules.hpp"

namespace kroon::egdb {

// The value of a position where the side to move has no capture, in a game whose draw-rule
// counters are `counters`: Unknown where the search must look on, Draw where a rule ends the
// game before the stored win is converted.
template <RuleSet R>
Value probe_in_game(const Database& db, const Position& pos, const DrawCounters& counters) {
    if constexpr (is_frisian<R>) {
        // Frisian art. 18 counts from the crowning that makes two kings against one; the
        // stored values cannot say which crowning is in time, so the search plays on to it.
        if (crowning_starts_two_kings_vs_one(pos)) return Value::Unknown;
    }
    const Value value = db.probe_quiet(pos);
    if constexpr (is_frisian<R>) {
        // Frisian art. 18: two kings must take the lone king within 7 moves of theirs. That
        // capture is the conversion the stored distance counts, so a win farther away than the
        // moves left is a draw.
        if ((value == Value::Win || value == Value::Loss) && counters.endgame.kind == Endgame::TwoKingsVsOne) {
            const int moves_left = two_kings_move_limit - counters.strong_moves;
            const int plies_left = 2 * moves_left - (pos.side_to_move() == counters.endgame.strong ? 1 : 0);
            if (const auto distance = db.distance(pos); distance && *distance > plies_left) return Value::Draw;
        }
    }
    return value;
}

}  // namespace kroon::egdb
