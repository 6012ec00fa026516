#include "protocol/web/search_pool.hpp"

#include <algorithm>
#include <optional>

namespace kroon::web {

using SteadyClock = std::chrono::steady_clock;

SearchPool::SearchPool(std::shared_ptr<play::Analyser> analyser, PoolOptions options) : options_(options) {
    auto slot = std::make_unique<Slot>();
    slot->engine = std::move(analyser);
    slots_.push_back(std::move(slot));
    slots_.front()->thread = std::thread([this, s = slots_.front().get()] { run_slot(*s); });
}

SearchPool::SearchPool(PoolOptions options) : options_(options) {
    const int count = std::clamp(options.slots, 1, 256);
    const int hash = std::max(1, options.hash_mib / count);
    std::string folder;
    for (const auto& [name, value] : options.engine_options)
        if (name == "egdb") folder = value;
    const auto shelf = std::make_shared<play::DatabaseShelf>(play::DatabaseShelf::folder_of_option(folder));
    for (int i = 0; i < count; ++i) {
        auto slot = std::make_unique<Slot>();
        auto engine = std::make_shared<play::Thinker>(shelf);
        for (const auto& [name, value] : options.engine_options)
            if (name != "egdb") engine->set_option(name, value);
        engine->set_option("threads", "1");
        engine->set_option("hash", std::to_string(hash));
        slot->engine = std::move(engine);
        slots_.push_back(std::move(slot));
    }
    for (auto& slot : slots_) slot->thread = std::thread([this, s = slot.get()] { run_slot(*s); });
}

SearchPool::~SearchPool() {
    std::deque<Queued> dropped;
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
        dropped.swap(queue_);
        for (auto& slot : slots_) {
            slot->stop_requested = true;
            if (slot->started) slot->engine->stop();
        }
    }
    wake_.notify_all();
    for (auto& slot : slots_) slot->thread.join();
    for (auto& q : dropped)
        if (q.job.on_done) q.job.on_done(JobResult{});
}

SearchPool::JobId SearchPool::submit(SearchJob job) {
    JobId id = 0;
    {
        std::lock_guard lock(mutex_);
        id = next_id_++;
        queue_.push_back(Queued{id, std::move(job)});
    }
    wake_.notify_one();
    return id;
}

void SearchPool::stop(JobId id) {
    std::optional<Queued> dropped;
    {
        std::lock_guard lock(mutex_);
        const auto it = std::find_if(queue_.begin(), queue_.end(), [id](const Queued& q) { return q.id == id; });
        if (it != queue_.end()) {
            dropped = std::move(*it);
            queue_.erase(it);
        } else {
            for (auto& slot : slots_) {
                if (slot->job != id) continue;
                slot->stop_requested = true;
                if (slot->started) slot->engine->stop();
            }
        }
    }
    if (dropped && dropped->job.on_done) dropped->job.on_done(JobResult{});
}

int SearchPool::running() const {
    std::lock_guard lock(mutex_);
    return running_;
}

int SearchPool::queued() const {
    std::lock_guard lock(mutex_);
    return static_cast<int>(queue_.size());
}

int SearchPool::peak_running() const {
    std::lock_guard lock(mutex_);
    return peak_;
}

std::uint64_t SearchPool::finished() const {
    std::lock_guard lock(mutex_);
    return finished_;
}

void SearchPool::limit(search::Limits& limits) const {
    // An endless analysis is ended by stop, or by the slice when another request waits.
    SearchBounds{options_.max_seconds, options_.max_depth}.apply(limits);
}

void SearchPool::run_slot(Slot& slot) {
    while (std::optional<Queued> q = take_job(slot)) {
        if (q->job.on_start) q->job.on_start();
        const search::Outcome outcome = run_search(slot, q->job);
        const JobResult result = end_job(slot, outcome);
        if (q->job.on_done) q->job.on_done(result);
    }
}

std::optional<SearchPool::Queued> SearchPool::take_job(Slot& slot) {
    std::unique_lock lock(mutex_);
    wake_.wait(lock, [this] { return quit_ || !queue_.empty(); });
    if (quit_) return std::nullopt;
    Queued q = std::move(queue_.front());
    queue_.pop_front();
    limit(q.job.limits);
    slot.job = q.id;
    slot.started = false;
    slot.stop_requested = false;
    slot.preempted = false;
    slot.infinite = q.job.limits.infinite;
    slot.since = SteadyClock::now();
    peak_ = std::max(peak_, ++running_);
    return q;
}

search::Outcome SearchPool::run_search(Slot& slot, const SearchJob& job) {
    search::Outcome outcome;
    {
        std::lock_guard done_lock(slot.done_mutex);
        slot.done = false;
    }
    slot.engine->set_game(job.game);
    slot.engine->set_strength(job.strength);
    slot.engine->go(job.limits, search::Listener{[&job](const search::Iteration& it) {
                                                     if (job.on_iteration) job.on_iteration(it);
                                                 },
                                                 [&slot, &outcome](const search::Outcome& o) {
                                                     std::lock_guard done_lock(slot.done_mutex);
                                                     outcome = o;
                                                     slot.done = true;
                                                     slot.done_signal.notify_all();
                                                 }});
    {
        std::lock_guard lock(mutex_);
        slot.started = true;
        if (slot.stop_requested) slot.engine->stop();  // a stop that came before the search began
    }
    wait_for_search(slot);
    slot.engine->wait();
    return outcome;
}

// Meanwhile, a search that has had its slice gives way to a waiting request.
void SearchPool::wait_for_search(Slot& slot) {
    for (;;) {
        {
            std::unique_lock done_lock(slot.done_mutex);
            if (slot.done_signal.wait_for(done_lock, std::chrono::milliseconds(100), [&slot] { return slot.done; }))
                return;
        }
        std::lock_guard guard(mutex_);
        const double seconds = std::chrono::duration<double>(SteadyClock::now() - slot.since).count();
        if (!slot.preempted && !queue_.empty() && seconds >= options_.slice) {
            slot.preempted = true;
            slot.engine->stop();
        }
    }
}

JobResult SearchPool::end_job(Slot& slot, const search::Outcome& outcome) {
    JobResult result;
    result.outcome = outcome;
    result.started = true;
    if (!outcome.best) result.failure = slot.engine->failure();
    std::lock_guard lock(mutex_);
    result.preempted = slot.preempted;
    slot.job = 0;
    slot.started = false;
    --running_;
    ++finished_;
    return result;
}

}  // namespace kroon::web
