#include <utility>  // before Asio: Boost 1.74 Asio with g++ 12 in C++20 needs it first

#include "protocol/dxp/dialogue_client.hpp"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <array>
#include <boost/asio.hpp>
#include <chrono>
#include <deque>
#include <thread>

#include "protocol/dxp/framing.hpp"

namespace kroon::dxp {

namespace asio = boost::asio;
using tcp = asio::ip::tcp;
using SteadyClock = std::chrono::steady_clock;
using boost::system::error_code;

namespace {

// Time slices the caller's thread runs the socket for while it waits: short enough to see a
// stop request and the session's deadlines in time.
constexpr double slice_seconds = 0.1;
// Between two tries of a refused connection.
constexpr double retry_seconds = 0.25;
// A peer that does not take our last messages within this time is not waited for.
constexpr double flush_seconds = 2.0;

SteadyClock::duration seconds(double s) {
    return std::chrono::duration_cast<SteadyClock::duration>(std::chrono::duration<double>(std::max(s, 0.0)));
}

}  // namespace

struct DialogueClient::Io {
    asio::io_context io;
    tcp::socket socket{io};
    SteadyClock::time_point epoch = SteadyClock::now();
    FrameReader reader;
    std::array<char, 4096> buffer{};
    bool reading = false;
    std::deque<std::string> writes;
    bool writing = false;
    bool closed = false;
    std::vector<std::string> received;  // complete messages not yet handed to the session
    std::vector<std::string> invalid;   // framing errors not yet handed to the session

    double now() const { return std::chrono::duration<double>(SteadyClock::now() - epoch).count(); }

    void close() {
        if (closed) return;
        closed = true;
        error_code ec;
        socket.shutdown(tcp::socket::shutdown_both, ec);
        socket.close(ec);
    }

    void read() {
        if (reading || closed) return;
        reading = true;
        socket.async_read_some(asio::buffer(buffer), [this](error_code ec, std::size_t n) {
            reading = false;
            if (ec) {
                close();
                return;
            }
            for (auto& f : reader.feed(std::string_view(buffer.data(), n)))
                (f.ok ? received : invalid).push_back(std::move(f.text));
        });
    }

    void write_next() {
        if (writing || closed || writes.empty()) return;
        writing = true;
        asio::async_write(socket, asio::buffer(writes.front()), [this](error_code ec, std::size_t) {
            writing = false;
            if (ec) {
                close();
                return;
            }
            writes.pop_front();
            write_next();
        });
    }

    void send(const std::string& text) {
        if (closed) return;
        writes.push_back(frame(text));
        write_next();
        // On its way now, not at the next wait: a confirmation may be the last thing we send.
        io.restart();
        io.poll();
    }

    // Runs the socket for up to `s` seconds, or until a message has arrived.
    void run_for(double s) {
        read();
        io.restart();
        io.run_for(seconds(s));
    }

