#include "protocol/console/game_record.hpp"

#include "engine/movegen/movegen.hpp"

namespace kroon::console {
namespace {

Winner winner_of(Color c) { return c == Color::White ? Winner::White : Winner::Black; }
std::string name_of(Color c) { return c == Color::White ? "White" : "Black"; }

}  // namespace

GameRecord::GameRecord(Variant variant, const Position& start) : variant_(variant), positions_{start} {
    referee();
}

bool GameRecord::play(const Move& move) {
    if (is_over()) return false;
    MoveList legal;
    generate_moves(variant_, position(), legal);
    if (!legal.contains(move)) return false;
    Position next = position();
    play_move(variant_, next, move);
    moves_.push_back(move);
    positions_.push_back(next);
    referee();
    return true;
}

bool GameRecord::undo() {
    if (moves_.empty()) return false;
    moves_.pop_back();
    positions_.pop_back();
    winner_ = Winner::None;
    reason_.clear();
    referee();
    return true;
}

void GameRecord::end(Winner winner, std::string reason) {
    winner_ = winner;
    reason_ = std::move(reason);
}

void GameRecord::referee() {
    winner_ = Winner::None;
    reason_.clear();
    const Position& pos = position();
    if (count_moves(variant_, pos) > 0) return;
    const Color mover = pos.side_to_move();
    with_rules(variant_, [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        if (R::first_king_wins && pos.kings()) {
            winner_ = winner_of(~mover);
            reason_ = name_of(~mover) + " crowned the first king (breakthrough)";
        } else if (R::losing_game) {
            winner_ = winner_of(mover);
            reason_ = name_of(mover) + " has no legal move, which wins at antidraughts";
        } else {
            winner_ = winner_of(~mover);
            reason_ = name_of(mover) + " has no legal move (KNDB art. 8a)";
        }
    });
}

}  // namespace kroon::console
