// The bench: a fixed set of positions from all variants searched to fixed depths with a
// fresh table each. The total node count is the bench signature: it changes only when the
// search or the evaluation changes (single thread), so it catches unintended changes.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"

namespace kroon::bench {

struct BenchPosition {
    Variant variant;
    const char* fen;   // "start" for the start position
    int depth_offset;  // added to the bench depth (sparse endgames search deeper)
    const char* label;
};

const std::vector<BenchPosition>& bench_positions();
// The speed measure: the international start and the bench's four international middle
// games, each searched to the same depth. Time to depth and nodes per second there are what
// a game's search meets; the signature positions include endings and other variants.
const std::vector<BenchPosition>& speed_positions();
// The position a bench entry names.
Position bench_position(const BenchPosition& entry);

struct BenchOptions {
    int depth = 12;
    // speed_positions() with the engine's own table (64 MiB) instead of the signature's set.
    bool speed = false;
    // Engine options (play/options.hpp), set after the bench's own: a 16 MiB table (64 MiB
    // for speed) and no endgame databases, so that the signature is the same on every machine.
    std::vector<std::pair<std::string, std::string>> engine_options;
};

struct BenchLine {
    std::string label;
    int depth = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    int score = 0;
    std::string best;  // the best move in standard notation
};

struct BenchResult {
    std::vector<BenchLine> lines;
    std::uint64_t nodes = 0;
    double seconds = 0;
};

BenchResult run_bench(const BenchOptions& options, const std::function<void(const BenchLine&)>& on_line = {});

}  // namespace kroon::bench