    void flush() {
        const auto until = SteadyClock::now() + seconds(flush_seconds);
        while (!closed && (writing || !writes.empty()) && SteadyClock::now() < until) {
            io.restart();
            io.run_for(seconds(slice_seconds));
        }
    }
};

Result<std::unique_ptr<DialogueClient>> DialogueClient::connect(const Endpoint& peer, DialogueConfig config,
                                                                double timeout, const std::atomic<bool>* stop) {
    auto io = std::make_unique<Io>();
    error_code ec;
    tcp::resolver resolver(io->io);
    const auto targets = resolver.resolve(peer.host, std::to_string(peer.port), ec);
    const std::string where = peer.host + ":" + std::to_string(peer.port);
    if (ec || targets.empty()) return Error{"cannot resolve " + peer.host + ": " + ec.message()};
    // A refused connection is tried again until the timeout: a follower being restarted
    // between games (a crash, an operator) is reached instead of forfeiting every game left.
    const auto until = SteadyClock::now() + seconds(timeout);
    for (;;) {
        bool done = false;
        error_code result = asio::error::timed_out;
        asio::async_connect(io->socket, targets, [&](error_code connect_ec, const tcp::endpoint&) {
            done = true;
            result = connect_ec;
        });
        const auto stopped = [stop] { return stop && stop->load(); };
        while (!done && SteadyClock::now() < until && !stopped()) {
            io->io.restart();
            io->io.run_for(seconds(slice_seconds));
        }
        if (!done && stopped()) {
            io->close();
            io->io.restart();
            io->io.poll();
            return Error{"stopped while connecting to " + where};
        }
        if (!done) {
            io->close();
            io->io.restart();
            io->io.poll();  // let the cancelled connect finish
            return Error{"cannot connect to " + where + ": no answer within " +
                         std::to_string(static_cast<int>(timeout)) + " s"};
        }
        if (!result) break;
        if (SteadyClock::now() + seconds(retry_seconds) >= until)
            return Error{"cannot connect to " + where + ": " + result.message() + " (tried for " +
                         std::to_string(static_cast<int>(timeout)) + " s)"};
        io->socket.close(ec);
        if (stopped()) return Error{"stopped while connecting to " + where};
        std::this_thread::sleep_for(seconds(retry_seconds));
    }
    io->socket.set_option(tcp::no_delay(true), ec);
    std::unique_ptr<DialogueClient> client(new DialogueClient(std::move(io), std::move(config)));
    client->apply(client->dialogue_.connected(client->now()));
    return client;
}

DialogueClient::DialogueClient(std::unique_ptr<Io> io, DialogueConfig config)
    : io_(std::move(io)), dialogue_(std::move(config)) {}

DialogueClient::~DialogueClient() {
    if (!io_->closed) apply(dialogue_.abort("the match runner is done with this peer", now()));
    io_->flush();
    io_->close();
    io_->io.restart();
    io_->io.poll();
}

bool DialogueClient::open() const { return !io_->closed && dialogue_.state() != DialogueState::Closed; }

double DialogueClient::now() const { return io_->now(); }

void DialogueClient::apply(const Actions& actions) {
    for (const auto& action : actions) {
        if (const auto* s = std::get_if<Send>(&action)) {
            io_->send(format_message(s->message));
        } else if (const auto* t = std::get_if<Think>(&action)) {
            think_ = *t;
        } else if (std::holds_alternative<StopThinking>(action)) {
            think_.reset();
        } else if (std::holds_alternative<Close>(action)) {
            io_->flush();
            io_->close();
        } else if (const auto* n = std::get_if<Note>(&action)) {
            if (n->level == NoteLevel::Warning) {
                last_warning_ = n->text;
                spdlog::warn("dxp peer: {}", n->text);
            } else {
                spdlog::debug("dxp peer: {}", n->text);
            }
        }
    }
}

bool DialogueClient::play_our_move(const Move& move) {
    if (!think_) return false;
    const int id = think_->id;
    think_.reset();
    apply(dialogue_.engine_move(id, move, now()));
    return true;
}

DialogueClient::Wait DialogueClient::wait_until(const std::function<bool()>& done, double timeout,
                                                const std::atomic<bool>* stop) {
    const double until = now() + timeout;
    for (;;) {
        // What arrived in the last slice goes to the session first, in order.
        while (!io_->invalid.empty() || !io_->received.empty()) {
            if (!io_->invalid.empty()) {
                const std::string reason = std::move(io_->invalid.front());
                io_->invalid.erase(io_->invalid.begin());
                apply(dialogue_.receive_invalid(reason, now()));
            } else {
                const std::string text = std::move(io_->received.front());
                io_->received.erase(io_->received.begin());
                apply(dialogue_.receive(text, now()));
            }
        }
        if (done()) return Wait::Done;
        if (stop && stop->load()) return Wait::Stopped;
        if (io_->closed) {
            apply(dialogue_.disconnected(now()));
            return done() ? Wait::Done : Wait::Closed;
        }
        if (const auto at = dialogue_.deadline(); at && now() >= *at) {
            apply(dialogue_.timeout(now()));
            continue;
        }
        const double left = until - now();
        if (left <= 0) return Wait::Timeout;
        double slice = std::min(left, slice_seconds);
        if (const auto at = dialogue_.deadline()) slice = std::min(slice, std::max(*at - now(), 0.001));
        io_->run_for(slice);
    }
}

}  // namespace kroon::dxp
