// What a listening server does when an accept fails. Out of file descriptors (EMFILE, ENFILE)
// or kernel memory (ENOBUFS, ENOMEM), the next accept fails at once too: retrying at once
// spins a core and floods the log. So the server pauses accepting, longer each time up to a
// second, until an accept succeeds; a connection that fails on its own is no reason to wait.
#pragma once

#include <algorithm>
#include <cerrno>
#include <chrono>

namespace kroon::net {

class AcceptBackoff {
public:
    // The pause before the next accept after one failed with `error` (an errno value).
    std::chrono::milliseconds after_failure(int error) {
        const bool resources = error == EMFILE || error == ENFILE || error == ENOBUFS || error == ENOMEM;
        if (!resources) return std::chrono::milliseconds(0);
        pause_ = pause_.count() == 0 ? std::chrono::milliseconds(10) : std::min(pause_ * 2, longest_);
        return pause_;
    }
    void accepted() { pause_ = std::chrono::milliseconds(0); }

private:
    static constexpr std::chrono::milliseconds longest_{1000};
    std::chrono::milliseconds pause_{0};
};

}  // namespace kroon::net
