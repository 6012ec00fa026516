// Log lines an outsider can trigger (a failed accept, a peer's chat, a bad request), at most
// a few per interval: a flood of them cannot fill a disk or a terminal. The next line written
// says how many were held back.
#pragma once

#include <chrono>
#include <string>

namespace kroon::net {

class LogLimiter {
public:
    using Clock = std::chrono::steady_clock;

    LogLimiter() = default;  // five lines a minute
    LogLimiter(std::chrono::seconds interval, int burst) : interval_(interval), burst_(burst) {}

    // Whether to write this line; if so, `note()` tells about the lines held back before it.
    bool allow(Clock::time_point now = Clock::now()) {
        if (now - window_start_ >= interval_) {
            window_start_ = now;
            written_ = 0;
        }
        if (written_ >= burst_) {
            ++held_back_;
            return false;
        }
        ++written_;
        note_ = held_back_ == 0 ? "" : " (" + std::to_string(held_back_) + " more like it not logged)";
        held_back_ = 0;
        return true;
    }
    const std::string& note() const { return note_; }

private:
    std::chrono::seconds interval_{60};
    int burst_ = 5;
    Clock::time_point window_start_{};
    int written_ = 0;
    long held_back_ = 0;
    std::string note_;
};

}  // namespace kroon::net
