#include "tests/protocol/engine_process.hpp"

namespace kroon::test {
namespace {

using Clock = std::chrono::steady_clock;

double seconds(std::chrono::milliseconds d) { return std::chrono::duration<double>(d).count(); }

std::chrono::milliseconds left_until(Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
    return left.count() > 0 ? left : 0ms;
}

}  // namespace

EngineProcess::EngineProcess(const std::string& path, const std::vector<std::string>& args) {
    std::vector<std::string> words{path};
    words.insert(words.end(), args.begin(), args.end());
    // The binary's path and arguments reach it exactly as given.
    const std::string command = platform::command_line(words);
    auto child = platform::ChildProcess::start(command, {}, /*keep_stderr=*/true);
    if (child) child_ = std::move(child.value());
}

EngineProcess::~EngineProcess() {
    // A chance to exit by itself (and flush its logs) before ChildProcess kills it.
    close_input();
    if (child_) child_->wait_exit(3.0);
}

bool EngineProcess::send(std::string_view line) { return child_ && child_->send(line); }

std::optional<std::string> EngineProcess::read_line(std::chrono::milliseconds timeout) {
    std::string line;
    if (!child_ || child_->read_line(line, seconds(timeout)) != platform::ChildProcess::Read::Line) return std::nullopt;
    transcript_.push_back(line);
    return line;
}

std::optional<std::vector<std::string>> EngineProcess::read_until(std::string_view word,
                                                                  std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    std::vector<std::string> lines;
    for (;;) {
        const auto line = read_line(left_until(deadline));
        if (!line) return std::nullopt;
        lines.push_back(*line);
        if (first_word(*line) == word) return lines;
    }
}

bool EngineProcess::silent_for(std::chrono::milliseconds quiet) { return !read_line(quiet).has_value(); }

void EngineProcess::close_input() {
    if (child_) child_->close_input();
}

std::optional<int> EngineProcess::wait_exit(std::chrono::milliseconds timeout) {
    if (!child_ || !child_->wait_exit(seconds(timeout))) return std::nullopt;
    return child_->exit_code();
}

std::string first_word(std::string_view line) {
    const size_t start = line.find_first_not_of(' ');
    if (start == std::string_view::npos) return "";
    const size_t end = line.find(' ', start);
    return std::string(line.substr(start, end == std::string_view::npos ? end : end - start));
}

}  // namespace kroon::test
