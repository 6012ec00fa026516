// An engine as a child process: a shell command line started with its stdin and stdout on
// pipes and stderr to a file (or nowhere). Every read has a deadline, so a hung engine can
// cost a game but never the match; the destructor kills whatever is still running.
#pragma once

#include <sys/types.h>

#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "platform/result.hpp"

namespace kroon::platform {

class ChildProcess {
public:
    // Runs `command` with /bin/sh (so "kroon hub" and "/path/scan hub" work as typed), in
    // its own process group. stderr goes to `stderr_path`, or when that is empty to ours if
    // `keep_stderr` (test harnesses) and else to /dev/null. The first call sets SIGPIPE to
    // ignored for the whole program: writes to a dead child then fail.
    static Result<std::unique_ptr<ChildProcess>> start(const std::string& command, const std::string& stderr_path = {},
                                                       bool keep_stderr = false);
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    pid_t pid() const { return pid_; }
    // Writes one line and a newline. False when the child no longer reads.
    bool send(std::string_view line);

    enum class Read { Line, Timeout, Closed };
    // The next line (without "\n" or "\r\n"), waiting at most `timeout` seconds.
    Read read_line(std::string& line, double timeout);

    void close_input();
    // Waits up to `timeout` seconds for the child to exit; true once it has.
    bool wait_exit(double timeout);
    // Kills the child's process group (also what the child left running after it exited)
    // and reaps the child.
    void kill();
    bool running();
    // "exited with status 1", "killed by signal 11 (Segmentation fault)", "still running".
    std::string exit_description();
    // The exit status, 128 + the signal for a killed child, nothing while it runs.
    std::optional<int> exit_code();

private:
    ChildProcess() = default;
    void reap(bool block);

    pid_t pid_ = -1;
    int to_child_ = -1;
    int from_child_ = -1;
    std::string buffer_;
    std::optional<int> status_;
    bool group_killed_ = false;
};

}  // namespace kroon::platform
