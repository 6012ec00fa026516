// The searches of the static site's session (docs/web.md, "The static site"): each job goes,
// one at a time, to the search worker, which runs Kroon on a thread of its own, as the JSON of
// search_codec.hpp; its reports come back the same way and are read against the job's game.
// Socket- and browser-free: the session worker's JavaScript is the Host, and hands every
// report to report().
#pragma once

#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <string_view>

#include "protocol/web/searches.hpp"

namespace kroon::web {

class RemoteSearches final : public Searches {
public:
    struct Host {
        // Sends a job (its id and its JSON) to the search worker.
        std::function<void(JobId id, const std::string& job)> start;
        // Asks the search worker to end the job now: it answers with its "done", or, where it
        // cannot be told while it searches, it is ended and the host reports "ended".
        std::function<void(JobId id)> stop;
    };

    RemoteSearches(Host host, SearchBounds bounds = {});

    JobId submit(SearchJob job) override;
    void stop(JobId id) override;
    std::string engine_name() const override { return "Kroon"; }

    // A report of the search worker about job `id`: {"type": "started"}, {"type":
    // "iteration", ...}, {"type": "done", ...} (search_codec.hpp), or {"type": "ended"} when
    // the host ended the worker to stop the job: the job's last iteration is its result.
    // Reports of other jobs than the running one are dropped.
    void report(JobId id, std::string_view text);

    bool busy() const { return running_.has_value(); }

private:
    struct Queued {
        JobId id;
        SearchJob job;
    };
    struct Running {
        JobId id;
        SearchJob job;
        std::optional<search::Iteration> last;
        bool stop_sent = false;
    };

    void start_next();
    void finish(JobResult result);

    Host host_;
    SearchBounds bounds_;
    std::deque<Queued> queue_;
    std::optional<Running> running_;
    JobId next_id_ = 1;
};

}  // namespace kroon::web
