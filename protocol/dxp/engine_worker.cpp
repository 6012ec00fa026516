#include "protocol/dxp/engine_worker.hpp"

namespace kroon::dxp {

EngineWorker::EngineWorker(const std::vector<std::pair<std::string, std::string>>& options) {
    for (const auto& [name, value] : options) thinker_.set_option(name, value);
    thread_ = std::thread([this] { run(); });
}

EngineWorker::~EngineWorker() {
    {
        std::lock_guard lock(mutex_);
        quit_ = true;
        queued_.reset();
        if (running_id_) thinker_.stop();
    }
    wake_.notify_all();
    thread_.join();
}

void EngineWorker::think(SearchJob job) {
    {
        std::lock_guard lock(mutex_);
        queued_ = std::move(job);  // a newer job replaces one that has not started
    }
    wake_.notify_all();
}

void EngineWorker::stop(int up_to_id) {
    std::lock_guard lock(mutex_);
    // A queued job is kept: it starts, stops at once and still answers with a legal move, so
    // a hard stop that comes early never leaves the caller without a move.
    stopped_up_to_ = std::max(stopped_up_to_, up_to_id);
    if (running_id_ && running_id_ <= stopped_up_to_) thinker_.stop();
}

int EngineWorker::running_job() {
    std::lock_guard lock(mutex_);
    return running_id_;
}

void EngineWorker::run() {
    for (;;) {
        SearchJob job;
        {
            std::unique_lock lock(mutex_);
            wake_.wait(lock, [&] { return quit_ || queued_.has_value(); });
            if (quit_) return;
            job = std::move(*queued_);
            queued_.reset();
        }
        if (job.new_game) thinker_.new_game();
        thinker_.set_game(job.game);
        search::Outcome outcome;
        thinker_.go(job.limits, search::Listener{{}, [&outcome](const search::Outcome& o) { outcome = o; }});
        {
            // A stop that came before the search started still applies to it.
            std::lock_guard lock(mutex_);
            running_id_ = job.id;
            if (quit_ || job.id <= stopped_up_to_) thinker_.stop();
        }
        thinker_.wait();
        {
            std::lock_guard lock(mutex_);
            running_id_ = 0;
        }
        if (job.done) job.done(job.id, outcome.best, outcome);
    }
}

}  // namespace kroon::dxp
