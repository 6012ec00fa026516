// How the engine is told to think, in one type for every face, and the one place where a
// clock becomes search limits (docs/architecture.md, The play layer). A level combines a
// fixed depth, a node count, a time per move and a game clock (the Hub allows a depth with a
// time per move; a search stops at the first limit it reaches).
//
// One convention for the increment, the clock's own (engine/referee/clock.hpp): it is added
// after the move, so a move may spend what is on the clock now and no more. A protocol that
// reads its clock otherwise converts at its boundary: the Hub sends the time before the
// increment of the current move is added (protocol/hub/level_command.hpp).
#pragma once

#include <cstdint>
#include <optional>

#include "engine/referee/clock.hpp"
#include "engine/types.hpp"
#include "search/searcher.hpp"

namespace kroon::play {

// The mover's clock as it stands when its move begins.
struct ClockReading {
    double time_left = 0;  // seconds on the clock now: all this move may use
    double increment = 0;  // seconds added to the clock after the move
    int moves_to_go = 0;   // moves until the next time control; 0 = the time is for the rest of the game
};

// The side's clock `elapsed` seconds into its move (never below zero); none for no clock.
std::optional<ClockReading> read_clock(const Clock& clock, Color side, double elapsed = 0);

struct Level {
    int depth = 0;            // nominal depth, 0 = none
    std::uint64_t nodes = 0;  // 0 = none
    double move_time = 0;     // seconds per move, 0 = none
    TimeControl clock;        // the game's clock, both sides'; none = unlimited
};

// The limits of a search for the side to move: the level's depth, nodes and time per move,
// and the mover's clock as read now when the game has one.
search::Limits search_limits(const Level& level, const std::optional<ClockReading>& clock = std::nullopt);

}  // namespace kroon::play
