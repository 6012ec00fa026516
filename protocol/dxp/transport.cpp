#include <utility>  // before Asio: Boost 1.74 Asio with g++ 12 in C++20 needs it first

#include "protocol/dxp/transport.hpp"

#include <algorithm>
#include <array>
#include <boost/asio.hpp>
#include <chrono>
#include <climits>
#include <csignal>
#include <ctime>
#include <deque>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <system_error>

#include <spdlog/sinks/basic_file_sink.h>
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include "engine/referee/outcome.hpp"
#include "platform/signals.hpp"
#include "protocol/dxp/engine_worker.hpp"
#include "protocol/dxp/framing.hpp"
#include "protocol/net/accept_backoff.hpp"
#include "protocol/net/log_limiter.hpp"

namespace kroon::dxp {
namespace {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using SteadyClock = std::chrono::steady_clock;
using boost::system::error_code;

template <class... Ts>
struct Overloaded : Ts... {
    using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

// Bytes as a log line: printable ASCII kept, everything else as \xNN.
std::string escaped(std::string_view bytes) {
    std::string out;
    for (const char c : bytes) {
        const auto u = static_cast<unsigned char>(c);
        if (u >= 0x20 && u < 0x7f) {
            out += c;
        } else {
            static constexpr char hex[] = "0123456789abcdef";
            out += "\\x";
            out += hex[u >> 4];
            out += hex[u & 15];
        }
    }
    return out;
}

// What every connection shares: configuration, log, game file, the clock's zero.
struct Shared {
    Shared(const TransportConfig& c, std::shared_ptr<spdlog::logger> l) : config(c), log(std::move(l)) {}

    const TransportConfig& config;
    std::shared_ptr<spdlog::logger> log;
    SteadyClock::time_point epoch = SteadyClock::now();
    net::AcceptBackoff backoff;
    net::LogLimiter accept_log;  // failed and refused connections
    // Connections coming and going: a game's few lines pass, a flood of connections does not.
    net::LogLimiter connection_log{std::chrono::seconds(10), 40};
    // What peers make us write about their games and messages (chat, bad messages, games
    // begun and left): a game's lines pass, a flood of connections or chat does not.
    net::LogLimiter notes_log{std::chrono::seconds(10), 60};
    asio::steady_timer* accept_pause = nullptr;  // the I/O context's, while listening

    double now() const { return std::chrono::duration<double>(SteadyClock::now() - epoch).count(); }

    void record(const GameRecord& record, const std::string& site) {
        if (config.pdn_path.empty()) return;
        if (const auto error = append_pdn_game(config.pdn_path,
                                               pdn_record(record, RecordContext{"DXP match", site, pdn_date_today()})))
            log->error("game {} not recorded: {}", record.game_number, error->message);
    }
};

class Connection : public std::enable_shared_from_this<Connection> {
public:
    Connection(asio::io_context& io, tcp::socket socket, Shared& shared, int id, std::function<void(int)> on_closed)
        : io_(io),
          socket_(std::move(socket)),
          deadline_timer_(io),
          hard_timer_(io),
          flush_timer_(io),
          shared_(shared),
          dialogue_(shared.config.session),
          id_(id),
          on_closed_(std::move(on_closed)) {
        error_code ec;
        const auto remote = socket_.remote_endpoint(ec);
        peer_ = ec ? "?" : remote.address().to_string() + ":" + std::to_string(remote.port());
        socket_.set_option(tcp::no_delay(true), ec);
    }

    ~Connection() {
        if (engine_) engine_->stop(INT_MAX);
    }

    void start() {
        if (shared_.connection_log.allow())
            shared_.log->info("[{}] connected to {}{}", id_, peer_, shared_.connection_log.note());
        apply(dialogue_.connected(shared_.now()));
        read();
    }

    // Shutdown of the process: end a game in progress properly, then close.
    void abort(const std::string& reason) {
        if (closed_) return;
        apply(dialogue_.abort(reason, shared_.now()));
    }

private:
    void read() {
        if (closed_ || closing_) return;
        socket_.async_read_some(asio::buffer(buffer_),
                                [self = shared_from_this()](error_code ec, std::size_t n) { self->on_read(ec, n); });
    }

