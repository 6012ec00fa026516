// Where a resumable job that appends to a data file stands: a small text file beside it
// (OUT.progress) with the job's options as one line, how many of its items the file holds,
// and the file's size after the last of them. The same job started again cuts off an item
// written in part and goes on with the next; another job appends as a new one.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "learn/training_data.hpp"
#include "platform/result.hpp"

namespace kroon::learn {

struct RunProgress {
    std::string run;          // the job's options as one line
    std::size_t done = 0;     // items of the job's list, in order
    std::uint64_t bytes = 0;  // the data file's size after the last of them
};

// `unit` names the items in the file ("games", "positions").
std::optional<Error> write_run_progress(const std::string& path, const std::string& unit, const RunProgress& p);

// Where the job `run` stands in `data`: resumed after its last whole item when the progress
// file at `progress_path` is of the same job (the data file cut back to that point), else at
// nothing. An error when the data file is shorter than the progress says (changed since).
Result<RunProgress> resume_run(const std::string& run, const std::string& unit, const std::string& data,
                               const std::string& progress_path);

// Flushes `writer` and records that its file `data` holds `done` items of the job `progress`
// (its size now) in `progress_path`.
std::optional<Error> mark_run_progress(TrainingWriter& writer, const std::string& data, const std::string& unit,
                                       const std::string& progress_path, RunProgress& progress, std::size_t done);

}  // namespace kroon::learn
