#include "tests/protocol/engine_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <thread>

extern char** environ;

namespace kroon::test {
namespace {

using Clock = std::chrono::steady_clock;

int milliseconds_left(Clock::time_point deadline) {
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    return left > 0 ? static_cast<int>(left) : 0;
}

}  // namespace

EngineProcess::EngineProcess(const std::string& path, const std::vector<std::string>& args) {
    ::signal(SIGPIPE, SIG_IGN);  // a dead child must fail a test, not kill the test program
    int in_pipe[2], out_pipe[2];
    if (::pipe2(in_pipe, O_CLOEXEC) != 0) return;
    if (::pipe2(out_pipe, O_CLOEXEC) != 0) {
        ::close(in_pipe[0]);
        ::close(in_pipe[1]);
        return;
    }
    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_adddup2(&actions, in_pipe[0], STDIN_FILENO);
    posix_spawn_file_actions_adddup2(&actions, out_pipe[1], STDOUT_FILENO);
    std::vector<std::string> argv_storage{path};
    argv_storage.insert(argv_storage.end(), args.begin(), args.end());
    std::vector<char*> argv;
    for (auto& a : argv_storage) argv.push_back(a.data());
    argv.push_back(nullptr);
    pid_t pid = -1;
    const int rc = ::posix_spawn(&pid, path.c_str(), &actions, nullptr, argv.data(), environ);
    posix_spawn_file_actions_destroy(&actions);
    ::close(in_pipe[0]);
    ::close(out_pipe[1]);
    if (rc != 0) {
        ::close(in_pipe[1]);
        ::close(out_pipe[0]);
        return;
    }
    pid_ = pid;
    to_child_ = in_pipe[1];
    from_child_ = out_pipe[0];
}

EngineProcess::~EngineProcess() {
    close_input();
    if (pid_ > 0 && !wait_exit(3s)) {
        ::kill(pid_, SIGKILL);
        int status = 0;
        ::waitpid(pid_, &status, 0);
    }
    if (from_child_ >= 0) ::close(from_child_);
}

bool EngineProcess::send(std::string_view line) {
    if (to_child_ < 0) return false;
    std::string data(line);
    data += '\n';
    size_t done = 0;
    while (done < data.size()) {
        const ssize_t n = ::write(to_child_, data.data() + done, data.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

std::optional<std::string> EngineProcess::read_line(std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        if (const auto nl = buffer_.find('\n'); nl != std::string::npos) {
            std::string line = buffer_.substr(0, nl);
            buffer_.erase(0, nl + 1);
            transcript_.push_back(line);
            return line;
        }
        if (from_child_ < 0) return std::nullopt;
        pollfd p{from_child_, POLLIN, 0};
        const int ready = ::poll(&p, 1, milliseconds_left(deadline));
        if (ready < 0 && errno == EINTR) continue;
        if (ready <= 0) return std::nullopt;
        char chunk[4096];
        const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return std::nullopt;  // EOF: the child closed its output
        buffer_.append(chunk, static_cast<size_t>(n));
    }
}

std::optional<std::vector<std::string>> EngineProcess::read_until(std::string_view word,
                                                                   std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    std::vector<std::string> lines;
    for (;;) {
        const auto line = read_line(std::chrono::milliseconds(milliseconds_left(deadline)));
        if (!line) return std::nullopt;
        lines.push_back(*line);
        if (first_word(*line) == word) return lines;
    }
}

bool EngineProcess::silent_for(std::chrono::milliseconds quiet) {
    if (buffer_.find('\n') != std::string::npos) return false;
    return !read_line(quiet).has_value();
}

void EngineProcess::close_input() {
    if (to_child_ >= 0) ::close(to_child_);
    to_child_ = -1;
}

std::optional<int> EngineProcess::wait_exit(std::chrono::milliseconds timeout) {
    if (status_) return status_;
    if (pid_ <= 0) return std::nullopt;
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        int status = 0;
        const pid_t r = ::waitpid(pid_, &status, WNOHANG);
        if (r == pid_) {
            status_ = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
            return status_;
        }
        if (Clock::now() >= deadline) return std::nullopt;
        std::this_thread::sleep_for(5ms);
    }
}

std::string first_word(std::string_view line) {
    const size_t start = line.find_first_not_of(' ');
    if (start == std::string_view::npos) return "";
    const size_t end = line.find(' ', start);
    return std::string(line.substr(start, end == std::string_view::npos ? end : end - start));
}

}  // namespace kroon::test
