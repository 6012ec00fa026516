// The run of a resumable data job (self-play, rescoring): the job's items made by worker
// threads, each with an engine of its own, written to its training data file in their order
// (ordered_job.hpp), and the progress marked beside the file (run_progress.hpp), so that the
// same job started again goes on after its last whole item.
#pragma once

#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "engine/rules/variant.hpp"
#include "learn/ordered_job.hpp"
#include "learn/run_progress.hpp"
#include "learn/training_data.hpp"
#include "platform/result.hpp"

namespace kroon::learn {

struct ResumableJob {
    std::string out;   // the data file; its progress file is OUT.progress
    std::string line;  // the job's options as one line: a run resumes only a run of the same job
    std::string unit;  // what an item is called in the progress file: "games", "positions"
    Variant variant = Variant::International;
    std::size_t items = 0;  // the job's list: items 0 .. items - 1
    int concurrency = 1;
    const std::atomic<bool>* stop = nullptr;                          // set from outside: no item is begun
    std::vector<std::pair<std::string, std::string>> engine_options;  // for data_engine
    double mark_every = 0;  // seconds between progress marks (0: after every item); always at the end
};

class ResumableRun {
public:
    // Opens the job's data file: cut back to the last whole item of a stopped run of the same
    // job, whose items are then done already.
    static Result<std::unique_ptr<ResumableRun>> open(ResumableJob job);

    std::size_t resumed() const { return resumed_; }  // items the file held already
    std::size_t left() const { return job_.items - resumed(); }
    double seconds() const;  // since open

    // The items left: make(engine, i) on the job's threads, then write(writer, i, item) in the
    // order of i, one call at a time, each followed by the progress mark. An error when the
    // progress could not be marked.
    template <class Make, class Write>
    std::optional<Error> run(Make make, Write write) {
        const std::size_t first = resumed();
        const auto make_maker = [&] {
            return [&, engine = std::shared_ptr<play::Thinker>(data_engine(job_.engine_options))](std::size_t k) {
                return make(*engine, first + k);
            };
        };
        std::size_t written = 0;
        run_in_order(job_.concurrency, left(), job_.stop, make_maker, [&](std::size_t k, const auto& item) {
            write(*writer_, first + k, item);
            written = k + 1;
            if (seconds() - marked_ >= job_.mark_every) mark(first + written);
        });
        mark(first + written);
        return failure_;
    }

private:
    ResumableRun(ResumableJob job, RunProgress progress, std::unique_ptr<TrainingWriter> writer);
    void mark(std::size_t done);  // the file holds items 0 .. done - 1

    ResumableJob job_;
    std::string progress_path_;
    RunProgress progress_;
    const std::size_t resumed_;
    std::unique_ptr<TrainingWriter> writer_;
    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    double marked_ = 0;
    std::optional<Error> failure_;
};

}  // namespace kroon::learn
