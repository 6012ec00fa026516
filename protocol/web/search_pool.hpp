// A bounded pool of engines shared by every connection of `kroon serve`: at most `slots`
// searches run at once, one thread each; further requests wait in arrival order. A request
// can be stopped at any time (queued: it never starts; running: the search ends at once and
// reports what it found), so a closed tab frees its slot immediately.
//
// Fairness: no search holds a slot for long while a request waits. A search that has run
// for `slice` seconds while a request waits is ended (its result says `preempted`; a move is
// played, a hint or analysis reports what it found), so a waiting request starts within about
// `slice` seconds. And no search runs longer than `max_seconds` or deeper than `max_depth`,
// whatever a tab asks (an endless analysis only while nobody waits).
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <string>
#include <utility>

#include "engine/record/game.hpp"
#include "play/analyser.hpp"
#include "play/thinker.hpp"
#include "protocol/web/searches.hpp"

namespace kroon::web {

struct PoolOptions {
    int slots = 1;            // searches at once, each on one thread
    int hash_mib = 64;        // shared out over the slots, at least 1 MiB each
    double slice = 10;        // seconds a search keeps its slot while a request waits
    double max_seconds = 60;  // the longest search a tab may ask (not an endless analysis)
    int max_depth = 40;       // the deepest
    // Options of every slot's engine (play/options.hpp, checked): eval, eval-file, egdb. The
    // databases folder is opened once for all slots, each variant's when a game first needs it.
    std::vector<std::pair<std::string, std::string>> engine_options;
};

class SearchPool final : public Searches {
public:
    explicit SearchPool(PoolOptions options);
    // One slot that searches with another program (`kroon serve --engine`), under the
    // options' bounds and slice.
    SearchPool(std::shared_ptr<play::Analyser> analyser, PoolOptions options);
    ~SearchPool();  // stops every search and waits for the threads
    SearchPool(const SearchPool&) = delete;
    SearchPool& operator=(const SearchPool&) = delete;

    JobId submit(SearchJob job) override;
    // Ends a job: a queued one is dropped (on_done with started = false), a running one is
    // told to stop now. Unknown or finished ids are ignored.
    void stop(JobId id) override;

    int slots() const { return static_cast<int>(slots_.size()); }
    // What the slots search with: "Kroon", or the other program's name.
    std::string engine_name() const override { return slots_.front()->engine->name(); }
    int running() const;
    int queued() const;
    // The most searches ever seen running at once (the bound the tests check).
    int peak_running() const;
    std::uint64_t finished() const;

private:
    struct Slot {
        std::shared_ptr<play::Analyser> engine;
        JobId job = 0;  // 0: idle
        bool started = false;
        bool stop_requested = false;
        bool infinite = false;
        bool preempted = false;
        std::chrono::steady_clock::time_point since;
        std::thread thread;
        // The running search's end, from the search thread.
        std::mutex done_mutex;
        std::condition_variable done_signal;
        bool done = false;
    };
    struct Queued {
        JobId id;
        SearchJob job;
    };

    // A slot's thread: takes the queued jobs one after the other until the pool quits.
    void run_slot(Slot& slot);
    // The server's bounds on what a tab may ask: the longest and the deepest search.
    void limit(search::Limits& limits) const;
    // The next job, now the slot's; none when the pool quits.
    std::optional<Queued> take_job(Slot& slot);
    search::Outcome run_search(Slot& slot, const SearchJob& job);
    void wait_for_search(Slot& slot);
    JobResult end_job(Slot& slot, const search::Outcome& outcome);

    PoolOptions options_;
    mutable std::mutex mutex_;
    std::condition_variable wake_;
    std::deque<Queued> queue_;
    std::vector<std::unique_ptr<Slot>> slots_;
    JobId next_id_ = 1;
    int running_ = 0;
    int peak_ = 0;
    std::uint64_t finished_ = 0;
    bool quit_ = false;
};

}  // namespace kroon::web
