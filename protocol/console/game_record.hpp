// The console's game: start position, moves played, positions reached, and whether the game
// is over. Interim: only "no legal move" is judged here (with the antidraughts and
// breakthrough twists); the referee of engine/game replaces this once it is on main.
#pragma once

#include <string>
#include <vector>

#include "engine/movegen/move.hpp"
#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"

namespace kroon::console {

enum class Winner { None, White, Black, Draw };

class GameRecord {
public:
    GameRecord(Variant variant, const Position& start);

    Variant variant() const { return variant_; }
    const Position& start() const { return positions_.front(); }
    const Position& position() const { return positions_.back(); }
    const std::vector<Move>& moves() const { return moves_; }
    // positions()[i] is the position before moves()[i]; the last is the current one.
    const std::vector<Position>& positions() const { return positions_; }

    // Plays a legal move; false (nothing changes) when it is not legal or the game is over.
    bool play(const Move& move);
    bool undo();
    // Ends the game from outside the board (a flag fell).
    void end(Winner winner, std::string reason);

    bool is_over() const { return winner_ != Winner::None; }
    Winner winner() const { return winner_; }
    // Why the game ended, as a sentence ("Black has no legal move (KNDB art. 8a)").
    const std::string& reason() const { return reason_; }

private:
    void referee();

    Variant variant_;
    std::vector<Move> moves_;
    std::vector<Position> positions_;
    Winner winner_ = Winner::None;
    std::string reason_;
};

}  // namespace kroon::console