    void on_read(error_code ec, std::size_t n) {
        if (closed_) return;
        if (ec) {
            if (ec != asio::error::operation_aborted) {
                if (shared_.connection_log.allow())
                    shared_.log->info("[{}] connection lost: {}", id_,
                                      ec == asio::error::eof ? "peer closed it" : ec.message());
                apply(dialogue_.disconnected(shared_.now()));
                close_now();
            }
            return;
        }
        for (auto& f : reader_.feed(std::string_view(buffer_.data(), n))) {
            if (closed_ || closing_) break;
            if (f.ok) {
                shared_.log->debug("[{}] < {}", id_, escaped(f.text));
                apply(dialogue_.receive(f.text, shared_.now()));
            } else {
                shared_.log->debug("[{}] framing: {}", id_, f.text);
                apply(dialogue_.receive_invalid(f.text, shared_.now()));
            }
        }
        read();
    }

    void apply(const Actions& actions) {
        for (const auto& action : actions) {
            if (closed_) return;
            std::visit(Overloaded{
                           [&](const Send& s) { send(format_message(s.message)); },
                           [&](const Think& t) { think(t); },
                           [&](const StopThinking&) { stop_thinking(); },
                           [&](const GameFinished& g) {
                               // A game left before its first move holds nothing to keep: a peer
                               // that only connects, asks and leaves fills no file.
                               const bool empty = g.record.game.moves().empty() && !g.record.game.is_over();
                               if (shared_.notes_log.allow())
                                   shared_.log->info("[{}] game {} ({} - {}): {} ({}){}{}", id_, g.record.game_number,
                                                     g.record.white, g.record.black,
                                                     result_text(g.record.result(), g.record.game.rules().scoring()),
                                                     g.record.termination, empty ? ", not recorded: no move" : "",
                                                     shared_.notes_log.note());
                               if (!empty) shared_.record(g.record, peer_);
                           },
                           [&](const Close& c) {
                               if (shared_.connection_log.allow()) shared_.log->info("[{}] closing: {}", id_, c.reason);
                               close_after_flush();
                           },
                           [&](const Note& n) {
                               // A peer decides how many notes there are (chat, bad messages).
                               if (!shared_.notes_log.allow()) return;
                               const auto level = n.level == NoteLevel::Warning ? spdlog::level::warn
                                                  : n.level == NoteLevel::Info  ? spdlog::level::info
                                                                                : spdlog::level::debug;
                               shared_.log->log(level, "[{}] {}{}", id_, n.text, shared_.notes_log.note());
                           },
                       },
                       action);
        }
        arm_deadline();
    }

    // --- writing ---

    void send(const std::string& text) {
        if (closed_) return;
        shared_.log->debug("[{}] > {}", id_, escaped(text));
        queued_bytes_ += text.size() + 1;
        if (queued_bytes_ > shared_.config.max_write_queue) {
            shared_.log->warn("[{}] peer is not reading ({} bytes waiting); closing", id_, queued_bytes_);
            apply(dialogue_.disconnected(shared_.now()));
            close_now();
            return;
        }
        writes_.push_back(frame(text));
        if (writes_.size() == 1) write_next();
    }

    void write_next() {
        if (closed_ || writes_.empty()) return;
        asio::async_write(socket_, asio::buffer(writes_.front()),
                          [self = shared_from_this()](error_code ec, std::size_t) { self->on_written(ec); });
    }

    void on_written(error_code ec) {
        if (closed_) return;
        if (ec) {
            if (shared_.connection_log.allow()) shared_.log->info("[{}] write failed: {}", id_, ec.message());
            apply(dialogue_.disconnected(shared_.now()));
            close_now();
            return;
        }
        queued_bytes_ -= writes_.front().size();
        writes_.pop_front();
        if (!writes_.empty())
            write_next();
        else if (closing_)
            close_now();
    }

    void close_after_flush() {
        closing_ = true;
        if (writes_.empty()) {
            close_now();
            return;
        }
        // A peer that stopped reading must not keep us: give the last messages a moment.
        flush_timer_.expires_after(std::chrono::seconds(5));
        flush_timer_.async_wait([self = shared_from_this()](error_code ec) {
            if (!ec) self->close_now();
        });
    }

