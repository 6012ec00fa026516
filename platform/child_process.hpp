// An engine as a child process: a command line started with its stdin and stdout on pipes
// and stderr to a file (or nowhere). Every read has a deadline, so a hung engine can cost a
// game but never the match; the destructor kills whatever is still running, and the child
// ends with this program however it ends.
//
// One header, two sides: posix/child_process.cpp and windows/child_process.cpp; the line
// reading they share is child_process.cpp.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "platform/result.hpp"

namespace kroon::platform {

// A command line that runs `words[0]` with the other words as its arguments, each exactly as
// given: quoted for /bin/sh (POSIX), or for the rules Windows programs split their command
// line by.
std::string command_line(const std::vector<std::string>& words);

class ChildProcess {
public:
    // Starts `command` as typed:
    // - POSIX: with /bin/sh ("kroon hub", "/path/scan hub"), in a process group of its own,
    //   which kill() ends as a whole; the kernel kills it when the thread that started it ends
    //   (PR_SET_PDEATHSIG), so also when this program is killed outright.
    // - Windows: the command line as Windows reads it ("kroon hub", "C:\Scan\scan.exe hub",
    //   "\"C:\Program Files\Scan\scan.exe\" hub"; the program is looked for beside this one, in
    //   the current folder and on PATH, ".exe" may be left out), in a job object of its own that
    //   ends it and everything it starts when kill() closes the job or this program ends in any
    //   way; with a console of its own that nobody sees, so that Ctrl+C reaches only us.
    // stderr goes to `stderr_path`, or when that is empty to ours if `keep_stderr` (test
    // harnesses) and else nowhere. The first call makes a write to a pipe whose reader has
    // gone fail, for the whole program, instead of ending it (ignore_broken_pipes).
    static Result<std::unique_ptr<ChildProcess>> start(const std::string& command, const std::string& stderr_path = {},
                                                       bool keep_stderr = false);
    ~ChildProcess();
    ChildProcess(const ChildProcess&) = delete;
    ChildProcess& operator=(const ChildProcess&) = delete;

    // The system's id of the child (the shell's, on POSIX, which the shell's exec hands on).
    long pid() const;
    // Seconds a line may wait for room in the pipe to the child.
    static constexpr double send_timeout = 2;
    // Writes one line and a newline, waiting at most `timeout` seconds for the child to make
    // room: a child that stops reading never holds up the thread that talks to it. False when
    // the child no longer reads: it has gone, or the time ran out, and then its input is closed
    // (no line may follow one cut short).
    bool send(std::string_view line, double timeout = send_timeout);
    // A send ran out of time: the child was there but did not read.
    bool input_stalled() const { return input_stalled_; }

    enum class Read { Line, Timeout, Closed };
    // The next line (without "\n" or "\r\n"), waiting at most `timeout` seconds; with 0,
    // what has arrived already, without waiting.
    Read read_line(std::string& line, double timeout);

    void close_input();
    // Waits up to `timeout` seconds for the child to exit; true once it has.
    bool wait_exit(double timeout);
    // Kills the child and what it started (also what it left running after it exited), and
    // reaps it.
    void kill();
    bool running();
    // "exited with status 1", "killed by signal 11 (Segmentation fault)" (POSIX), "ended by
    // exception 0xC0000005 (access violation)" (Windows), "still running".
    std::string exit_description();
    // The exit status, 128 + the signal for a killed child (POSIX), nothing while it runs.
    std::optional<int> exit_code();

private:
    ChildProcess();

    // What one read of the child's output gave: bytes, the end of the output, or nothing
    // within the time allowed.
    enum class Chunk { Bytes, End, Nothing };
    Chunk read_some(char* into, std::size_t size, std::size_t& got, int milliseconds);

    struct System;  // pipes, process and its group or job, per system
    std::unique_ptr<System> system_;
    std::string buffer_;
    bool output_ended_ = false;
    bool input_stalled_ = false;
};

}  // namespace kroon::platform
