// A TCP port on 127.0.0.1 that nothing listens on: the system's choice, released again (a
// later listener may take it; tests use it at once).
#pragma once

#include <utility>  // before Asio: Boost 1.74 Asio with g++ 12 in C++20 needs it first

#include <boost/asio.hpp>

namespace kroon::test {

// 0 when the system gave none.
inline int free_port() {
    namespace asio = boost::asio;
    asio::io_context io;
    asio::ip::tcp::socket socket(io);
    boost::system::error_code ec;
    socket.open(asio::ip::tcp::v4(), ec);
    if (!ec) socket.bind({asio::ip::address_v4::loopback(), 0}, ec);
    if (ec) return 0;
    const auto endpoint = socket.local_endpoint(ec);
    return ec ? 0 : endpoint.port();
}

}  // namespace kroon::test
