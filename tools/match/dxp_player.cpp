#include "tools/match/dxp_player.hpp"

#include <netdb.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>


namespace kroon::match {
namespace {

using SteadyClock = std::chrono::steady_clock;

constexpr double connect_timeout = 10;
constexpr double game_end_wait = 3;     // for the peer to open the game end on its turn
constexpr double confirm_wait = 10;     // for the confirmation of ours

int minutes_of(const TimeControl& clock) {
    return clock.unlimited() ? 0 : static_cast<int>(clock.periods.front().seconds / 60);
}

std::string reason_text(dxp::EndReason r) {
    switch (r) {
        case dxp::EndReason::SenderLoses: return "I lose";
        case dxp::EndReason::Draw: return "draw";
        case dxp::EndReason::SenderWins: return "I win";
        default: return "no reason";
    }
}

}  // namespace

Result<std::unique_ptr<Player>> DxpPlayer::start(const PlayerSpec& spec, const PlayerSettings& settings) {
    if (settings.variant != Variant::International)
        return Error{"DXP peers play international draughts only (" + spec.label + ")"};
    if (minutes_of(settings.clock) < 1)
        return Error{"DXP tells the peer whole minutes per game: give a clock (--tc) of at least 60 s for " + spec.label};
    std::unique_ptr<DxpPlayer> player(new DxpPlayer());
    player->spec_ = spec;
    player->settings_ = settings;
    player->label_ = spec.label;
    if (const auto error = player->connect()) return Error{*error};
    return std::unique_ptr<Player>(std::move(player));
}

DxpPlayer::~DxpPlayer() {
    if (socket_ >= 0 && in_game_) send(dxp::GameEnd{dxp::EndReason::Unknown, true});
    disconnect();
}

std::optional<std::string> DxpPlayer::connect() {
    disconnect();
    addrinfo hints{};
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    addrinfo* found = nullptr;
    const std::string port = std::to_string(spec_.port);
    if (const int rc = ::getaddrinfo(spec_.command.c_str(), port.c_str(), &hints, &found); rc != 0)
        return spec_.label + ": " + ::gai_strerror(rc);
    std::string problem = "no address";
    for (addrinfo* a = found; a; a = a->ai_next) {
        const int fd = ::socket(a->ai_family, a->ai_socktype | SOCK_CLOEXEC | SOCK_NONBLOCK, a->ai_protocol);
        if (fd < 0) continue;
        int rc = ::connect(fd, a->ai_addr, a->ai_addrlen);
        if (rc != 0 && errno == EINPROGRESS) {
            pollfd p{fd, POLLOUT, 0};
            rc = ::poll(&p, 1, static_cast<int>(connect_timeout * 1000)) == 1 ? 0 : -1;
            int error = rc == 0 ? 0 : ETIMEDOUT;
            socklen_t length = sizeof error;
            if (rc == 0) ::getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length);
            if (error != 0) {
                errno = error;
                rc = -1;
            }
        }
        if (rc == 0) {
            socket_ = fd;
            break;
        }
        problem = std::strerror(errno);
        ::close(fd);
    }
    ::freeaddrinfo(found);
    if (socket_ < 0) return "cannot connect to " + spec_.label + ": " + problem;
    reader_ = dxp::FrameReader();
    frames_.clear();
    return std::nullopt;
}

void DxpPlayer::disconnect() {
    if (socket_ >= 0) ::close(socket_);
    socket_ = -1;
    in_game_ = false;
}

bool DxpPlayer::send(const dxp::Message& message) {
    if (socket_ < 0) return false;
    const std::string bytes = dxp::frame(dxp::format_message(message));
    size_t done = 0;
    while (done < bytes.size()) {
        const ssize_t n = ::send(socket_, bytes.data() + done, bytes.size() - done, MSG_NOSIGNAL);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) {
            pollfd p{socket_, POLLOUT, 0};
            ::poll(&p, 1, 1000);
            continue;
        }
        if (n <= 0) return false;
        done += static_cast<size_t>(n);
    }
    return true;
}

DxpPlayer::Received DxpPlayer::receive(double timeout) {
    const auto deadline = SteadyClock::now() + std::chrono::duration_cast<SteadyClock::duration>(
                                                   std::chrono::duration<double>(std::max(timeout, 0.0)));
    for (;;) {
        while (!frames_.empty()) {
            const dxp::Frame frame = frames_.front();
            frames_.erase(frames_.begin());
            if (!frame.ok) return {Received::Unreadable, {}, frame.text};
            auto message = dxp::parse_message(frame.text);
            if (!message) return {Received::Unreadable, {}, message.error() + ": " + dxp::printable(frame.text)};
            if (std::holds_alternative<dxp::Chat>(*message)) continue;
            if (std::holds_alternative<dxp::BackRequest>(*message)) {
                send(dxp::BackAccept{dxp::BackCode::NotSupported});  // a match takes nothing back
                continue;
            }
            return {Received::Message, *message, {}};
        }
        if (settings_.stop && settings_.stop->load()) return {Received::Stopped, {}, {}};
        if (socket_ < 0) return {Received::Closed, {}, {}};
        const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(deadline - SteadyClock::now()).count();
        if (left <= 0) return {Received::Timeout, {}, {}};
        pollfd p{socket_, POLLIN, 0};
        const int ready = ::poll(&p, 1, static_cast<int>(std::min<long long>(left, 200)));
        if (ready <= 0) continue;
        char chunk[4096];
        const ssize_t n = ::recv(socket_, chunk, sizeof chunk, 0);
        if (n < 0 && (errno == EINTR || errno == EAGAIN)) continue;
        if (n <= 0) {
            disconnect();
            continue;
        }
        for (auto& f : reader_.feed(std::string_view(chunk, static_cast<size_t>(n)))) frames_.push_back(std::move(f));
    }
}

