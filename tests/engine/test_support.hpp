// Helpers shared by the engine tests: positions from FEN and legal move lists as text, so
// expectations read like a score sheet.
#pragma once

#include <functional>
#include <ostream>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"

#include "tests/support/variant_param.hpp"

namespace kroon::test {

// Parses a FEN that the test itself wrote; a parse error fails the calling test.
Position position(Variant variant, std::string_view fen);

// Every legal move of `pos` in the given notation, sorted (text order), duplicates kept so a
// move generated twice shows up as a difference.
std::vector<std::string> legal_moves(Variant variant, const Position& pos, MoveNotation notation = MoveNotation::Hub);
std::vector<std::string> legal_moves(Variant variant, std::string_view fen, MoveNotation notation = MoveNotation::Hub);

// The same list sorting as legal_moves, for expected lists written by hand.
std::vector<std::string> sorted(std::vector<std::string> texts);

// The legal move written `text` (any syntax); a missing move fails the calling test.
Move legal_move(Variant variant, const Position& pos, std::string_view text);

// Plays `text` on pos (through the variant's Rulebook).
void play(Variant variant, Position& pos, std::string_view text);

// A random legal-looking position: 1..max_per_side pieces a side on random squares, about a
// third of them kings, no man on its own crowning row, random side to move. Without kings
// (breakthrough, where a king ends the game) a square on a man's crowning row stays empty.
Position random_position(Variant variant, std::mt19937_64& rng, int max_per_side, bool with_kings = true);

// Plays up to `plies` random legal moves from `start`, calling visit(position, move) before
// each move; stops early when the side to move has no move.
void random_playout(Variant variant, Position start, int plies, std::mt19937_64& rng,
                    const std::function<void(const Position&, const Move&)>& visit);

}  // namespace kroon::test
