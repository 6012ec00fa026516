// Openings for a match: read from a file (one FEN per line, or PDN games whose moves are
// played at the start), or made of random legal moves. The schedule plays each opening
// twice, once with each engine as White.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"
#include "platform/result.hpp"

namespace kroon::match {

// Where a game begins: a start position and the moves played from it, which are part of the
// game's record.
struct Opening {
    Position start;
    std::vector<Move> moves;
    std::string label;
};

// A file of FEN lines (blank lines and lines starting with # or % are skipped) or of PDN
// games; every opening must be legal and leave a game that is not over yet.
Result<std::vector<Opening>> read_openings(std::string_view text, Variant variant);
Result<std::vector<Opening>> read_openings_file(const std::string& path, Variant variant);

// `count` openings of `plies` random legal moves from the start position (no finished games).
std::vector<Opening> random_openings(Variant variant, int count, int plies, std::uint32_t seed);

// Ballots: every opening of `plies` legal moves from the start position (none that ends the
// game), one for each position they reach, in an order shuffled by `seed`. Two plies give
// the "2-move ballots" of engine matches; at most `limit` are made.
std::vector<Opening> ballot_openings(Variant variant, int plies, std::uint32_t seed, std::size_t limit = 100000);

// For each opening, the index of the first one that leads to the same position. At a fixed
// node count or depth an engine that searches on one thread plays the same game from both,
// so a match that comes back to an opening learns nothing new from it.
std::vector<int> opening_classes(const std::vector<Opening>& openings, Variant variant);

}  // namespace kroon::match
