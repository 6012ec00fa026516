#include <utility>  // before Asio: Boost 1.74 Asio with g++ 12 in C++20 needs it first

#include "protocol/web/server.hpp"

#include <algorithm>
#include <atomic>
#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <cctype>
#include <chrono>
#include <deque>
#include <list>
#include <optional>
#include <tuple>
#include <vector>

#include <spdlog/spdlog.h>

#include "platform/memory.hpp"
#include "protocol/net/accept_backoff.hpp"
#include "protocol/net/log_limiter.hpp"
#include "protocol/web/assets.hpp"
#include "protocol/web/tab.hpp"

namespace kroon::web {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using boost::system::error_code;

constexpr auto http_timeout = std::chrono::seconds(30);
constexpr std::size_t read_chunk = 64 * 1024;
// A client that leaves this much unread is dropped. States and infos replace their waiting
// predecessors, so a tab that reads slowly holds about one of each; what is left is answers
// the page asked for (a PDN, a game list).
constexpr std::size_t max_unsent_bytes = 2 << 20;

class WsConnection;

// What every connection shares; lives on the I/O thread.
struct Hub {
    asio::io_context& io;
    const ServerConfig& config;
    SearchPool& pool;
    std::atomic<int> open{0};
    bool stopping = false;
    std::list<std::weak_ptr<WsConnection>> sockets;
    // The names a request may be sent to (lower case, IPv6 in brackets) with the bound port,
    // and whether any address literal is one (listening on every address).
    std::vector<std::string> names;
    unsigned short port = 0;
    bool any_address = false;
    net::LogLimiter slow_client_log;
    // The most bytes any tab has had waiting to be sent (observed by tests and the soak run).
    std::atomic<std::size_t> largest_outbox{0};
    // The opening book of the explorer: the engines' book option and its file, read once.
    std::string book_option;
    std::shared_ptr<const play::Book> book_file;
    // Another program's pool (`kroon serve --engine`), or null.
    SearchPool* other_pool;
};

// The book option of the engine options (the last one given) and its file.
std::pair<std::string, std::shared_ptr<const play::Book>> explorer_book(const ServerConfig& config) {
    std::string option = "true";
    for (const auto& [name, value] : config.engine_options)
        if (name == "book") option = value;
    auto file = play::book_file_of_option(option);
    if (!file) {
        spdlog::error("web: {}", file.error());
        return {"false", nullptr};
    }
    return {option, *file};
}

// Counts one open TCP connection for as long as it lives.
class Ticket {
public:
    explicit Ticket(Hub& hub) : hub_(&hub) { ++hub_->open; }
    ~Ticket() {
        // The last connection gone after stop(): the server is done.
        if (hub_ && --hub_->open == 0 && hub_->stopping && !hub_->io.stopped()) hub_->io.stop();
    }
    Ticket(Ticket&& other) noexcept : hub_(std::exchange(other.hub_, nullptr)) {}
    Ticket& operator=(Ticket&&) = delete;

private:
    Hub* hub_;
};

std::string_view view(beast::string_view s) { return {s.data(), s.size()}; }

std::string lower(std::string_view text) {
    std::string s(text);
    std::transform(s.begin(), s.end(), s.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return s;
}

// "name:port", "[v6]:port" or a bare name (port 80) split; nothing for a malformed one.
std::optional<std::pair<std::string, unsigned short>> split_host(std::string_view text) {
    std::string host = lower(text), port = "80";
    if (host.empty()) return std::nullopt;
    if (host.front() == '[') {
        const auto close = host.find(']');
        if (close == std::string::npos) return std::nullopt;
        if (close + 1 < host.size()) {
            if (host[close + 1] != ':') return std::nullopt;
            port = host.substr(close + 2);
        }
        host.resize(close + 1);
    } else if (const auto colon = host.find(':'); colon != std::string::npos) {
        port = host.substr(colon + 1);
        host.resize(colon);
    }
    if (port.empty() || port.size() > 5 || port.find_first_not_of("0123456789") != std::string::npos)
        return std::nullopt;
    const int number = std::stoi(port);
    if (number > 65535) return std::nullopt;
    return std::make_pair(host, static_cast<unsigned short>(number));
}

// Only requests sent to one of the server's own names, with its port: a page of another site
// whose name was made to point at this address (DNS rebinding) sends its own name. Listening
// on every address, an address literal is taken too (it cannot be rebound); other names must
// be given with --allow-origin.
bool host_allowed(std::string_view host_field, const Hub& hub) {
    const auto host = split_host(host_field);
    if (!host || host->second != hub.port) return false;
    if (std::find(hub.names.begin(), hub.names.end(), host->first) != hub.names.end()) return true;
    if (!hub.any_address) return false;
    error_code ec;
    const std::string bare = host->first.front() == '[' ? host->first.substr(1, host->first.size() - 2) : host->first;
    asio::ip::make_address(bare, ec);
    return !ec;
}

// A page of another site may open a WebSocket to this server too: only the page's own origin
// (the scheme http and an allowed host with the port) may. Clients that send no Origin (not a
// browser) may.
bool origin_allowed(const http::request<http::string_body>& request, const Hub& hub) {
    const auto origin = request.find(http::field::origin);
    if (origin == request.end()) return true;
    const std::string value = lower(view(origin->value()));
    if (value.rfind("http://", 0) != 0) return false;
    return host_allowed(std::string_view(value).substr(7), hub);
}

class WsConnection : public std::enable_shared_from_this<WsConnection> {
public:
    WsConnection(Hub& hub, beast::tcp_stream stream, Ticket ticket)
        : hub_(hub), ws_(std::move(stream)), ticket_(std::move(ticket)), timer_(hub.io) {}
    ~WsConnection() {
        // A tab that left megabytes unread leaves them in the allocator's free lists: give
        // them back to the system, so that a crowd of such tabs does not stay resident.
        if (peak_unsent_ > (1 << 20)) platform::return_free_memory();
    }

    void accept(http::request<http::string_body> request) {
        // Each message leaves when it is ready: a tab's answers are small and come in twos and
        // threes (done, then state), which Nagle's algorithm would hold back for the client's
        // delayed acknowledgement, some 40 ms each.
        error_code no_delay;
        beast::get_lowest_layer(ws_).socket().set_option(tcp::no_delay(true), no_delay);
        websocket::stream_base::timeout timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
        timeouts.idle_timeout = std::chrono::seconds(60);
        timeouts.keep_alive_pings = true;
        ws_.set_option(timeouts);
        ws_.set_option(websocket::stream_base::decorator(
            [](websocket::response_type& response) { response.set(http::field::server, "kroon"); }));
        // Beyond this Beast closes the connection (1009); up to it an oversized message is
        // read and dropped and the client gets an error message.
        ws_.read_message_max(hub_.config.max_message_bytes * 16 + read_chunk);
        ws_.async_accept(request, [self = shared_from_this()](error_code ec) { self->on_accept(ec); });
    }

    // The server stops: the session ends, the client is told.
    void shut_down() {
        if (closing_) return;
        end_session();
        if (!accepted_) {
            // The handshake's answer may be under way: a close frame now would be a second
            // write at once. Closing the socket cancels the handshake.
            closing_ = true;
            error_code ignored;
            beast::get_lowest_layer(ws_).socket().close(ignored);
        } else if (writing_)
            closing_ = true;  // after the write under way
        else
            close_socket();
    }

private:
    void on_accept(error_code ec) {
        accepted_ = !ec;
        if (ec) {
            spdlog::debug("websocket handshake failed: {}", ec.message());
            return;
        }
        if (hub_.stopping) return shut_down();
        ws_.text(true);
        std::weak_ptr<WsConnection> weak = shared_from_this();
        Outlet outlet;
        outlet.send = [this](std::string text, std::string_view kind) { queue(std::move(text), kind); };
        outlet.post = [weak, &io = hub_.io](std::function<void()> task) {
            asio::post(io, [weak, task = std::move(task)] {
                if (const auto self = weak.lock(); self && !self->closed_) task();
            });
        };
        outlet.wake_after = [this, weak](double seconds) {
            timer_.cancel();
            if (seconds < 0) return;
            timer_.expires_after(std::chrono::milliseconds(static_cast<long long>(seconds * 1000)));
            timer_.async_wait([weak](error_code e) {
                if (e) return;
                if (const auto self = weak.lock(); self && !self->closed_) self->session_->on_timer();
            });
        };
        TabConfig config;
        config.max_message_bytes = hub_.config.max_message_bytes;
        config.book_option = hub_.book_option;
        config.book_file = hub_.book_file;
        config.other_pool = hub_.other_pool;
        session_ = std::make_unique<Tab>(hub_.pool, std::move(outlet), config);
        session_->start();
        read();
    }

    void read() {
        if (closed_ || closing_) return;
        ws_.async_read_some(buffer_.prepare(read_chunk),
                            [self = shared_from_this()](error_code ec, std::size_t n) { self->on_read(ec, n); });
    }

    void on_read(error_code ec, std::size_t n) {
        if (ec) {
            if (ec != websocket::error::closed && ec != asio::error::operation_aborted)
                spdlog::debug("websocket closed: {}", ec.message());
            end_session();
            return;
        }
        if (closed_) return;
        buffer_.commit(n);
        if (!ws_.got_text()) binary_ = true;
        if (buffer_.size() > hub_.config.max_message_bytes) {
            dropped_ += buffer_.size();
            buffer_.consume(buffer_.size());
        }
        if (ws_.is_message_done()) {
            if (dropped_ > 0)
                session_->refuse("message too large: " + std::to_string(dropped_ + buffer_.size()) +
                                 " bytes, the limit is " + std::to_string(hub_.config.max_message_bytes));
            else if (binary_)
                session_->refuse("binary messages are not read: send JSON text");
            else
                session_->receive(beast::buffers_to_string(buffer_.data()));
            buffer_.consume(buffer_.size());
            dropped_ = 0;
            binary_ = false;
        }
        read();
    }

    void queue(std::string text, std::string_view kind) {
        if (closed_ || closing_) return;
        // A newer state or info makes a waiting one of its kind useless (the front one may be
        // being written): a tab that reads slowly gets the latest, not a backlog.
        if (!kind.empty())
            for (auto it = outbox_.begin() + (writing_ ? 1 : 0); it != outbox_.end(); ++it)
                if (it->kind == kind) {
                    unsent_ -= it->text.size();
                    outbox_.erase(it);
                    break;
                }
        unsent_ += text.size();
        peak_unsent_ = std::max(peak_unsent_, unsent_);
        if (unsent_ > hub_.largest_outbox.load(std::memory_order_relaxed))
            hub_.largest_outbox.store(unsent_, std::memory_order_relaxed);
        if (unsent_ > max_unsent_bytes) {
            if (hub_.slow_client_log.allow())
                spdlog::info("dropping a client that does not read its messages{}", hub_.slow_client_log.note());
            end_session();
            beast::get_lowest_layer(ws_).close();
            return;
        }
        outbox_.push_back({std::move(text), std::string(kind)});
        if (!writing_) write();
    }

    void write() {
        writing_ = true;
        ws_.async_write(asio::buffer(outbox_.front().text),
                        [self = shared_from_this()](error_code ec, std::size_t) { self->on_write(ec); });
    }

    void on_write(error_code ec) {
        writing_ = false;
        if (ec) {
            end_session();
            return;
        }
        unsent_ -= outbox_.front().text.size();
        outbox_.pop_front();
        if (closing_) return close_socket();
        if (!outbox_.empty()) write();
    }

    void end_session() {
        if (closed_) return;
        closed_ = true;
        timer_.cancel();
        if (session_) session_->close();
    }

    void close_socket() {
        closing_ = true;
        ws_.async_close(websocket::close_reason(websocket::close_code::going_away, "the server stops"),
                        [self = shared_from_this()](error_code) {});
    }

    Hub& hub_;
    websocket::stream<beast::tcp_stream> ws_;
    Ticket ticket_;
    asio::steady_timer timer_;
    std::unique_ptr<Tab> session_;
    beast::flat_buffer buffer_;
    std::size_t dropped_ = 0;
    bool binary_ = false;
    struct Outgoing {
        std::string text;
        std::string kind;  // "state", "info": a newer one replaces it while it waits
    };
    std::deque<Outgoing> outbox_;
    std::size_t unsent_ = 0;
    std::size_t peak_unsent_ = 0;
    bool writing_ = false;
    bool closing_ = false;
    bool closed_ = false;
    bool accepted_ = false;  // the WebSocket handshake is done
};

class HttpConnection : public std::enable_shared_from_this<HttpConnection> {
public:
    HttpConnection(Hub& hub, tcp::socket socket, Ticket ticket)
        : hub_(hub), stream_(std::move(socket)), ticket_(std::move(ticket)) {}

    void start() { read(); }

private:
    void read() {
        parser_.emplace();
        parser_->header_limit(8 * 1024);
        parser_->body_limit(4 * 1024);
        stream_.expires_after(http_timeout);
        http::async_read(stream_, buffer_, *parser_,
                         [self = shared_from_this()](error_code ec, std::size_t) { self->on_read(ec); });
    }

    void on_read(error_code ec) {
        if (ec == http::error::end_of_stream || ec == beast::error::timeout || hub_.stopping) return close();
        if (ec) return respond(http::status::bad_request, "bad request: " + ec.message() + "\n", false);
        auto request = parser_->release();
        if (!host_allowed(view(request[http::field::host]), hub_))
            return respond(http::status::forbidden, "unknown host: open the address kroon serve printed\n", false);
        if (websocket::is_upgrade(request)) {
            if (path_of(view(request.target())) != "/ws")
                return respond(http::status::not_found, "no WebSocket here: use /ws\n", false);
            if (!origin_allowed(request, hub_))
                return respond(http::status::forbidden, "WebSocket refused: the page comes from another site\n", false);
            stream_.expires_never();
            auto connection = std::make_shared<WsConnection>(hub_, std::move(stream_), std::move(ticket_));
            hub_.sockets.remove_if([](const std::weak_ptr<WsConnection>& w) { return w.expired(); });
            hub_.sockets.push_back(connection);
            connection->accept(std::move(request));
            return;
        }
        if (request.method() != http::verb::get && request.method() != http::verb::head)
            return respond(http::status::method_not_allowed, "only GET and HEAD\n", request.keep_alive());
        const Asset* asset = find_asset(path_of(view(request.target())));
        if (!asset) return respond(http::status::not_found, "not found\n", request.keep_alive());
        auto response = std::make_shared<http::response<http::string_body>>(http::status::ok, request.version());
        response->set(http::field::content_type,
                      beast::string_view(asset->content_type.data(), asset->content_type.size()));
        set_common(*response);
        response->body() = request.method() == http::verb::head ? std::string() : std::string(asset->body);
        response->content_length(asset->body.size());
        response->keep_alive(request.keep_alive());
        send(std::move(response));
    }

    static std::string_view path_of(std::string_view target) {
        const auto query = target.find_first_of("?#");
        return target.substr(0, query);
    }

    static void set_common(http::response<http::string_body>& response) {
        response.set(http::field::server, "kroon");
        response.set(http::field::cache_control, "no-cache");
        response.set("X-Content-Type-Options", "nosniff");
        response.set("Referrer-Policy", "no-referrer");
        response.set("Content-Security-Policy",
                     "default-src 'self'; connect-src 'self'; img-src 'self' data:; object-src 'none'; "
                     "frame-ancestors 'none'");
    }

    void respond(http::status status, const std::string& text, bool keep_alive) {
        auto response = std::make_shared<http::response<http::string_body>>(status, 11);
        response->set(http::field::content_type, "text/plain; charset=utf-8");
        set_common(*response);
        response->body() = text;
        response->prepare_payload();
        response->keep_alive(keep_alive);
        send(std::move(response));
    }

    void send(std::shared_ptr<http::response<http::string_body>> response) {
        stream_.expires_after(http_timeout);
        http::async_write(stream_, *response, [self = shared_from_this(), response](error_code ec, std::size_t) {
            if (ec || !response->keep_alive() || self->hub_.stopping) return self->close();
            self->read();
        });
    }

    void close() {
        error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
        stream_.close();
    }

    Hub& hub_;
    beast::tcp_stream stream_;
    Ticket ticket_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace

// The order of the members is the order of shutting down, backwards: the pool first (its
// last callbacks still find the I/O context), then the connections with the I/O context
// (every session is closed by then, so none touches the pool), then what they count on.
struct Server::Impl {
    explicit Impl(const ServerConfig& c)
        : config(c),
          hub{io, config, pool, {}, false, {}, {}, 0, false, {}, {}, {}, {}, nullptr},
          acceptor(io),
          accept_pause(io),
          signals(io),
          pool(PoolOptions{.slots = c.threads,
                           .hash_mib = c.hash_mib,
                           .slice = c.slice,
                           .max_seconds = c.max_search,
                           .max_depth = c.max_depth,
                           .engine_options = c.engine_options}) {
        std::tie(hub.book_option, hub.book_file) = explorer_book(config);
        if (c.other_engine) {
            PoolOptions options;
            options.slice = c.slice;
            options.max_seconds = c.max_search;
            options.max_depth = c.max_depth;
            other_pool = std::make_unique<SearchPool>(c.other_engine, std::move(options));
            hub.other_pool = other_pool.get();
        }
    }

    void accept() {
        acceptor.async_accept([this](error_code ec, tcp::socket socket) {
            if (ec) {
                if (ec == asio::error::operation_aborted) return;
                if (accept_log.allow()) spdlog::warn("accept failed: {}{}", ec.message(), accept_log.note());
                const auto pause = backoff.after_failure(ec.value());
                if (pause.count() == 0) return accept();
                accept_pause.expires_after(pause);
                accept_pause.async_wait([this](error_code waited) {
                    if (!waited && !hub.stopping) accept();
                });
                return;
            }
            backoff.accepted();
            if (hub.open >= config.max_connections) {
                refuse(std::move(socket));
            } else {
                std::make_shared<HttpConnection>(hub, std::move(socket), Ticket(hub))->start();
            }
            accept();
        });
    }

    // Over the limit: a short 503 and the connection is closed.
    void refuse(tcp::socket socket) {
        auto s = std::make_shared<tcp::socket>(std::move(socket));
        static const std::string body = "busy: too many connections, try again later\n";
        static const std::string text =
            "HTTP/1.1 503 Service Unavailable\r\nContent-Type: text/plain\r\n"
            "Content-Length: " +
            std::to_string(body.size()) + "\r\nConnection: close\r\n\r\n" + body;
        asio::async_write(*s, asio::buffer(text), [s](error_code, std::size_t) {
            error_code ignored;
            s->shutdown(tcp::socket::shutdown_both, ignored);
            s->close(ignored);
        });
    }

    void shut_down() {
        if (hub.stopping) return;
        hub.stopping = true;
        error_code ignored;
        acceptor.close(ignored);
        accept_pause.cancel();
        signals.cancel(ignored);
        for (auto& weak : hub.sockets)
            if (const auto connection = weak.lock()) connection->shut_down();
        hub.sockets.clear();
        if (hub.open == 0) return io.stop();
        // Whatever has not closed in two seconds is cut off.
        auto timer = std::make_shared<asio::steady_timer>(io, std::chrono::seconds(2));
        timer->async_wait([this, timer](error_code) { io.stop(); });
    }

    ServerConfig config;
    Hub hub;
    asio::io_context io;
    tcp::acceptor acceptor;
    net::AcceptBackoff backoff;
    net::LogLimiter accept_log;
    asio::steady_timer accept_pause;
    asio::signal_set signals;
    tcp::endpoint bound;
    SearchPool pool;
    std::unique_ptr<SearchPool> other_pool;  // destroyed first: it stops its searches
};

Result<std::unique_ptr<Server>> Server::start(const ServerConfig& config) {
    auto impl = std::make_unique<Impl>(config);
    error_code ec;
    const auto address = asio::ip::make_address(config.host == "localhost" ? "127.0.0.1" : config.host, ec);
    if (ec) return Error{"bad host address '" + config.host + "': give an IP address such as 127.0.0.1"};
    const tcp::endpoint endpoint(address, config.port);
    auto& acceptor = impl->acceptor;
    acceptor.open(endpoint.protocol(), ec);
    if (!ec) acceptor.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec && address.is_v6()) acceptor.set_option(asio::ip::v6_only(false), ec);
    if (!ec) acceptor.bind(endpoint, ec);
    if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
    if (ec)
        return Error{"cannot listen on " + config.host + " port " + std::to_string(config.port) + ": " + ec.message()};
    impl->bound = acceptor.local_endpoint();
    Hub& hub = impl->hub;
    hub.port = impl->bound.port();
    hub.any_address = address.is_unspecified();
    hub.names = {"127.0.0.1", "localhost", "[::1]"};
    const auto bracketed = [](const asio::ip::address& a) {
        return a.is_v6() ? "[" + a.to_string() + "]" : a.to_string();
    };
    if (!address.is_unspecified()) hub.names.push_back(bracketed(address));
    for (const std::string& name : config.allowed_hosts) hub.names.push_back(lower(name));
    return std::unique_ptr<Server>(new Server(std::move(impl)));
}

Server::Server(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

Server::~Server() {
    stop();
    // The sessions go before the pool: stop every search, then drop the connections.
    impl_->io.restart();
    impl_->io.poll();
}

std::string Server::url() const {
    const auto address = impl_->bound.address();
    std::string host = address.to_string();
    if (address.is_v6()) host = "[" + host + "]";
    return "http://" + host + ":" + std::to_string(impl_->bound.port()) + "/";
}

unsigned short Server::port() const { return impl_->bound.port(); }

void Server::run(bool handle_signals) {
    if (handle_signals) {
        impl_->signals.add(SIGINT);
        impl_->signals.add(SIGTERM);
        impl_->signals.async_wait([this](error_code ec, int) {
            if (!ec) impl_->shut_down();
        });
    }
    impl_->accept();
    impl_->io.run();
}

void Server::stop() {
    asio::post(impl_->io, [this] { impl_->shut_down(); });
}

SearchPool& Server::pool() { return impl_->pool; }

int Server::open_connections() const { return impl_->hub.open; }

std::size_t Server::largest_outbox() const { return impl_->hub.largest_outbox.load(std::memory_order_relaxed); }

}  // namespace kroon::web
