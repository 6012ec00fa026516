#include "engine/record/game.hpp"

namespace kroon {

Game::Game(const Rulebook& rules, RuleOptions rule_options) : Game(rules, rules.start_position(), rule_options) {}

Game::Game(const Rulebook& rules, const Position& start, RuleOptions rule_options)
    : rules_(&rules), rule_options_(rule_options) {
    positions_.push_back(start);
    counters_.push_back(rules.start_counters(start));
    remember(0);
    referee();
}

void Game::remember(int ply) {
    auto [it, first] = latest_by_hash_.try_emplace(positions_[static_cast<std::size_t>(ply)].hash(), ply);
    earlier_same_.push_back(first ? -1 : it->second);
    it->second = ply;
}

int Game::occurrences() const {
    // Only positions since the last capture or man move can repeat.
    const Position& now = positions_.back();
    const int last = static_cast<int>(positions_.size()) - 1;
    const int oldest = last - std::min<int>(counters().reversible_plies, last);
    int count = 1;
    for (int ply = earlier_same_[static_cast<std::size_t>(last)]; ply >= oldest && count < 3;
         ply = earlier_same_[static_cast<std::size_t>(ply)])
        if (same_for_repetition(positions_[static_cast<std::size_t>(ply)], now)) ++count;
    return count;
}

void Game::referee() {
    verdict_ = rules_->judge(position(), counters(), occurrences(), rule_options_);
    detail_.clear();
}

bool Game::play(const Move& move) {
    if (is_over() && !play_past_end_) return false;
    MoveList legal;
    rules_->generate_moves(position(), legal);
    const Move* found = nullptr;
    for (const Move& m : legal)
        if (m.from == move.from && m.to == move.to && m.captured == move.captured) found = &m;
    if (!found) return false;
    const Move played = *found;  // carries the generator's promotion flag
    const Position next = rules_->after(position(), played);
    DrawCounters counters = counters_.back();
    rules_->update_counters(counters, played, next);
    moves_.push_back(played);
    positions_.push_back(next);
    counters_.push_back(counters);
    remember(static_cast<int>(positions_.size()) - 1);
    referee();
    return true;
}

Result<Move> Game::play_text(std::string_view text, MoveSyntax syntax) {
    if (is_over() && !play_past_end_) return Error{"the game is over (" + termination() + ")"};
    const auto move = rules_->parse_move(position(), text, syntax);
    if (!move) return move;
    play(*move);
    return move;
}

void Game::end(Verdict verdict, std::string detail) {
    if (!verdict.over()) return;
    verdict_ = verdict;
    detail_ = std::move(detail);
}

bool Game::undo() {
    if (moves_.empty()) return false;
    const int earlier = earlier_same_.back();
    if (earlier < 0)
        latest_by_hash_.erase(positions_.back().hash());
    else
        latest_by_hash_[positions_.back().hash()] = earlier;
    earlier_same_.pop_back();
    moves_.pop_back();
    positions_.pop_back();
    counters_.pop_back();
    referee();
    return true;
}

std::string Game::termination() const {
    std::string text = describe_verdict(rules_->traits(), rule_options_.points_victory, verdict_);
    if (!detail_.empty()) text += " - " + detail_;
    return text;
}

}  // namespace kroon
