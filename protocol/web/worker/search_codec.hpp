// The messages between the static site's two workers (docs/web.md, "The static site"): the
// session's worker sends a search job, the search worker runs it on its one thread and sends
// back each iteration and the end. Moves travel in Hub notation and are read back against the
// job's own game, so the two sides share no memory, only these JSON texts.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "engine/record/game.hpp"
#include "platform/result.hpp"
#include "play/strength.hpp"
#include "search/searcher.hpp"

namespace kroon::web {

// The game to search from: its variant, rule options, start position and moves.
nlohmann::json game_json(const Game& game);
Result<Game> game_from_json(const nlohmann::json& json);

nlohmann::json limits_json(const search::Limits& limits);
search::Limits limits_from_json(const nlohmann::json& json);
// A job's strength travels as its "skill" (play/strength.hpp); a job without one, or with one
// that is no number, is played at full strength.
play::Strength strength_from_json(const nlohmann::json& job);

// Reports about a search of `game` (its current position): each move as a Hub id, and a line
// as the ids played one after the other.
nlohmann::json iteration_json(const Game& game, const search::Iteration& iteration);
nlohmann::json outcome_json(const Game& game, const search::Outcome& outcome);
// Read back against the same game; a move that is not legal there ends its line.
search::Iteration iteration_from_json(const Game& game, const nlohmann::json& json);
search::Outcome outcome_from_json(const Game& game, const nlohmann::json& json);

}  // namespace kroon::web
