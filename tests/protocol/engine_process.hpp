// Test harness: runs an engine binary as a child process with its stdin and stdout on pipes,
// so tests talk to it exactly as a GUI does. A thin layer over the match runner's
// ChildProcess: every read has a timeout, so a test can fail but never hang, and a child
// that does not exit by itself once its input is closed is killed.
#pragma once

#include <chrono>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "platform/child_process.hpp"

namespace kroon::test {

using namespace std::chrono_literals;

class EngineProcess {
public:
    EngineProcess(const std::string& path, const std::vector<std::string>& args);
    ~EngineProcess();
    EngineProcess(const EngineProcess&) = delete;
    EngineProcess& operator=(const EngineProcess&) = delete;

    bool started() const { return child_ != nullptr; }
    // Writes one line (a newline is added). False when the child no longer reads.
    bool send(std::string_view line);
    // The next output line without its newline, or nothing when none arrives in time.
    std::optional<std::string> read_line(std::chrono::milliseconds timeout = 10s);
    // Lines up to and including the first whose first word is `word`; nothing on timeout
    // (the lines read so far stay available through `transcript()`).
    std::optional<std::vector<std::string>> read_until(std::string_view word, std::chrono::milliseconds timeout = 10s);
    // True when no complete line arrives within `quiet`.
    bool silent_for(std::chrono::milliseconds quiet);
    void close_input();
    // Exit status once the child has exited, nothing if it is still running after `timeout`.
    std::optional<int> wait_exit(std::chrono::milliseconds timeout = 10s);
    // Everything read so far, one entry per line.
    const std::vector<std::string>& transcript() const { return transcript_; }

private:
    std::unique_ptr<platform::ChildProcess> child_;
    std::vector<std::string> transcript_;
};

// First word of a line ("info", "done", ...).
std::string first_word(std::string_view line);

}  // namespace kroon::test
