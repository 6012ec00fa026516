// A slow, independent move generator for cross-checking the engine: square numbers and
// (row, file) coordinates only, a plain recursive search with an explicit path, and the
// rules written down again from docs/rules.md and docs/variants.md
// (nothing from engine/rules or the bitboard generator). It knows every variant.
#pragma once

#include <compare>
#include <ostream>
#include <string>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"

namespace kroon::test {

struct ReferenceMove {
    int from = 0;
    int to = 0;
    std::vector<int> captured;  // ascending square numbers
    bool promotes = false;
    auto operator<=>(const ReferenceMove&) const = default;
};
std::string to_string(const ReferenceMove& m);
// gtest prints moves in failures as text.
inline void PrintTo(const ReferenceMove& m, std::ostream* os) { *os << to_string(m); }

// The board as squares 1..N: '.' empty, 'w'/'b' men, 'W'/'B' kings.
struct ReferenceBoard {
    Variant variant = Variant::International;
    std::vector<char> cell;  // index 0 unused
    Color side = Color::White;
    // Frisian art. 17: the side to move's last quiet king moves (square of that king, count).
    int run_square = 0;
    int run_count = 0;
};

// Reads the engine position square by square (through square numbers only); the art. 17
// state is supplied by the caller, who tracks it independently.
ReferenceBoard reference_board(Variant variant, const Position& pos, int run_square = 0, int run_count = 0);

// Every legal move, sorted, each (from, to, captured set, crowned) once: for Russian a capture
// crowned in passing and the same capture uncrowned are different moves (different positions).
std::vector<ReferenceMove> reference_moves(const ReferenceBoard& board);

// One complete capture sequence: the squares landed on after `from` and the pieces taken,
// both in order.
struct ReferencePath {
    int from = 0;
    std::vector<int> landings;
    std::vector<int> captured;
    bool promotes = false;
};
// Every complete capture of the side to move, before precedence and duplicate removal.
std::vector<ReferencePath> reference_capture_paths(const ReferenceBoard& board);

// Is `landings` (the squares landed on after `from`, in order) a complete capture taking
// exactly `captured`? Precedence is not applied. `why` explains a rejected path; `order`
// receives the captured squares in the order they are taken.
bool valid_capture_path(const ReferenceBoard& board, int from, const std::vector<int>& landings,
                        const std::vector<int>& captured, std::string& why, std::vector<int>* order = nullptr);

// Rule facts the tests need to set up positions and bookkeeping, from the reference's own
// restatement of the rules.
struct ReferenceFacts {
    int squares = 50;                  // dark squares on the board
    int king_move_limit = 0;           // Frisian art. 17 (0: no limit)
    bool no_moves_with_kings = false;  // breakthrough: the first king ends the game
};
ReferenceFacts reference_facts(Variant variant);

// Frisian art. 17 bookkeeping for one side, updated after each of its moves.
struct ReferenceRun {
    int square = 0;
    int count = 0;
    void after_move(const ReferenceBoard& before, const ReferenceMove& move);
};

}  // namespace kroon::test
