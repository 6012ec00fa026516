// Test clients of `kroon serve` on 127.0.0.1: a WebSocket client on Boost.Beast that speaks
// the JSON messages of docs/web.md (every wait has a deadline, so a broken server fails a test
// instead of hanging it), and a plain HTTP GET over a socket.
#pragma once

#include <utility>  // before Asio: Boost 1.74 Asio with g++ 12 in C++20 needs it first

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace kroon::test {

namespace web_client_detail {
namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
}  // namespace web_client_detail

class WebClient {
public:
    using Json = nlohmann::json;

    // Connects and upgrades to a WebSocket on /ws; `origin` is sent when not empty. Throws
    // std::runtime_error when the server refuses (the HTTP status is in status()).
    explicit WebClient(unsigned short port, const std::string& origin = {}) : ws_(io_) {
        using namespace web_client_detail;
        auto& socket = beast::get_lowest_layer(ws_);
        socket.expires_after(std::chrono::seconds(10));
        socket.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
        socket.expires_never();
        ws_.set_option(websocket::stream_base::decorator([origin](websocket::request_type& request) {
            if (!origin.empty()) request.set(http::field::origin, origin);
        }));
        websocket::response_type response;
        boost::system::error_code ec;
        ws_.handshake(response, "127.0.0.1:" + std::to_string(port), "/ws", ec);
        status_ = static_cast<int>(response.result_int());
        if (ec) throw std::runtime_error("handshake refused (" + std::to_string(status_) + "): " + ec.message());
        ws_.read_message_max(64 << 20);
    }

    ~WebClient() { close(); }

    int status() const { return status_; }

    // The kernel's receive buffer: a small one keeps what the server sends beyond it waiting on
    // the server's side, as for a tab on a slow link that does not read.
    void set_receive_buffer(int bytes) {
        using namespace web_client_detail;
        beast::get_lowest_layer(ws_).socket().set_option(asio::socket_base::receive_buffer_size(bytes));
    }

    void send_text(const std::string& text) {
        ws_.text(true);
        ws_.write(web_client_detail::asio::buffer(text));
    }
    void send(const Json& message) { send_text(message.dump()); }
    void send_binary(const std::string& bytes) {
        ws_.binary(true);
        ws_.write(web_client_detail::asio::buffer(bytes));
        ws_.text(true);
    }

    // The next message, or nothing after `seconds` (or when the connection is closed).
    std::optional<Json> receive(double seconds = 10) {
        using namespace web_client_detail;
        if (closed_) return std::nullopt;
        bool done = false;
        boost::system::error_code error;
        buffer_.clear();
        ws_.async_read(buffer_, [&](boost::system::error_code ec, std::size_t) {
            error = ec;
            done = true;
        });
        io_.restart();
        io_.run_for(std::chrono::milliseconds(static_cast<long long>(seconds * 1000)));
        if (!done) {
            beast::get_lowest_layer(ws_).cancel();
            io_.restart();
            io_.run();
            closed_ = true;
            return std::nullopt;
        }
        if (error) {
            closed_ = true;
            close_reason_ = error.message();
            return std::nullopt;
        }
        return Json::parse(beast::buffers_to_string(buffer_.data()));
    }

    // Messages until one of `type` (those before it are kept in skipped()); throws on a timeout.
    Json expect(const std::string& type, double seconds = 20) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(long(seconds * 1000));
        for (;;) {
            const double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
            if (left <= 0) break;
            auto message = receive(left);
            if (!message) break;
            if ((*message)["type"] == type) return *message;
            skipped_.push_back(*message);
        }
        throw std::runtime_error("no '" + type + "' message in " + std::to_string(seconds) + " s" +
                                 (close_reason_.empty() ? "" : " (" + close_reason_ + ")"));
    }

    // The next state message that satisfies `ready`.
    template <class Ready>
    Json expect_state(Ready ready, double seconds = 20) {
        const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(long(seconds * 1000));
        for (;;) {
            const double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
            Json state = expect("state", left);
            if (ready(state)) return state;
        }
    }

    const std::vector<Json>& skipped() const { return skipped_; }
    void clear_skipped() { skipped_.clear(); }

    void close() {
        if (closed_) return;
        closed_ = true;
        boost::system::error_code ignored;
        web_client_detail::beast::get_lowest_layer(ws_).socket().shutdown(web_client_detail::tcp::socket::shutdown_both,
                                                                          ignored);
        web_client_detail::beast::get_lowest_layer(ws_).close();
    }

private:
    web_client_detail::asio::io_context io_;
    web_client_detail::websocket::stream<web_client_detail::beast::tcp_stream> ws_;
    web_client_detail::beast::flat_buffer buffer_;
    std::vector<Json> skipped_;
    std::string close_reason_;
    int status_ = 0;
    bool closed_ = false;
};

struct HttpReply {
    int status = 0;
    std::string content_type;
    std::string body;
};

// One request on a fresh connection, with extra header fields.
inline HttpReply http_request(unsigned short port, const std::string& method, const std::string& target,
                              const std::vector<std::pair<std::string, std::string>>& fields = {}) {
    using namespace web_client_detail;
    asio::io_context io;
    beast::tcp_stream stream(io);
    stream.connect(tcp::endpoint(asio::ip::make_address("127.0.0.1"), port));
    http::request<http::string_body> request(http::string_to_verb(method), target, 11);
    request.set(http::field::host, "127.0.0.1:" + std::to_string(port));
    request.keep_alive(false);
    for (const auto& [name, value] : fields) request.set(name, value);
    request.prepare_payload();
    http::response_parser<http::string_body> parser;
    parser.body_limit(64 << 20);
    if (request.method() == http::verb::head) parser.skip(true);
    beast::flat_buffer buffer;
    boost::system::error_code ec;
    stream.expires_after(std::chrono::seconds(10));
    http::async_write(stream, request, [&](boost::system::error_code e, std::size_t) {
        if (e) {
            ec = e;
            return;
        }
        http::async_read(stream, buffer, parser, [&](boost::system::error_code r, std::size_t) { ec = r; });
    });
    io.run();
    if (ec && ec != http::error::end_of_stream) throw std::runtime_error("HTTP request failed: " + ec.message());
    const auto& response = parser.get();
    HttpReply reply;
    reply.status = static_cast<int>(response.result_int());
    const auto type = response[http::field::content_type];
    reply.content_type.assign(type.data(), type.size());
    reply.body = response.body();
    return reply;
}

}  // namespace kroon::test
