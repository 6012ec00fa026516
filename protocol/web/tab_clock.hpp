// The level Kroon plays a tab's game at, and the game's clock: a time per move, a depth, or a
// clock with a time control (engine/referee/clock.hpp), whose flag the tab watches. The clock
// measures the move under way from the moment its turn started.
#pragma once

#include <chrono>
#include <optional>

#include "engine/referee/clock.hpp"
#include "play/level.hpp"
#include "play/strength.hpp"
#include "protocol/web/messages.hpp"
#include "search/searcher.hpp"

namespace kroon::web {

struct Level {
    enum class Kind { Time, Depth, Clock };
    Kind kind = Kind::Time;
    double seconds = 1;
    int depth = 8;
    TimeControl control;
    int elo = play::full_strength_elo;  // how strongly Kroon plays (the elo option's range)
};

// A level message's object ({"kind": "time", "seconds": 2}, depth, clock "5m+2"; "elo": 1400
// below full strength); throws
// BadRequest for a wrong field.
Level read_level(const Request& level);
Json level_json(const Level& level);

class TabClock {
public:
    const Level& level() const { return level_; }
    // A new level: the clock starts again, with the level's control if it is a clock.
    void set_level(const Level& level);
    // A new game: the clock starts again, with the level's control if `clocked`, else none.
    void restart(bool clocked);
    const Clock& clock() const { return clock_; }
    bool unlimited() const { return clock_.unlimited(); }

    // The move under way began now.
    void start_turn();
    // Seconds since the move under way began.
    double elapsed() const;
    // The move under way is made: false when `side`'s flag fell first.
    bool record_move(Color side);
    // The move under way's time counts, though no move was made (the game ended).
    void charge(Color side);
    bool would_flag(Color side) const;
    // `side`'s time left, the move under way counted.
    double time_left(Color side) const;

    // What Kroon's search for `side` may spend at this level.
    search::Limits limits(Color side) const;
    // Both clocks for the state message; `running`: the side whose time runs, if any.
    Json json(std::optional<Color> running) const;

private:
    Level level_;
    Clock clock_;
    std::chrono::steady_clock::time_point turn_started_;
};

}  // namespace kroon::web
