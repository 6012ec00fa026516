// Where `kroon hub` logs: by default warnings only, on stderr; once a log file is open, every
// protocol line in (`> ...`) and out (`< ...`) and every warning, appended to the file. Never
// stdout, which is the Hub channel. Thread-safe: the search thread writes `info` and `done`.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <string_view>

#include "platform/result.hpp"

namespace spdlog {
class logger;
}

namespace kroon::hub {

class ProtocolLog {
public:
    ProtocolLog();  // stderr, warnings only; installed as spdlog's default logger

    // Appends to `path` from now on (the same path again keeps the open file).
    Result<bool> open(const std::string& path);
    void close();  // back to stderr
    bool is_open() const;

    void incoming(std::string_view line);
    void outgoing(std::string_view line);
    void note(std::string_view text);

private:
    std::shared_ptr<spdlog::logger> current() const;
    void install(std::shared_ptr<spdlog::logger> logger, std::string path);

    mutable std::mutex mutex_;
    std::shared_ptr<spdlog::logger> logger_;
    std::string path_;  // "" while logging to stderr
};

}  // namespace kroon::hub
