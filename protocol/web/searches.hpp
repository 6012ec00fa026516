// Where a tab's searches go: the bounded pool of engines of `kroon serve` (search_pool.hpp),
// or, in the static site, the search worker beside the session's (worker/remote_searches.hpp).
// A tab submits a job and may stop it; the callbacks say when it starts, what each iteration
// found and how it ended.
#pragma once

#include <cstdint>
#include <functional>
#include <string>

#include "engine/record/game.hpp"
#include "play/strength.hpp"
#include "search/searcher.hpp"

namespace kroon::web {

struct JobResult {
    search::Outcome outcome;
    bool started = false;    // false: stopped while it waited, no search ran
    bool preempted = false;  // an endless analysis ended to free its slot for a waiting request
    std::string failure;     // why a search found no move where there is one (another program's fault)
};

struct SearchJob {
    Game game;
    search::Limits limits;
    play::Strength strength;  // how strongly a move is played (play/strength.hpp)
    // on_start when the search starts; on_done exactly once per submitted job, also when it is
    // stopped before it started. The pool calls them on its own threads.
    std::function<void()> on_start;
    std::function<void(const search::Iteration&)> on_iteration;
    std::function<void(const JobResult&)> on_done;
};

// The bounds a tab's searches are held to: the longest and the deepest search it may ask (an
// endless analysis is ended by stop, or by the pool's slice).
struct SearchBounds {
    double max_seconds = 60;
    int max_depth = 40;
    void apply(search::Limits& limits) const {
        if (limits.infinite) return;
        if (limits.move_time <= 0 || limits.move_time > max_seconds) limits.move_time = max_seconds;
        if (limits.depth <= 0 || limits.depth > max_depth) limits.depth = max_depth;
    }
};

class Searches {
public:
    using JobId = std::uint64_t;
    virtual ~Searches() = default;
    virtual JobId submit(SearchJob job) = 0;
    // Ends a job: a queued one is dropped (on_done with started = false), a running one is
    // told to stop now. Unknown or finished ids are ignored.
    virtual void stop(JobId id) = 0;
    // What the searches run on: "Kroon", or another program's name.
    virtual std::string engine_name() const = 0;
};

}  // namespace kroon::web
