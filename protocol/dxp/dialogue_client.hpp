// A DXP session on one TCP connection, driven step by step by its owner instead of by an
// event loop: the match runner's initiator, which supplies our side's moves itself (from
// another engine) and waits, with a timeout, for what the peer does. The dialogue is the
// one Dialogue models for `kroon dxp`; this class only moves its messages over the socket
// (Boost.Asio, run in slices on the caller's thread) and keeps what the owner waits for.
#pragma once

#include <atomic>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "platform/result.hpp"
#include "protocol/dxp/dialogue.hpp"
#include "protocol/dxp/transport.hpp"

namespace kroon::dxp {

class DialogueClient {
public:
    // Connects within `timeout` seconds and starts the session; gives up at once when `stop`
    // is set (a match stopped while its peer is away).
    static Result<std::unique_ptr<DialogueClient>> connect(const Endpoint& peer, DialogueConfig config, double timeout,
                                                           const std::atomic<bool>* stop = nullptr);
    // A game in progress is ended (GAMEEND with the stop flag, recorded as abandoned).
    ~DialogueClient();
    DialogueClient(const DialogueClient&) = delete;
    DialogueClient& operator=(const DialogueClient&) = delete;

    const Dialogue& session() const { return dialogue_; }
    bool open() const;
    double now() const;

    // Hands a session's output to the socket and keeps what the owner may wait for.
    void apply(const Actions& actions);

    // Initiator: propose a game; answered when the session leaves Requested.
    void request_game(const GameRequest& request) { apply(dialogue_.request_game(request, now())); }
    // Our side's move for the session's pending Think; false when none is pending.
    bool play_our_move(const Move& move);
    void end_game(Verdict verdict, const std::string& detail) { apply(dialogue_.end_game(verdict, detail, now())); }

    enum class Wait { Done, Timeout, Closed, Stopped };
    // Reads and handles the peer's messages (and the session's own deadlines) until `done()`
    // holds, `timeout` seconds pass, the connection closes or `stop` is set.
    Wait wait_until(const std::function<bool()>& done, double timeout, const std::atomic<bool>* stop = nullptr);

    // Our turn: the Think the session asked for, if not yet answered.
    const std::optional<Think>& pending_think() const { return think_; }
    // The last warning the session noted (what the peer did wrong), for failure messages.
    const std::string& last_warning() const { return last_warning_; }

private:
    struct Io;
    DialogueClient(std::unique_ptr<Io> io, DialogueConfig config);

    std::unique_ptr<Io> io_;
    Dialogue dialogue_;
    std::optional<Think> think_;
    std::string last_warning_;
};

}  // namespace kroon::dxp
