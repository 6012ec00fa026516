// A game record with its referee: variant, rule options, start position, the moves played,
// every position reached (with hashes, for repetition) and the verdict, updated after each
// move. Front ends feed it moves; it refuses illegal ones and tells when the game is over.
// Results decided off the board (resignation, time, agreement, an engine's failure,
// adjudication) are recorded with end(). The game holds its variant's Rulebook, so code that
// holds a Game needs nothing else to read, write or judge its moves.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/referee/draw_rules.hpp"
#include "engine/referee/outcome.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/result.hpp"

namespace kroon {

class Game {
public:
    Game() : Game(rulebook(Variant::International)) {}  // international, from the start
    explicit Game(const Rulebook& rules, RuleOptions rule_options = {});
    Game(const Rulebook& rules, const Position& start, RuleOptions rule_options = {});

    const Rulebook& rules() const { return *rules_; }
    Variant variant() const { return rules_->variant(); }
    const RuleOptions& rule_options() const { return rule_options_; }
    const Position& start() const { return positions_.front(); }
    const Position& position() const { return positions_.back(); }
    Color side_to_move() const { return position().side_to_move(); }
    const std::vector<Move>& moves() const { return moves_; }
    // positions()[i] is the position before moves()[i]; the last one is the current position.
    const std::vector<Position>& positions() const { return positions_; }
    const DrawCounters& counters() const { return counters_.back(); }
    // How often the current position has stood on the board, this time included, counted up
    // to three: no rule asks more.
    int occurrences() const;

    bool is_over() const { return verdict_.over(); }
    Verdict verdict() const { return verdict_; }
    // Extra words about an off-board ending ("engine exited with status 1").
    const std::string& detail() const { return detail_; }
    // The verdict as a sentence with its article, plus the detail.
    std::string termination() const;

    // Plays a legal move and referees the new position. Returns false, changing nothing, when
    // the move is not legal here or the game is already over (see play_past_end).
    bool play(const Move& move);
    // For a front end that follows someone else's game (a Hub GUI decides when its game is
    // over): legal moves are played after a verdict too, and the referee goes on judging.
    void play_past_end() { play_past_end_ = true; }
    // Reads a move (PDN or Hub notation) and plays it.
    Result<Move> play_text(std::string_view text, MoveSyntax syntax = MoveSyntax::Any);
    // Ends the game from outside the board. The verdict must be over.
    void end(Verdict verdict, std::string detail = {});
    // Takes back the last move (and any verdict); false when there is none.
    bool undo();

private:
    void referee();
    void remember(int ply);  // links the position at `ply` to its earlier occurrence

    const Rulebook* rules_;
    RuleOptions rule_options_;
    bool play_past_end_ = false;
    std::vector<Move> moves_;
    std::vector<Position> positions_;
    std::vector<DrawCounters> counters_;
    // For each ply, the latest earlier ply with the same hash (-1: none), and the latest ply of
    // each hash: repetitions are found without scanning the game, however long it is.
    std::vector<int> earlier_same_;
    std::unordered_map<std::uint64_t, int> latest_by_hash_;
    Verdict verdict_;
    std::string detail_;
};

}  // namespace kroon
