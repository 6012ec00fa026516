#include "protocol/web/worker/remote_searches.hpp"

#include <algorithm>

#include "protocol/web/worker/search_codec.hpp"

namespace kroon::web {

using Json = nlohmann::json;

RemoteSearches::RemoteSearches(Host host, SearchBounds bounds) : host_(std::move(host)), bounds_(bounds) {}

Searches::JobId RemoteSearches::submit(SearchJob job) {
    const JobId id = next_id_++;
    bounds_.apply(job.limits);
    queue_.push_back(Queued{id, std::move(job)});
    if (!running_) start_next();
    return id;
}

void RemoteSearches::stop(JobId id) {
    if (running_ && running_->id == id) {
        if (!running_->stop_sent) {
            running_->stop_sent = true;
            host_.stop(id);
        }
        return;
    }
    const auto it = std::find_if(queue_.begin(), queue_.end(), [id](const Queued& q) { return q.id == id; });
    if (it == queue_.end()) return;
    SearchJob dropped = std::move(it->job);
    queue_.erase(it);
    if (dropped.on_done) dropped.on_done(JobResult{});
}

void RemoteSearches::start_next() {
    if (queue_.empty()) return;
    Queued next = std::move(queue_.front());
    queue_.pop_front();
    running_ = Running{next.id, std::move(next.job), std::nullopt, false};
    const Json job = {{"game", game_json(running_->job.game)},
                      {"limits", limits_json(running_->job.limits)},
                      {"skill", running_->job.strength.skill}};
    host_.start(running_->id, job.dump());
}

void RemoteSearches::finish(JobResult result) {
    SearchJob job = std::move(running_->job);
    running_.reset();
    if (job.on_done) job.on_done(result);
    if (!running_) start_next();  // unless on_done submitted a job that started already
}

void RemoteSearches::report(JobId id, std::string_view text) {
    if (!running_ || running_->id != id) return;
    Json message = Json::parse(text, nullptr, false);
    if (!message.is_object()) return;
    const std::string type = message.value("type", "");
    const Game& game = running_->job.game;
    if (type == "started") {
        if (running_->job.on_start) running_->job.on_start();
    } else if (type == "iteration") {
        search::Iteration it = iteration_from_json(game, message);
        running_->last = it;
        if (running_->job.on_iteration) running_->job.on_iteration(it);
    } else if (type == "done") {
        JobResult result;
        result.outcome = outcome_from_json(game, message);
        result.started = true;
        finish(std::move(result));
    } else if (type == "ended") {
        // The worker could not be told to stop and was ended: what it had found stands.
        JobResult result;
        result.started = true;
        if (const auto& last = running_->last) {
            if (!last->pv.empty()) result.outcome.best = last->pv.front();
            if (last->pv.size() > 1) result.outcome.ponder = last->pv[1];
            result.outcome.score = last->score;
            result.outcome.depth = last->depth;
            result.outcome.nodes = last->nodes;
            result.outcome.seconds = last->seconds;
            result.outcome.database_hits = last->database_hits;
            result.outcome.from_book = last->from_book;
        }
        finish(std::move(result));
    }
}

}  // namespace kroon::web