    void close_now() {
        if (closed_) return;
        closed_ = true;
        deadline_timer_.cancel();
        hard_timer_.cancel();
        flush_timer_.cancel();
        if (engine_) engine_->stop(INT_MAX);
        error_code ec;
        socket_.shutdown(tcp::socket::shutdown_both, ec);
        socket_.close(ec);
        if (shared_.connection_log.allow()) shared_.log->info("[{}] closed{}", id_, shared_.connection_log.note());
        on_closed_(id_);
    }

    // --- timers ---

    void arm_deadline() {
        if (closed_) return;
        ++deadline_generation_;
        const auto at = dialogue_.deadline();
        if (!at) {
            deadline_timer_.cancel();
            return;
        }
        const auto when = shared_.epoch +
                          std::chrono::duration_cast<SteadyClock::duration>(std::chrono::duration<double>(*at + 0.001));
        deadline_timer_.expires_at(when);
        deadline_timer_.async_wait([self = shared_from_this(), generation = deadline_generation_](error_code ec) {
            if (ec || self->closed_ || generation != self->deadline_generation_) return;
            self->apply(self->dialogue_.timeout(self->shared_.now()));
        });
    }

    // --- search ---

    void think(const Think& t) {
        if (!engine_) engine_ = std::make_unique<EngineWorker>(shared_.config.engine_options);
        const bool new_game = dialogue_.games_played() != searched_game_;
        searched_game_ = dialogue_.games_played();
        current_think_ = t.id;
        SearchJob job;
        job.id = t.id;
        job.new_game = new_game;
        job.game = t.game;
        job.limits = t.limits;
        std::weak_ptr<Connection> weak = weak_from_this();
        asio::io_context& io = io_;
        job.done = [weak, &io](int id, std::optional<Move> move, const search::Outcome& outcome) {
            asio::post(io, [weak, id, move, outcome] {
                if (auto self = weak.lock()) self->on_engine_move(id, move, outcome);
            });
        };
        shared_.log->debug("[{}] think {}: {:.2f} s left, {} moves to go, hard stop {:.2f} s", id_, t.id,
                           t.limits.time_left, t.limits.moves_to_go, t.hard_limit);
        engine_->think(std::move(job));
        hard_timer_.expires_after(
            std::chrono::duration_cast<SteadyClock::duration>(std::chrono::duration<double>(t.hard_limit)));
        hard_timer_.async_wait([self = shared_from_this(), id = t.id](error_code ec) {
            if (ec || self->closed_ || !self->engine_) return;
            self->shared_.log->debug("[{}] hard stop of search {}", self->id_, id);
            self->engine_->stop(id);
        });
    }

    void stop_thinking() {
        hard_timer_.cancel();
        if (engine_) engine_->stop(current_think_);
    }

    void on_engine_move(int id, std::optional<Move> move, const search::Outcome& outcome) {
        if (closed_) return;
        if (id == current_think_) hard_timer_.cancel();
        if (move && id == current_think_)
            shared_.log->info("[{}] plays {} (depth {}, score {}, {} nodes, {:.2f} s)", id_,
                              dialogue_.game().rules().format_move(dialogue_.position(), *move), outcome.depth,
                              outcome.score, outcome.nodes, outcome.seconds);
        apply(dialogue_.engine_move(id, move, shared_.now()));
    }

    asio::io_context& io_;
    tcp::socket socket_;
    asio::steady_timer deadline_timer_;
    asio::steady_timer hard_timer_;
    asio::steady_timer flush_timer_;
    Shared& shared_;
    Dialogue dialogue_;
    int id_;
    std::function<void(int)> on_closed_;
    std::string peer_;

    FrameReader reader_;
    std::array<char, 4096> buffer_{};
    std::deque<std::string> writes_;
    std::size_t queued_bytes_ = 0;
    bool closing_ = false;
    bool closed_ = false;
    int deadline_generation_ = 0;

    std::unique_ptr<EngineWorker> engine_;
    int current_think_ = 0;
    int searched_game_ = 0;
};

// Owns the live connections; removes each once it has closed.
class Connections {
public:
    Connections(asio::io_context& io, Shared& shared) : io_(io), shared_(shared) {}

