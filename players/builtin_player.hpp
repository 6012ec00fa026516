// Kroon's own engine as a player, in this process: no pipes, nothing to crash apart from
// us. Each player owns its engine (its own hash table), so games can run side by side.
#pragma once

#include <memory>

#include "play/thinker.hpp"
#include "players/player.hpp"

namespace kroon::players {

class BuiltinPlayer : public Player {
public:
    explicit BuiltinPlayer(const PlayerSettings& settings);
    std::string name() const override;
    std::optional<Failure> new_game(const Game& game, Color side) override;
    Answer think(const Game& game, const MoveRequest& request) override;
    void game_over(const Game&) override {}

private:
    PlayerSettings settings_;
    play::Thinker thinker_;
};

}  // namespace kroon::players
