// Deeper targets for the learned evaluation: the positions of a training data file searched
// again, to a larger node count or depth than the games that made them, and written with the
// new search's score (the game's result kept). Every position is searched from an empty
// table, so the scores are the same on every machine and in every order; shard I of N takes
// every N-th of the chosen positions, and the shards merge (`kroon selfplay --merge`) into
// the same positions as one run, in another order. Resumable as self-play is.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "platform/result.hpp"

namespace kroon::learn {

struct RescoreOptions {
    std::string data;         // the positions to search again
    std::uint64_t nodes = 0;  // per position; one of nodes and depth
    int depth = 0;
    int every = 1;  // take positions 0, every, 2 x every, ... of the file
    int shard = 0;  // this shard's number, 0 .. shards - 1
    int shards = 1;
    int concurrency = 1;
    // Engine options (play/options.hpp, checked), set after the rescoring's own: a 16 MiB
    // table and no endgame databases, as in self-play.
    std::vector<std::pair<std::string, std::string>> engine_options;
    std::string out;  // positions are appended here
    // Set from outside (Ctrl-C): no new position is begun; those finished are written.
    const std::atomic<bool>* stop = nullptr;
};

struct RescoreProgress {
    std::uint64_t done = 0;
    std::uint64_t total = 0;  // in this shard
    double seconds = 0;
};

struct RescoreResult {
    std::uint64_t resumed_after = 0;  // positions of this shard the file held already
    std::uint64_t positions = 0;      // searched now
    int median_change = 0;            // median |new score - old score|, hundredths of a man
    double seconds = 0;
};

// Searches the shard's positions; `progress` is called after each, from one thread at a time.
Result<RescoreResult> rescore(const RescoreOptions& options,
                              const std::function<void(const RescoreProgress&)>& progress = {});

}  // namespace kroon::learn
