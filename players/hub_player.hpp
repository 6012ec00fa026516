// A Hub engine (docs/protocols.md, Hub) in a child process, with Kroon as the GUI: `hub` ... `wait`,
// set-param (variant and the user's options), `init` ... `ready`; per move `pos` with the
// game's start position and every move since (so the engine sees the history), `level` from
// the clock, `go think`, and `done move=...` read against a deadline.
#pragma once

#include <memory>

#include "platform/child_process.hpp"
#include "players/hub_engine.hpp"
#include "players/player.hpp"

namespace kroon::players {

class HubPlayer : public Player {
public:
    static Result<std::unique_ptr<Player>> start(const PlayerSpec& spec, const PlayerSettings& settings);
    ~HubPlayer() override;

    std::string name() const override { return name_; }
    std::optional<Failure> new_game(const Game& game, Color side) override;
    Answer think(const Game& game, const MoveRequest& request) override;
    void game_over(const Game&) override {}

private:
    HubPlayer() = default;
    Failure gone(const std::string& while_doing);
    // Reads `info` scores until `done`, for at most `wait` seconds.
    Answer read_move(const Game& game, double wait);
    // The move of a `done` line, with the last score and depth reported.
    Answer done_move(const Game& game, const std::string& line, const std::string& text, const MoveReply& report) const;

    std::unique_ptr<platform::ChildProcess> process_;
    PlayerSettings settings_;
    std::string name_;
};

}  // namespace kroon::players
