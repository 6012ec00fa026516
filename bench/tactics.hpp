// Tactics sets: positions with one winning shot (a sacrifice that the opponent must take,
// then a multi-capture), found in game records and checked by the rules alone, and the
// means to see whether an engine finds them.
//
// The checker is a material minimax over every legal move (men 1, kings 3 on 10x10 and 2 on
// 8x8), full width, captures played out at the leaves because they are compulsory. It knows
// nothing of the evaluation or the search, so it can judge them.
//
// A set is a text file, one position a line: `FEN; MOVE; +GAIN; PLIES` (PLIES: the shot's
// length, the least full-width depth that sees the gain). `#` starts a comment.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/record/pdn.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/result.hpp"
#include "play/thinker.hpp"
#include "search/searcher.hpp"

namespace kroon::bench {

struct Puzzle {
    Position position;
    Move solution;
    int gain = 0;   // men won against any defence (a king counts as in material())
    int plies = 0;  // the least full-width depth at which the material minimax sees the gain
};

// Material from the side to move's view.
int material(const Rulebook& rules, const Position& pos);
// The material after `depth` plies of full-width minimax and the captures that follow; a side
// without a legal move has lost (a large negative number).
int material_minimax(const Rulebook& rules, const Position& pos, int depth);

// Whether `pos` holds exactly one winning shot within `depth` plies: no capture now, nothing
// won at two plies, one move winning at least `min_gain` men, every other move at least two
// men worse, and the winning move a sacrifice (the opponent must take).
std::optional<Puzzle> find_shot(const Rulebook& rules, const Position& pos, int depth, int min_gain);

// Scans game records for shots: positions after which the game itself shows the mover up at
// least `min_gain` men a few moves later are checked with find_shot. `found` is told each one.
void find_shots(const std::vector<PdnGame>& games, int depth, int min_gain,
                const std::function<void(const Puzzle&)>& found);

std::string format_puzzle(const Rulebook& rules, const Puzzle& puzzle);

struct PuzzleFile {
    std::vector<Puzzle> puzzles;
    std::vector<std::string> errors;  // "line 12: ...", the line left out
};
PuzzleFile parse_puzzles(const Rulebook& rules, std::string_view text);
Result<PuzzleFile> read_puzzles(const Rulebook& rules, const std::string& path);

struct Attempt {
    Move played;
    bool solved = false;
    double seconds = 0;                 // the search's whole time
    std::optional<double> found_after;  // when the solution became and stayed the best move
    std::uint64_t nodes = 0;
};

// Kroon's search on one puzzle, from a cleared table.
Attempt solve(play::Thinker& engine, const Rulebook& rules, const Puzzle& puzzle, const search::Limits& limits);

}  // namespace kroon::bench
