#include "platform/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

namespace kroon::platform {
namespace {

using Clock = std::chrono::steady_clock;

// An engine that floods us with a line that never ends is cut here.
constexpr size_t longest_line = 1 << 20;

}  // namespace

Result<std::unique_ptr<ChildProcess>> ChildProcess::start(const std::string& command, const std::string& stderr_path,
                                                          bool keep_stderr) {
    // Writing to an engine that has died must be an error value, not a signal that kills us.
    static const bool sigpipe_ignored = [] { return ::signal(SIGPIPE, SIG_IGN) != SIG_ERR; }();
    (void)sigpipe_ignored;
    int in[2], out[2];
    if (::pipe2(in, O_CLOEXEC) != 0) return Error{std::string("pipe: ") + std::strerror(errno)};
    if (::pipe2(out, O_CLOEXEC) != 0) {
        ::close(in[0]);
        ::close(in[1]);
        return Error{std::string("pipe: ") + std::strerror(errno)};
    }
    const int err = stderr_path.empty() && keep_stderr ? ::fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 0)
                                                       : ::open(stderr_path.empty() ? "/dev/null" : stderr_path.c_str(),
                                                                O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
    if (err < 0) {
        for (int fd : {in[0], in[1], out[0], out[1]}) ::close(fd);
        return Error{"cannot open " + stderr_path + ": " + std::strerror(errno)};
    }
    // Everything the child needs is prepared before fork: only async-signal-safe calls after.
    const std::string script = "exec " + command;
    const pid_t parent = ::getpid();
    const pid_t pid = ::fork();
    if (pid < 0) {
        for (int fd : {in[0], in[1], out[0], out[1], err}) ::close(fd);
        return Error{std::string("fork: ") + std::strerror(errno)};
    }
    if (pid == 0) {
        // The engine dies with the match runner, even when the runner is killed outright: it
        // runs in a process group of its own, so nothing else would end it. (The signal
        // follows the thread that started the engine, which outlives the engine's games.)
        ::prctl(PR_SET_PDEATHSIG, SIGKILL);
        if (::getppid() != parent) ::_exit(127);  // the runner died before the line above
        ::setpgid(0, 0);
        ::signal(SIGPIPE, SIG_DFL);
        ::signal(SIGINT, SIG_IGN);  // Ctrl-C stops the match runner, which then stops us
        if (::dup2(in[0], 0) < 0 || ::dup2(out[1], 1) < 0 || ::dup2(err, 2) < 0) ::_exit(127);
        ::execl("/bin/sh", "sh", "-c", script.c_str(), static_cast<char*>(nullptr));
        ::_exit(127);
    }
    ::setpgid(pid, pid);  // also from here, so kill(-pid) works at once
    ::close(in[0]);
    ::close(out[1]);
    ::close(err);
    std::unique_ptr<ChildProcess> child(new ChildProcess());
    child->pid_ = pid;
    child->to_child_ = in[1];
    child->from_child_ = out[0];
    return child;
}

ChildProcess::~ChildProcess() {
    kill();
    if (to_child_ >= 0) ::close(to_child_);
    if (from_child_ >= 0) ::close(from_child_);
}

bool ChildProcess::send(std::string_view line) {
    if (to_child_ < 0) return false;
    std::string text(line);
    text += '\n';
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(to_child_, text.data() + done, text.size() - done);
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return false;  // EPIPE: the child has gone (SIGPIPE is ignored by the runner)
        done += static_cast<size_t>(n);
    }
    return true;
}

ChildProcess::Read ChildProcess::read_line(std::string& line, double timeout) {
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(std::max(timeout, 0.0)));
    for (;;) {
        if (const size_t nl = buffer_.find('\n'); nl != std::string::npos || buffer_.size() >= longest_line) {
            const size_t end = nl == std::string::npos ? buffer_.size() : nl;
            line = buffer_.substr(0, end);
            buffer_.erase(0, nl == std::string::npos ? end : end + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return Read::Line;
        }
        if (from_child_ < 0) return Read::Closed;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return Read::Timeout;
        pollfd p{from_child_, POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
        if (ready < 0 && errno != EINTR) return Read::Closed;
        if (ready == 0 && !running()) kill();  // what it left behind must not hold the pipe open
        if (ready <= 0) continue;
        char chunk[4096];
        const ssize_t n = ::read(from_child_, chunk, sizeof chunk);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) {
            ::close(from_child_);
            from_child_ = -1;
            if (!buffer_.empty()) buffer_ += '\n';  // hand out a last unterminated line
            continue;
        }
        buffer_.append(chunk, static_cast<size_t>(n));
    }
}

void ChildProcess::close_input() {
    if (to_child_ >= 0) ::close(to_child_);
    to_child_ = -1;
}

void ChildProcess::reap(bool block) {
    if (pid_ <= 0 || status_) return;
    int status = 0;
    pid_t r;
    do {
        r = ::waitpid(pid_, &status, block ? 0 : WNOHANG);
    } while (r < 0 && errno == EINTR);
    if (r == pid_) status_ = status;
}

bool ChildProcess::running() {
    reap(false);
    return pid_ > 0 && !status_;
}

bool ChildProcess::wait_exit(double timeout) {
    const auto deadline =
        Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(timeout));
    while (running()) {
        if (Clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

void ChildProcess::kill() {
    if (pid_ <= 0 || group_killed_) return;
    // The whole group, even when the child itself has exited: what it started in the
    // background would otherwise outlive the match and hold our pipes open. While any member
    // lives the group id cannot be handed to another process; once killed, it is never
    // signalled again (the id may be reused).
    ::kill(-pid_, SIGKILL);
    group_killed_ = true;
    if (running()) ::kill(pid_, SIGKILL);
    reap(true);
}

std::string ChildProcess::exit_description() {
    reap(false);
    if (!status_) return "still running";
    if (WIFEXITED(*status_)) return "exited with status " + std::to_string(WEXITSTATUS(*status_));
    if (WIFSIGNALED(*status_)) {
        const int sig = WTERMSIG(*status_);
        return "killed by signal " + std::to_string(sig) + " (" + ::strsignal(sig) + ")";
    }
    return "ended";
}

std::optional<int> ChildProcess::exit_code() {
    reap(false);
    if (!status_) return std::nullopt;
    if (WIFEXITED(*status_)) return WEXITSTATUS(*status_);
    return 128 + (WIFSIGNALED(*status_) ? WTERMSIG(*status_) : 0);
}

}  // namespace kroon::platform
