// The line reading both systems share; starting, pipes and ending are in posix/ and windows/.
#include "platform/child_process.hpp"

#include <algorithm>
#include <chrono>

namespace kroon::platform {
namespace {

using Clock = std::chrono::steady_clock;

// An engine that floods us with a line that never ends is cut here.
constexpr std::size_t longest_line = 1 << 20;

}  // namespace

ChildProcess::Read ChildProcess::read_line(std::string& line, double timeout) {
    const auto deadline = Clock::now() + std::chrono::duration_cast<Clock::duration>(
                                             std::chrono::duration<double>(std::max(timeout, 0.0)));
    bool polled = false;
    for (;;) {
        if (const std::size_t nl = buffer_.find('\n'); nl != std::string::npos || buffer_.size() >= longest_line) {
            const std::size_t end = nl == std::string::npos ? buffer_.size() : nl;
            line = buffer_.substr(0, end);
            buffer_.erase(0, nl == std::string::npos ? end : end + 1);
            if (!line.empty() && line.back() == '\r') line.pop_back();
            return Read::Line;
        }
        if (output_ended_) return Read::Closed;
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0 && polled) return Read::Timeout;
        polled = true;  // at least once, so that a timeout of 0 takes what has arrived
        char chunk[4096];
        std::size_t got = 0;
        switch (read_some(chunk, sizeof chunk, got, static_cast<int>(std::clamp<long long>(left, 0, 1000)))) {
            case Chunk::Bytes: buffer_.append(chunk, got); break;
            case Chunk::End:
                output_ended_ = true;
                if (!buffer_.empty()) buffer_ += '\n';  // hand out a last unterminated line
                break;
            case Chunk::Nothing:
                if (!running()) kill();  // what it left behind must not hold the pipe open
                break;
        }
    }
}

}  // namespace kroon::platform
