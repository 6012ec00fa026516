// One TCP connection on 127.0.0.1, served on a thread of its own, for tests that play the
// other side of a protocol: the test says what to do with the connected socket.
#pragma once

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <atomic>
#include <functional>
#include <string>
#include <string_view>
#include <thread>

#include "protocol/dxp/framing.hpp"

namespace kroon::test {

class LoopbackServer {
public:
    // `serve(fd, stop)` runs once a client has connected; the socket is closed after it.
    using Serve = std::function<void(int fd, const std::atomic<bool>& stop)>;

    explicit LoopbackServer(Serve serve) : serve_(std::move(serve)) {
        listener_ = ::socket(AF_INET, SOCK_STREAM, 0);
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        ::bind(listener_, reinterpret_cast<sockaddr*>(&address), sizeof address);
        ::listen(listener_, 1);
        socklen_t length = sizeof address;
        ::getsockname(listener_, reinterpret_cast<sockaddr*>(&address), &length);
        port_ = ntohs(address.sin_port);
        thread_ = std::thread([this] { run(); });
    }
    ~LoopbackServer() {
        stop_ = true;
        join();
        ::close(listener_);
    }
    LoopbackServer(const LoopbackServer&) = delete;
    LoopbackServer& operator=(const LoopbackServer&) = delete;

    int port() const { return port_; }
    // Waits until the connection has been served.
    void join() {
        if (thread_.joinable()) thread_.join();
    }

private:
    void run() {
        pollfd p{listener_, POLLIN, 0};
        while (!stop_ && ::poll(&p, 1, 50) <= 0) {}
        if (stop_) return;
        const int fd = ::accept(listener_, nullptr, nullptr);
        serve_(fd, stop_);
        ::close(fd);
    }

    Serve serve_;
    int listener_ = -1;
    int port_ = 0;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

// DXP over a test socket: every message read is handed to `on_message` (false ends the
// connection); `between` runs after every wait for input (false ends it too).
inline void serve_dxp(int fd, const std::atomic<bool>& stop, const std::function<bool(const std::string&)>& on_message,
                      const std::function<bool()>& between = {}) {
    dxp::FrameReader reader;
    char buffer[4096];
    for (bool open = true; open && !stop;) {
        pollfd q{fd, POLLIN, 0};
        if (::poll(&q, 1, 20) > 0) {
            const ssize_t n = ::recv(fd, buffer, sizeof buffer, 0);
            if (n <= 0) {
                on_message("");  // the other side closed the connection
                return;
            }
            for (const auto& f : reader.feed(std::string_view(buffer, static_cast<size_t>(n))))
                if (open && !on_message(f.text)) open = false;
        }
        if (open && between && !between()) open = false;
    }
}

inline void send_dxp(int fd, const std::string& text) {
    const std::string bytes = dxp::frame(text);
    (void)!::send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
}

}  // namespace kroon::test
