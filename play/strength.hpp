// How strongly Kroon plays, from a beginner to full strength (docs/levels.md). One continuous
// knob, the skill, from 0 (the weakest) to 100 (full strength), weakens the search the way a
// person is weak rather than by playing random moves:
//   - a depth and a node budget that shrink with the skill: shots deeper than it sees are
//     missed and plans are shallow; a weak level also answers at once, whatever the clock
//     allows;
//   - at the root a choice among the best few lines, within a margin of the best that grows
//     as the skill falls: a move a little worse than the best by the engine's own reckoning,
//     never one it has not searched.
// The Elo scale that people choose from is laid onto the skill by matches (the calibration
// table of docs/levels.md).
#pragma once

#include <cstdint>
#include <random>
#include <vector>

#include "search/searcher.hpp"

namespace kroon::play {

inline constexpr double full_skill = 100;

struct Strength {
    double skill = full_skill;
    bool full() const { return skill >= full_skill; }
    friend bool operator==(const Strength&, const Strength&) = default;
};

// What a skill below full strength does to a search that plays a move. The depth's fraction
// is drawn from `random`.
struct Weakening {
    int depth = 0;             // the deepest nominal depth searched
    std::uint64_t nodes = 0;   // the most nodes the move may take
    int lines = 1;             // root lines searched to choose from
    search::Score margin = 0;  // hundredths of a man: a line this far below the best may be played
};
Weakening weakening(double skill, std::mt19937_64& random);

// The line to play among `lines` (best first, as a search reports them): each line within
// the margin of the first scores its own score plus the margin times a draw from [0, 1); the
// highest is played. So the best line is played most often, and a line far below it never.
std::size_t choose_line(const std::vector<search::Line>& lines, search::Score margin, std::mt19937_64& random);

// The Elo scale people choose from (docs/levels.md). Full-strength Kroon at 0.1 s a move is
// put at full_strength_elo by convention; every step below it is placed by its measured score
// against full strength and against the steps next to it.
inline constexpr int full_strength_elo = 2400;
struct EloStep {
    double skill;
    int elo;
};
// The calibrated steps, weakest first, full strength last.
const std::vector<EloStep>& elo_steps();
// The skill that plays at about `elo`: between two steps, the line through them; below the
// weakest step, the weakest; at or above full_strength_elo, full strength.
Strength strength_of_elo(int elo);

}  // namespace kroon::play
