#include "learn/resumable_run.hpp"

#include <algorithm>

namespace kroon::learn {

Result<std::unique_ptr<ResumableRun>> ResumableRun::open(ResumableJob job) {
    const std::string progress_path = job.out + ".progress";
    auto resumed = resume_run(job.line, job.unit, job.out, progress_path);
    if (!resumed) return Error{resumed.error()};
    auto writer = TrainingWriter::open(job.out, job.variant);
    if (!writer) return Error{writer.error()};
    RunProgress progress = *resumed;
    progress.done = std::min(progress.done, job.items);
    return std::unique_ptr<ResumableRun>(new ResumableRun(std::move(job), progress, std::move(writer.value())));
}

ResumableRun::ResumableRun(ResumableJob job, RunProgress progress, std::unique_ptr<TrainingWriter> writer)
    : job_(std::move(job)),
      progress_path_(job_.out + ".progress"),
      progress_(std::move(progress)),
      resumed_(progress_.done),
      writer_(std::move(writer)) {}

double ResumableRun::seconds() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
}

void ResumableRun::mark(std::size_t done) {
    marked_ = seconds();
    if (const auto error = mark_run_progress(*writer_, job_.out, job_.unit, progress_path_, progress_, done);
        error && !failure_)
        failure_ = error;
}

}  // namespace kroon::learn
