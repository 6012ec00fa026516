// One TCP connection on 127.0.0.1, served on a thread of its own, for tests that play the
// other side of a protocol: the test says what to do with the connected socket.
#pragma once

#include <utility>  // before Asio: Boost 1.74 Asio with g++ 12 in C++20 needs it first

#include <atomic>
#include <boost/asio.hpp>
#include <chrono>
#include <functional>
#include <string>
#include <string_view>
#include <thread>

#include "protocol/dxp/framing.hpp"

namespace kroon::test {

using LoopbackSocket = boost::asio::ip::tcp::socket;

class LoopbackServer {
public:
    // `serve(socket, stop)` runs once a client has connected; the socket is closed after it.
    using Serve = std::function<void(LoopbackSocket& socket, const std::atomic<bool>& stop)>;

    explicit LoopbackServer(Serve serve)
        : serve_(std::move(serve)), acceptor_(io_, {boost::asio::ip::address_v4::loopback(), 0}) {
        port_ = acceptor_.local_endpoint().port();
        acceptor_.non_blocking(true);
        thread_ = std::thread([this] { run(); });
    }
    ~LoopbackServer() {
        stop_ = true;
        join();
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
        LoopbackSocket socket(io_);
        boost::system::error_code ec;
        for (;;) {
            if (stop_) return;
            acceptor_.accept(socket, ec);
            if (!ec) break;
            std::this_thread::sleep_for(std::chrono::milliseconds(20));
        }
        socket.non_blocking(true);
        serve_(socket, stop_);
        socket.close(ec);
    }

    Serve serve_;
    boost::asio::io_context io_;
    boost::asio::ip::tcp::acceptor acceptor_;
    int port_ = 0;
    std::atomic<bool> stop_{false};
    std::thread thread_;
};

// DXP over a test socket: every message read is handed to `on_message` (false ends the
// connection); `between` runs after every wait for input (false ends it too).
inline void serve_dxp(LoopbackSocket& socket, const std::atomic<bool>& stop,
                      const std::function<bool(const std::string&)>& on_message,
                      const std::function<bool()>& between = {}) {
    dxp::FrameReader reader;
    char buffer[4096];
    for (bool open = true; open && !stop;) {
        boost::system::error_code ec;
        const std::size_t n = socket.read_some(boost::asio::buffer(buffer), ec);
        if (ec == boost::asio::error::would_block) {
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        } else if (ec || n == 0) {
            on_message("");  // the other side closed the connection
            return;
        } else {
            for (const auto& f : reader.feed(std::string_view(buffer, n)))
                if (open && !on_message(f.text)) open = false;
        }
        if (open && between && !between()) open = false;
    }
}

inline void send_dxp(LoopbackSocket& socket, const std::string& text) {
    const std::string bytes = dxp::frame(text);
    boost::system::error_code ec;
    std::size_t done = 0;
    while (done < bytes.size() && !ec) {  // the socket does not block: write what it takes
        done += socket.write_some(boost::asio::buffer(bytes.data() + done, bytes.size() - done), ec);
        if (ec == boost::asio::error::would_block) {
            ec.clear();
            std::this_thread::sleep_for(std::chrono::milliseconds(1));
        }
    }
}

}  // namespace kroon::test
