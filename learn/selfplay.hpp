// Kroon plays itself to make training data: games from varied openings, each move searched
// to a fixed number of nodes or depth (so a game replays the same on any machine), every
// quiet position (the side to move has no capture) kept with the search's score and, once
// the game is over, its result. Games are numbered; shard I of N plays the games whose
// number is I modulo N, so N machines make independent slices that merge into the same set
// as one machine playing them all.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "match/openings.hpp"
#include "platform/result.hpp"

namespace kroon::learn {

struct SelfplayOptions {
    Variant variant = Variant::International;
    int games = 100;
    std::uint64_t nodes = 0;  // per move; one of nodes and depth
    int depth = 0;
    std::vector<match::Opening> openings;  // empty: random openings of `random_plies`
    int random_plies = 8;
    std::uint32_t seed = 1;
    int shard = 0;  // this shard's number, 0 .. shards - 1
    int shards = 1;
    int concurrency = 1;
    int max_plies = 400;  // a longer game is a draw
    // Engine options (play/options.hpp, checked), set after self-play's own: a 16 MiB table
    // per game and no endgame databases, so that a game is the same on every machine.
    std::vector<std::pair<std::string, std::string>> engine_options;
    std::string out;  // positions are appended here
    // Set from outside (Ctrl-C): no new game is begun; the games finished are written.
    const std::atomic<bool>* stop = nullptr;
};

struct SelfplayProgress {
    int games_done = 0;
    int games_total = 0;  // in this shard
    std::uint64_t positions = 0;
    double seconds = 0;
};

struct SelfplayResult {
    int resumed_after = 0;  // games of this shard the file held already (a stopped run's)
    int games = 0;          // played now
    std::uint64_t positions = 0;
    int white_wins = 0;
    int black_wins = 0;
    int draws = 0;
    double seconds = 0;
};

// Plays the shard's games; `progress` is called after each game, from one thread at a time.
// Resumable: after each game `OUT.progress` records the run (its options) and how many of its
// games the file holds; the same run started again cuts off a game written in part and goes
// on with the next game. Another run appends to the file as a new one.
Result<SelfplayResult> selfplay(const SelfplayOptions& options,
                                const std::function<void(const SelfplayProgress&)>& progress = {});

}  // namespace kroon::learn