bool DxpPlayer::relay_moves(const Game& game) {
    for (; known_moves_ < game.moves().size(); ++known_moves_) {
        const MoveFields f = game.rules().move_fields(game.moves()[known_moves_]);
        if (!send(dxp::MoveMessage{0, f.from, f.to, f.captured})) return false;
    }
    return true;
}

std::optional<Failure> DxpPlayer::new_game(const Game& game, Color side) {
    if (socket_ < 0 || in_game_)
        if (const auto error = connect()) return Failure{Failure::Crashed, *error};
    dxp::GameRequest request;
    request.initiator_name = "Kroon match";
    request.follower_color = side;
    request.minutes = std::min(minutes_of(settings_.clock), 999);
    request.moves = 0;  // the runner adjudicates; some peers end the game at the limit
    if (!(game.position() == game.rules().start_position())) request.position = game.position();
    if (!send(request)) return Failure{Failure::Crashed, label_ + ": the connection is gone"};
    const Received r = receive(settings_.start_timeout);
    switch (r.status) {
        case Received::Timeout: return Failure{Failure::Timeout, label_ + " did not answer the game request"};
        case Received::Closed: return Failure{Failure::Crashed, label_ + " closed the connection"};
        case Received::Stopped: return Failure{Failure::Stopped, "the match was stopped"};
        case Received::Unreadable: return Failure{Failure::Garbage, label_ + " sent garbage: " + r.error};
        case Received::Message: break;
    }
    const auto* accept = std::get_if<dxp::GameAccept>(&r.message);
    if (!accept) return Failure{Failure::Garbage, label_ + " answered the game request with " + dxp::describe(r.message)};
    peer_name_ = accept->follower_name;
    if (accept->code != dxp::AcceptCode::Accepted)
        return Failure{Failure::Garbage, label_ + " (" + peer_name_ + ") refused the game, code " +
                                             std::to_string(static_cast<int>(accept->code))};
    in_game_ = true;
    peer_color_ = side;
    known_moves_ = game.moves().size();  // the opening is in the position sent
    return std::nullopt;
}

Answer DxpPlayer::think(const Game& game, const MoveRequest& request) {
    if (!relay_moves(game)) return Failure{Failure::Crashed, label_ + " closed the connection"};
    for (;;) {
        const Received r = receive(request.wait);
        switch (r.status) {
            case Received::Timeout: return Failure{Failure::Timeout, label_ + " gave no move"};
            case Received::Closed: return Failure{Failure::Crashed, label_ + " closed the connection during the game"};
            case Received::Stopped: return Failure{Failure::Stopped, "the match was stopped"};
            case Received::Unreadable: return Failure{Failure::Garbage, label_ + " sent garbage: " + r.error};
            case Received::Message: break;
        }
        if (const auto* m = std::get_if<dxp::MoveMessage>(&r.message)) {
            const auto move = game.rules().find_move(game.position(), MoveFields{m->from, m->to, m->captured});
            if (!move) return Failure{Failure::IllegalMove, label_ + " played " + dxp::describe(r.message) + ": " + move.error()};
            ++known_moves_;
            return MoveReply{*move, std::nullopt};
        }
        if (const auto* end = std::get_if<dxp::GameEnd>(&r.message)) {
            // The peer gives up on its turn; its reason is only information (dxp.md §5.5).
            send(dxp::GameEnd{dxp::EndReason::Unknown, end->stop});
            in_game_ = false;
            if (end->reason == dxp::EndReason::SenderLoses)
                return Failure{Failure::Resigned, label_ + " resigned (GAMEEND \"I lose\")"};
            return Failure{Failure::Garbage, label_ + " ended the game (GAMEEND \"" + reason_text(end->reason) +
                                                 "\") before the rules did"};
        }
        return Failure{Failure::Garbage, label_ + " sent " + dxp::describe(r.message) + " during the game"};
    }
}

void DxpPlayer::game_over(const Game& game) {
    if (!in_game_ || socket_ < 0) return;
    in_game_ = false;
    relay_moves(game);
    // On its turn the peer may open the game end itself (Scan: no move left, repetition).
    if (game.side_to_move() == peer_color_) {
        const Received r = receive(game_end_wait);
        if (r.status == Received::Message)
            if (const auto* end = std::get_if<dxp::GameEnd>(&r.message)) {
                send(dxp::GameEnd{dxp::EndReason::Unknown, end->stop});
                return;
            }
        // A move after the end (the peer does not know the rule that ended it) or silence.
    }
    const double peer = score_fraction(game.verdict().result, peer_color_);
    const dxp::EndReason ours = peer == 0.5 ? dxp::EndReason::Draw
                                : peer > 0.5 ? dxp::EndReason::SenderLoses
                                : peer < 0.5 ? dxp::EndReason::SenderWins
                                             : dxp::EndReason::Unknown;
    if (!send(dxp::GameEnd{ours, false})) return;
    for (;;) {
        const Received r = receive(confirm_wait);
        if (r.status != Received::Message) {
            disconnect();  // no confirmation: start clean for the next game
            return;
        }
        if (std::holds_alternative<dxp::GameEnd>(r.message)) return;
    }
}

}  // namespace kroon::match
