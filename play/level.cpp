#include "play/level.hpp"

#include <algorithm>

namespace kroon::play {

std::optional<ClockReading> read_clock(const Clock& clock, Color side, double elapsed) {
    if (clock.unlimited()) return std::nullopt;
    return ClockReading{std::max(0.0, clock.remaining(side) - elapsed), clock.control().increment,
                        clock.moves_to_go(side)};
}

search::Limits search_limits(const Level& level, const std::optional<ClockReading>& clock) {
    search::Limits limits;
    limits.depth = level.depth;
    limits.nodes = level.nodes;
    limits.move_time = level.move_time;
    if (clock) {
        limits.time_left = std::max(0.0, clock->time_left);
        limits.increment = std::max(0.0, clock->increment);
        limits.moves_to_go = std::max(0, clock->moves_to_go);
    }
    return limits;
}

}  // namespace kroon::play
