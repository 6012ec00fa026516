#include "platform/child_process.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

#include "platform/signals.hpp"

namespace kroon::platform {

struct ChildProcess::System {
    pid_t pid = -1;
    int to_child = -1;
    int from_child = -1;
    std::optional<int> status;
    bool group_killed = false;

    void reap(bool block) {
        if (pid <= 0 || status) return;
        int result = 0;
        pid_t r;
        do {
            r = ::waitpid(pid, &result, block ? 0 : WNOHANG);
        } while (r < 0 && errno == EINTR);
        if (r == pid) status = result;
    }
};

ChildProcess::ChildProcess() : system_(std::make_unique<System>()) {}

std::string command_line(const std::vector<std::string>& words) {
    std::string line;
    for (const auto& word : words) {
        if (!line.empty()) line += ' ';
        line += '\'';
        for (char c : word) line += c == '\'' ? std::string("'\\''") : std::string(1, c);
        line += '\'';
    }
    return line;
}

Result<std::unique_ptr<ChildProcess>> ChildProcess::start(const std::string& command, const std::string& stderr_path,
                                                          bool keep_stderr) {
    // Writing to an engine that has died must be an error value, not a signal that kills us.
    static const bool broken_pipes_ignored = [] {
        ignore_broken_pipes();
        return true;
    }();
    (void)broken_pipes_ignored;
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
    // Our end of its input never blocks: send() waits for room with a deadline instead.
    ::fcntl(in[1], F_SETFL, ::fcntl(in[1], F_GETFL) | O_NONBLOCK);
    ::close(in[0]);
    ::close(out[1]);
    ::close(err);
    std::unique_ptr<ChildProcess> child(new ChildProcess());
    child->system_->pid = pid;
    child->system_->to_child = in[1];
    child->system_->from_child = out[0];
    return child;
}

ChildProcess::~ChildProcess() {
    kill();
    if (system_->to_child >= 0) ::close(system_->to_child);
    if (system_->from_child >= 0) ::close(system_->from_child);
}

long ChildProcess::pid() const { return system_->pid; }

bool ChildProcess::send(std::string_view line, double timeout) {
    if (system_->to_child < 0) return false;
    std::string text(line);
    text += '\n';
    const auto deadline =
        std::chrono::steady_clock::now() + std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                                               std::chrono::duration<double>(std::max(timeout, 0.0)));
    size_t done = 0;
    while (done < text.size()) {
        const ssize_t n = ::write(system_->to_child, text.data() + done, text.size() - done);
        if (n > 0) {
            done += static_cast<size_t>(n);
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        // EPIPE: the child has gone (SIGPIPE is ignored by the runner).
        if (n == 0 || (errno != EAGAIN && errno != EWOULDBLOCK)) return false;
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
        if (left <= 0) {
            input_stalled_ = true;
            close_input();
            return false;
        }
        pollfd p{system_->to_child, POLLOUT, 0};
        ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 1000)));
    }
    return true;
}

ChildProcess::Chunk ChildProcess::read_some(char* into, std::size_t size, std::size_t& got, int milliseconds) {
    for (;;) {
        if (system_->from_child < 0) return Chunk::End;
        pollfd p{system_->from_child, POLLIN, 0};
        const int ready = ::poll(&p, 1, milliseconds);
        if (ready < 0 && errno == EINTR) return Chunk::Nothing;
        if (ready == 0) return Chunk::Nothing;
        const ssize_t n = ready < 0 ? -1 : ::read(system_->from_child, into, size);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) return Chunk::Nothing;
        if (n <= 0) {
            ::close(system_->from_child);
            system_->from_child = -1;
            return Chunk::End;
        }
        got = static_cast<std::size_t>(n);
        return Chunk::Bytes;
    }
}

void ChildProcess::close_input() {
    if (system_->to_child >= 0) ::close(system_->to_child);
    system_->to_child = -1;
}

bool ChildProcess::running() {
    system_->reap(false);
    return system_->pid > 0 && !system_->status;
}

bool ChildProcess::wait_exit(double timeout) {
    const auto deadline =
        std::chrono::steady_clock::now() +
        std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(timeout));
    while (running()) {
        if (std::chrono::steady_clock::now() >= deadline) return false;
        std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    return true;
}

void ChildProcess::kill() {
    System& s = *system_;
    if (s.pid <= 0 || s.group_killed) return;
    // The whole group, even when the child itself has exited: what it started in the
    // background would otherwise outlive the match and hold our pipes open. While any member
    // lives the group id cannot be handed to another process; once killed, it is never
    // signalled again (the id may be reused).
    ::kill(-s.pid, SIGKILL);
    s.group_killed = true;
    if (running()) ::kill(s.pid, SIGKILL);
    s.reap(true);
}

std::string ChildProcess::exit_description() {
    system_->reap(false);
    const auto& status = system_->status;
    if (!status) return "still running";
    if (WIFEXITED(*status)) return "exited with status " + std::to_string(WEXITSTATUS(*status));
    if (WIFSIGNALED(*status)) {
        const int sig = WTERMSIG(*status);
        return "killed by signal " + std::to_string(sig) + " (" + ::strsignal(sig) + ")";
    }
    return "ended";
}

std::optional<int> ChildProcess::exit_code() {
    system_->reap(false);
    const auto& status = system_->status;
    if (!status) return std::nullopt;
    if (WIFEXITED(*status)) return WEXITSTATUS(*status);
    return 128 + (WIFSIGNALED(*status) ? WTERMSIG(*status) : 0);
}

}  // namespace kroon::platform