    std::size_t size() const { return live_.size(); }

    void add(tcp::socket socket) {
        const int id = ++next_id_;
        auto c = std::make_shared<Connection>(io_, std::move(socket), shared_, id, [this](int closed) {
            // Erased later, never from inside the connection's own call.
            asio::post(io_, [this, closed] {
                live_.erase(closed);
                if (on_empty && live_.empty()) on_empty();
            });
        });
        live_[id] = c;
        c->start();
    }

    void abort_all(const std::string& reason) {
        auto copy = live_;
        for (auto& [id, c] : copy) c->abort(reason);
    }

    std::function<void()> on_empty;

private:
    asio::io_context& io_;
    Shared& shared_;
    std::map<int, std::shared_ptr<Connection>> live_;
    int next_id_ = 0;
};

std::shared_ptr<spdlog::logger> make_logger(const TransportConfig& config) {
    std::vector<spdlog::sink_ptr> sinks;
    auto console = std::make_shared<spdlog::sinks::stderr_color_sink_mt>();
    console->set_level(config.verbose ? spdlog::level::debug : spdlog::level::info);
    sinks.push_back(console);
    // spdlog would make the folders of the path: a mistyped one is reported instead.
    const std::filesystem::path folder = std::filesystem::path(config.log_path).parent_path();
    std::error_code error;
    if (!config.log_path.empty() && !folder.empty() && !std::filesystem::is_directory(folder, error)) {
        console->log(spdlog::details::log_msg(
            "dxp", spdlog::level::err,
            "cannot open log file " + config.log_path + ": there is no folder " + folder.string()));
    } else if (!config.log_path.empty()) {
        try {
            auto file = std::make_shared<spdlog::sinks::basic_file_sink_mt>(config.log_path);
            file->set_level(spdlog::level::debug);
            sinks.push_back(file);
        } catch (const spdlog::spdlog_ex& e) {
            console->log(
                spdlog::details::log_msg("dxp", spdlog::level::err, std::string("cannot open log file: ") + e.what()));
        }
    }
    auto log = std::make_shared<spdlog::logger>("dxp", sinks.begin(), sinks.end());
    log->set_level(spdlog::level::debug);
    log->flush_on(spdlog::level::debug);
    return log;
}

Result<tcp::endpoint> resolve(asio::io_context& io, const Endpoint& e) {
    error_code ec;
    tcp::resolver resolver(io);
    const auto results = resolver.resolve(e.host, std::to_string(e.port), ec);
    if (ec || results.empty()) return Error{"cannot resolve " + e.host + ": " + ec.message()};
    return results.begin()->endpoint();
}

// Opens, binds and listens on `target`, then tells where.
Result<bool> start_listening(tcp::acceptor& acceptor, const tcp::endpoint& target, Shared& shared) {
    const TransportConfig& config = shared.config;
    error_code ec;
    acceptor.open(target.protocol(), ec);
    if (!ec) acceptor.set_option(tcp::acceptor::reuse_address(true), ec);
    if (!ec && target.address().is_v6() && target.address().is_unspecified())
        acceptor.set_option(asio::ip::v6_only(false), ec);  // "::" takes IPv4 too
    if (!ec) acceptor.bind(target, ec);
    if (!ec) acceptor.listen(asio::socket_base::max_listen_connections, ec);
    if (ec)
        return Error{"cannot listen on " + config.endpoint.host + ":" + std::to_string(config.endpoint.port) + ": " +
                     ec.message()};
    const auto bound = acceptor.local_endpoint(ec);
    const Endpoint actual{bound.address().to_string(), bound.port()};
    shared.log->info("listening on {}:{} as {}", actual.host, actual.port,
                     config.session.role == Role::Initiator ? "initiator" : "follower");
    if (config.on_listening) config.on_listening(actual);
    return true;
}

// A connection beyond max_connections is told so and closed.
void refuse_busy(tcp::socket& socket, Shared& shared, std::size_t served) {
    if (shared.accept_log.allow())
        shared.log->warn("refusing a connection: {} already served{}", served, shared.accept_log.note());
    const std::string busy = frame("Cbusy: too many connections, try later");
    error_code ec;
    asio::write(socket, asio::buffer(busy), ec);
    socket.close(ec);
}

// Accepts connections one after the other until the acceptor is closed. Out of descriptors
// or memory, accepting pauses (AcceptBackoff) instead of failing again at once.
void accept_connections(tcp::acceptor& acceptor, Connections& connections, Shared& shared) {
    acceptor.async_accept([&acceptor, &connections, &shared](error_code ec, tcp::socket socket) {
        if (ec == asio::error::operation_aborted || !acceptor.is_open()) return;
        if (ec) {
            if (shared.accept_log.allow())
                shared.log->warn("accept failed: {}{}", ec.message(), shared.accept_log.note());
            const auto pause = shared.backoff.after_failure(ec.value());
            if (pause.count() > 0) {
                shared.accept_pause->expires_after(pause);
                shared.accept_pause->async_wait([&acceptor, &connections, &shared](error_code waited) {
                    if (!waited && acceptor.is_open()) accept_connections(acceptor, connections, shared);
                });
                return;
            }
        } else {
            shared.backoff.accepted();
            if (connections.size() >= static_cast<std::size_t>(shared.config.max_connections))
                refuse_busy(socket, shared, connections.size());
            else
                connections.add(std::move(socket));
        }
        accept_connections(acceptor, connections, shared);
    });
}

}  // namespace

Result<Endpoint> parse_endpoint(const std::string& text) {
    Endpoint e;
    std::string host;
    std::optional<std::string> port;
    const auto colons = std::count(text.begin(), text.end(), ':');
    if (!text.empty() && text.front() == '[') {
        const size_t close = text.find(']');
        if (close == std::string::npos) return Error{"missing ']' in '" + text + "'"};
        host = text.substr(1, close - 1);
        const std::string rest = text.substr(close + 1);
        if (!rest.empty()) {
            if (rest.front() != ':') return Error{"expected ':PORT' after ']' in '" + text + "'"};
            port = rest.substr(1);
        }
    } else if (colons == 1) {
        const size_t colon = text.find(':');
        host = text.substr(0, colon);
        port = text.substr(colon + 1);
    } else if (colons == 0 && !text.empty() && text.find_first_not_of("0123456789") == std::string::npos) {
        port = text;
    } else {
        host = text;  // a host name, an IPv4 address or a bare IPv6 address
    }
    if (!host.empty()) e.host = host;
    if (port) {
        if (port->empty() || port->size() > 5 || port->find_first_not_of("0123456789") != std::string::npos ||
            std::stoi(*port) > 65535)
            return Error{"port '" + *port + "' is not a number 0-65535"};
        e.port = static_cast<unsigned short>(std::stoi(*port));
    }
    return e;
}

Result<bool> run_transport(const TransportConfig& config) {
    platform::ignore_broken_pipes();
    asio::io_context io;
    Shared shared(config, make_logger(config));
    Connections connections(io, shared);
    asio::signal_set signals(io, SIGINT, SIGTERM);

    const auto target = resolve(io, config.endpoint);
    if (!target) return Error{target.error()};
    tcp::acceptor acceptor(io);
    asio::steady_timer accept_pause(io);
    shared.accept_pause = &accept_pause;
    if (config.listen) {
        if (auto listening = start_listening(acceptor, *target, shared); !listening) return listening;
        accept_connections(acceptor, connections, shared);
    } else {
        tcp::socket socket(io);
        error_code ec;
        socket.connect(*target, ec);
        if (ec)
            return Error{"cannot connect to " + config.endpoint.host + ":" + std::to_string(config.endpoint.port) +
                         ": " + ec.message()};
        connections.on_empty = [&] { signals.cancel(); };
        connections.add(std::move(socket));
    }

    signals.async_wait([&](error_code ec, int signal) {
        if (ec) return;
        shared.log->info("signal {}: stopping", signal);
        error_code ignored;
        acceptor.close(ignored);
        accept_pause.cancel();
        connections.abort_all("the program was stopped");
        connections.on_empty = [&] { io.stop(); };
        if (connections.size() == 0) io.stop();
        // Connections that cannot flush in time are dropped with the io_context.
    });
    io.run();
    shared.log->flush();
    return true;
}

}  // namespace kroon::dxp
