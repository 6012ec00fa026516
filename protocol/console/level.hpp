// How strongly and how long the engine plays: a fixed depth, a fixed node count, a fixed time
// per move, or a game clock for both sides. Parses the console's `level` arguments and turns
// the level (and the clock) into search limits.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/result.hpp"
#include "engine/types.hpp"
#include "search/searcher.hpp"

namespace kroon::console {

struct Level {
    enum class Kind { Depth, Nodes, MoveTime, Clock };
    Kind kind = Kind::MoveTime;
    int depth = 0;
    std::uint64_t nodes = 0;
    double move_time = 1.0;  // seconds
    // Clock: `moves` moves in `seconds` (0 moves = the rest of the game), then the same
    // period again with the time left over carried on (KNDB art. 10.2); `increment` after
    // every move.
    int moves = 0;
    double seconds = 0;
    double increment = 0;
};

// `depth 8`, `nodes 100000`, `time 2.5` (seconds per move), `clock 5m+2`, `clock 40/10m`;
// a bare number is a depth.
Result<Level> parse_level(const std::vector<std::string>& words);
// Clock text: [MOVES/]TIME[+INCREMENT], times in seconds or with a unit s, m or h.
Result<Level> parse_clock(std::string_view text);
std::string describe_level(const Level& level);
// A whole number in [low, high], or an error naming `what`.
Result<int> parse_whole(std::string_view text, const std::string& what, int low, int high);

// Both sides' clocks under a Level of kind Clock.
class GameClock {
public:
    void reset(const Level& level);
    bool running() const { return running_; }
    double remaining(Color side) const { return remaining_[index(side)]; }
    // Records a move that took `seconds`; false when the side's time ran out first.
    bool record_move(Color side, double seconds);
    search::Limits limits(Color side) const;

private:
    bool running_ = false;
    Level level_;
    double remaining_[2] = {0, 0};
    int moves_made_[2] = {0, 0};
};

// The search limits for the side to move.
search::Limits limits_for(const Level& level, const GameClock& clock, Color side);

}  // namespace kroon::console
