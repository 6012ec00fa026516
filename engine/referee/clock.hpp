// Game clocks as pure objects: told how long each move took, they say how much time is
// left, how many moves remain until the next control, and when a flag has fallen. Who
// measures the time (a wall clock, a DXP message, a test) is up to the caller.
//
// A time control is a list of periods, each "N moves in T seconds" or "the rest of the game
// in T seconds", plus an optional increment added after every move:
//   - time left over at the end of a period is carried into the next (KNDB art. 10.2);
//   - after the last "N moves" period the same period repeats (Frisian championship: 50
//     moves in 2 hours, then 25 moves per hour for every further 25 moves);
//   - a move counts as made in time only if it was completed before the time ran out
//     (KNDB art. 10.5, 10.6); the flag falling before the required moves loses (art. 12.1).
//     With the time carried over, any flag fall is a loss.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/types.hpp"
#include "platform/result.hpp"

namespace kroon {

struct TimePeriod {
    int moves = 0;  // moves to make in this period; 0 = the rest of the game
    double seconds = 0;
    friend bool operator==(const TimePeriod&, const TimePeriod&) = default;
};

struct TimeControl {
    std::vector<TimePeriod> periods;  // empty = no clock
    double increment = 0;             // seconds added after each move (Fischer)

    bool unlimited() const { return periods.empty(); }

    static TimeControl sudden_death(double seconds, double increment = 0);
    static TimeControl moves_in(int moves, double seconds);  // repeats every `moves` moves
    static TimeControl frisian_championship();               // 50 in 2 h, then 25 per hour
    friend bool operator==(const TimeControl&, const TimeControl&) = default;
};

// Text form, as in PDN's TimeControl tag: periods joined by ':', each "MOVES/SECONDS" or
// "SECONDS" (the last period only), then "+INCREMENT". Examples: "300+2", "40/7200:1800",
// "50/7200:25/3600". Numbers may carry a unit: 90s, 5m, 2h. "-" or "" means no clock.
// A period is at most a week, the increment at most a day, a period at most 1000 moves.
Result<TimeControl> parse_time_control(std::string_view text);
std::string format_time_control(const TimeControl& control);  // seconds, no units

class Clock {
public:
    explicit Clock(TimeControl control = {});

    const TimeControl& control() const { return control_; }
    bool unlimited() const { return control_.unlimited(); }
    // Time left for the side's current move (the increment comes after the move).
    double remaining(Color side) const { return sides_[index(side)].remaining; }
    // Moves the side still has to make in the current period; 0 in a rest-of-game period.
    int moves_to_go(Color side) const;
    int moves_made(Color side) const { return sides_[index(side)].moves; }
    bool flag_fell(Color side) const { return sides_[index(side)].flagged; }

    // Records that the side completed a move in `seconds`. Returns false when the time ran
    // out first: the flag fell and the side has lost on time.
    bool record_move(Color side, double seconds);
    // Would the side's flag fall after thinking `seconds` on its current move?
    bool would_flag(Color side, double seconds) const;
    // The game ended during the side's move, `seconds` into it (a flag fall, a resignation):
    // the time is taken off its clock, never below zero, and no increment is added.
    void charge(Color side, double seconds);

private:
    struct Side {
        double remaining = 0;
        int period = 0;
        int moves_in_period = 0;
        int moves = 0;
        bool flagged = false;
    };
    const TimePeriod& period_of(const Side& s) const;

    TimeControl control_;
    Side sides_[2];
};

}  // namespace kroon
