// The engine on a thread of its own, so the I/O thread never waits for a search: think()
// queues a job and returns; the job's callback runs on the worker thread when the search is
// done (the caller posts it back to its own thread). stop() may be called at any time, also
// before the job has started: the job with that id or any older one then ends at once, and
// every job started still answers (the searcher always has a legal move when there is one).
#pragma once

#include <condition_variable>
#include <functional>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <string>
#include <utility>

#include "engine/record/game.hpp"
#include "play/thinker.hpp"

namespace kroon::dxp {

struct SearchJob {
    int id = 0;
    bool new_game = false;
    Game game;
    search::Limits limits;
    // Called on the worker thread with the move found (none only if no move is legal).
    std::function<void(int id, std::optional<Move> move, const search::Outcome& outcome)> done;
};

class EngineWorker {
public:
    // `options`: engine options (play/options.hpp), already checked.
    explicit EngineWorker(const std::vector<std::pair<std::string, std::string>>& options = {});
    ~EngineWorker();
    EngineWorker(const EngineWorker&) = delete;
    EngineWorker& operator=(const EngineWorker&) = delete;

    void think(SearchJob job);
    void stop(int up_to_id);
    // The id of the job being searched, 0 when none is (a queued job has not started yet).
    int running_job();

private:
    void run();

    play::Thinker thinker_;
    std::mutex mutex_;
    std::condition_variable wake_;
    std::optional<SearchJob> queued_;
    int running_id_ = 0;
    int stopped_up_to_ = 0;
    bool quit_ = false;
    std::thread thread_;
};

}  // namespace kroon::dxp
