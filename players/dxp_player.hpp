// A DXP peer (docs/protocols.md, DXP) as a player: Kroon is the initiator, and the one DXP
// dialogue implementation (protocol/dxp Dialogue, over a DialogueClient) carries the dialogue:
// a GAMEREQ per game (the peer's colour, whole minutes from the match clock, the position
// after the opening in the `B` form), the other engine's moves sent as MOVE messages, the
// peer's MOVE checked against the legal moves, and the game end opened or confirmed with
// GAMEEND. DXP knows only international draughts and whole minutes per game, so the match
// clock must give at least a minute. The peer names itself in its GAMEACC.
#pragma once

#include <memory>
#include <optional>
#include <string>

#include "players/player.hpp"
#include "protocol/dxp/dialogue_client.hpp"

namespace kroon::players {

class DxpPlayer : public Player {
public:
    static Result<std::unique_ptr<Player>> start(const PlayerSpec& spec, const PlayerSettings& settings);

    // The peer's own name once it has accepted a game; the address until then.
    std::string name() const override;
    bool name_known() const override { return !peer_name_.empty(); }
    std::optional<Failure> new_game(const Game& game, Color side) override;
    Answer think(const Game& game, const MoveRequest& request) override;
    void game_over(const Game& game) override;
    // A peer that lost (on time, by an illegal move) and confirmed the game end keeps its
    // connection: some peers accept one connection in their life and quit when it closes.
    bool recovered() const override;

private:
    DxpPlayer() = default;
    std::optional<std::string> connect();
    // Sends the moves of `game` the peer has not seen (ours, made by the other engine).
    bool relay_moves(const Game& game);
    Failure lost_connection(const std::string& when) const;
    bool in_game() const;

    PlayerSpec spec_;
    PlayerSettings settings_;
    std::string peer_name_;
    std::unique_ptr<dxp::DialogueClient> client_;
    size_t opening_plies_ = 0;  // moves of the runner's game already in the position sent
};

}  // namespace kroon::players
