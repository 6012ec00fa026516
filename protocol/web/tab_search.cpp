#include "protocol/web/tab_search.hpp"

namespace kroon::web {

const char* task_name(Task task) {
    static const char* names[] = {nullptr, "move", "hint", "analysis", "review"};
    return names[static_cast<int>(task)];
}

TabSearch::TabSearch(Searches& pool, Searches* other_pool, Post post, Events events)
    : kroon_pool_(pool), other_pool_(other_pool), post_(std::move(post)), events_(std::move(events)) {}

Searches* TabSearch::chosen_pool(const Request& message) const {
    const std::string engine = message.has("engine") ? message.text("engine", 20) : "kroon";
    if (engine == "kroon") return &kroon_pool_;
    if (engine != "other") throw BadRequest{"unknown engine '" + engine + "': kroon or other"};
    if (!other_pool_) throw BadRequest{"no other engine: the server was started without --engine"};
    return other_pool_;
}

void TabSearch::start(Task task, int ply, int node, Game game, const search::Limits& limits, Searches* pool,
                      play::Strength strength) {
    pool_ = pool ? pool : &kroon_pool_;
    task_ = task;
    ply_ = ply;
    node_ = node;
    running_ = false;
    const std::uint64_t serial = ++serial_;
    SearchJob job;
    job.game = std::move(game);
    job.limits = limits;
    job.strength = strength;
    const auto post = post_;
    job.on_start = [this, post, serial] { post([this, serial] { on_started(serial); }); };
    if (task != Task::Review)
        job.on_iteration = [this, post, serial](const search::Iteration& it) {
            post([this, serial, it] { on_iteration(serial, it); });
        };
    job.on_done = [this, post, serial](const JobResult& result) {
        post([this, serial, result] { on_done(serial, result); });
    };
    job_ = pool_->submit(std::move(job));
}

void TabSearch::stop(bool quietly) {
    if (task_ == Task::None) return;
    pool_->stop(job_);
    if (quietly) {
        ++serial_;
        task_ = Task::None;
        job_ = 0;
        running_ = false;
    }
}

void TabSearch::on_started(std::uint64_t serial) {
    if (serial != serial_) return;
    running_ = true;
    events_.started();
}

void TabSearch::on_iteration(std::uint64_t serial, const search::Iteration& it) {
    if (serial != serial_) return;
    events_.iteration(it);
}

void TabSearch::on_done(std::uint64_t serial, const JobResult& result) {
    if (serial != serial_) return;
    const Task task = task_;
    task_ = Task::None;
    job_ = 0;
    running_ = false;
    events_.done(task, ply_, node_, result);
}

}  // namespace kroon::web
