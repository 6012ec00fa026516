// How strongly and how long the engine plays: a fixed depth, a fixed node count, a fixed time
// per move, or a game clock for both sides. Parses the console's `level` arguments and turns
// the level (and the game clock) into search limits.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/referee/clock.hpp"
#include "engine/types.hpp"
#include "platform/result.hpp"
#include "search/searcher.hpp"

namespace kroon::console {

struct Level {
    enum class Kind { Depth, Nodes, MoveTime, Clock };
    Kind kind = Kind::MoveTime;
    int depth = 0;
    std::uint64_t nodes = 0;
    double move_time = 1.0;  // seconds
    TimeControl control;     // Clock: both sides' time control (engine/referee/clock.hpp)
};

// `depth 8`, `nodes 100000`, `time 2.5` (seconds per move), `clock 5m+2`, `clock 40/10m`
// (any PDN TimeControl text, engine/referee/clock.hpp); a bare number is a depth.
Result<Level> parse_level(const std::vector<std::string>& words);
std::string describe_level(const Level& level);
// A whole number in [low, high], or an error naming `what`.
Result<int> parse_whole(std::string_view text, const std::string& what, int low, int high);

// The search limits for the side to move: the level's, or the side's clock.
search::Limits limits_for(const Level& level, const Clock& clock, Color side);

}  // namespace kroon::console
