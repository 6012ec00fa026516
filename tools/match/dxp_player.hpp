// A DXP peer (dxp.md) as a player, with Kroon as the client and the Initiator: one TCP
// connection, a GAMEREQ per game (the peer's colour, whole minutes from the match clock, the
// position after the opening in the `B` form), the other engine's moves relayed as MOVE
// messages, the peer's MOVE checked against the legal moves (as a set of captured squares),
// and the game end opened or confirmed with GAMEEND. DXP knows only international draughts
// and whole minutes per game, so the match clock must give at least a minute.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "protocol/dxp/framing.hpp"
#include "protocol/dxp/message.hpp"
#include "tools/match/player.hpp"

namespace kroon::match {

class DxpPlayer : public Player {
public:
    static Result<std::unique_ptr<Player>> start(const PlayerSpec& spec, const PlayerSettings& settings);
    ~DxpPlayer() override;

    // The address as given: the peer tells its name only when it accepts a game.
    std::string name() const override { return label_; }
    std::optional<Failure> new_game(const Game& game, Color side) override;
    Answer think(const Game& game, const MoveRequest& request) override;
    void game_over(const Game& game) override;

private:
    DxpPlayer() = default;
    std::optional<std::string> connect();
    void disconnect();
    bool send(const dxp::Message& message);
    struct Received {
        enum { Message, Timeout, Closed, Unreadable, Stopped } status;
        dxp::Message message;
        std::string error;
    };
    // The next message other than CHAT; take-back requests are refused on the way.
    Received receive(double timeout);
    bool relay_moves(const Game& game);

    PlayerSpec spec_;
    PlayerSettings settings_;
    std::string label_;
    std::string peer_name_;
    int socket_ = -1;
    dxp::FrameReader reader_;
    std::vector<dxp::Frame> frames_;
    bool in_game_ = false;
    Color peer_color_ = Color::White;
    size_t known_moves_ = 0;  // moves of the game the peer has seen
};

}  // namespace kroon::match
