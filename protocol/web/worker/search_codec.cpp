#include "protocol/web/worker/search_codec.hpp"

#include <algorithm>
#include <cmath>
#include <optional>
#include <vector>

namespace kroon::web {
namespace {

using Json = nlohmann::json;

Json line_ids(const Game& game, const std::vector<Move>& line) {
    return game.rules().format_line(game.position(), line, MoveNotation::Hub);
}

std::vector<Move> line_from_ids(const Game& game, const Json& ids) {
    std::vector<Move> line;
    if (!ids.is_array()) return line;
    Position pos = game.position();
    for (const Json& id : ids) {
        if (!id.is_string()) break;
        const auto move = game.rules().parse_move(pos, id.get<std::string>(), MoveSyntax::Hub);
        if (!move) break;
        line.push_back(*move);
        pos = game.rules().after(pos, *move);
    }
    return line;
}

std::optional<Move> move_from_id(const Game& game, const Json& id) {
    if (!id.is_string()) return std::nullopt;
    const auto move = game.rules().parse_move(game.position(), id.get<std::string>(), MoveSyntax::Hub);
    if (!move) return std::nullopt;
    return *move;
}

template <typename T>
T value_or(const Json& json, const char* name, T fallback) {
    const auto it = json.find(name);
    if (it == json.end()) return fallback;
    try {
        return it->get<T>();
    } catch (const Json::exception&) {
        return fallback;
    }
}

}  // namespace

Json game_json(const Game& game) {
    const RuleOptions& options = game.rule_options();
    Json moves = Json::array();
    for (std::size_t i = 0; i < game.moves().size(); ++i)
        moves.push_back(game.rules().format_move(game.positions()[i], game.moves()[i], MoveNotation::Hub));
    return {{"variant", game.rules().name()},
            {"fen", game.rules().format_fen(game.start())},
            {"points_victory", options.points_victory},
            {"frisian_repetition", options.frisian_repetition},
            {"no_progress_moves_8x8", options.no_progress_moves_8x8},
            {"moves", std::move(moves)}};
}

Result<Game> game_from_json(const Json& json) {
    if (!json.is_object()) return Error{"a game is an object"};
    const auto variant = parse_variant(value_or<std::string>(json, "variant", ""));
    if (!variant) return Error{"no variant '" + value_or<std::string>(json, "variant", "") + "'"};
    const Rulebook& rules = rulebook(*variant);
    const auto start = rules.parse_fen(value_or<std::string>(json, "fen", ""));
    if (!start) return Error{start.error()};
    RuleOptions options;
    options.points_victory = value_or(json, "points_victory", options.points_victory);
    options.frisian_repetition = value_or(json, "frisian_repetition", options.frisian_repetition);
    options.no_progress_moves_8x8 = value_or(json, "no_progress_moves_8x8", options.no_progress_moves_8x8);
    Game game(rules, *start, options);
    game.play_past_end();
    const auto moves = json.find("moves");
    if (moves != json.end() && moves->is_array())
        for (const Json& id : *moves) {
            if (!id.is_string()) return Error{"a move is a text"};
            const auto played = game.play_text(id.get<std::string>(), MoveSyntax::Hub);
            if (!played) return Error{played.error()};
        }
    return game;
}

Json limits_json(const search::Limits& limits) {
    return {{"depth", limits.depth},         {"nodes", limits.nodes},         {"move_time", limits.move_time},
            {"time_left", limits.time_left}, {"increment", limits.increment}, {"moves_to_go", limits.moves_to_go},
            {"infinite", limits.infinite},   {"analysis", limits.analysis},   {"multi_pv", limits.multi_pv}};
}

search::Limits limits_from_json(const Json& json) {
    search::Limits limits;
    limits.depth = value_or(json, "depth", limits.depth);
    limits.nodes = value_or(json, "nodes", limits.nodes);
    limits.move_time = value_or(json, "move_time", limits.move_time);
    limits.time_left = value_or(json, "time_left", limits.time_left);
    limits.increment = value_or(json, "increment", limits.increment);
    limits.moves_to_go = value_or(json, "moves_to_go", limits.moves_to_go);
    limits.infinite = value_or(json, "infinite", limits.infinite);
    limits.analysis = value_or(json, "analysis", limits.analysis);
    limits.multi_pv = value_or(json, "multi_pv", limits.multi_pv);
    return limits;
}

play::Strength strength_from_json(const Json& job) {
    const double skill = value_or(job, "skill", play::full_skill);
    return play::Strength{std::isfinite(skill) ? std::clamp(skill, 0.0, play::full_skill) : play::full_skill};
}

Json iteration_json(const Game& game, const search::Iteration& it) {
    Json lines = Json::array();
    for (const search::Line& line : it.lines) lines.push_back({{"score", line.score}, {"pv", line_ids(game, line.pv)}});
    return {{"depth", it.depth},        {"seldepth", it.selective_depth}, {"score", it.score},
            {"nodes", it.nodes},        {"seconds", it.seconds},          {"pv", line_ids(game, it.pv)},
            {"hashfull", it.hashfull},  {"tbhits", it.database_hits},     {"from_book", it.from_book},
            {"lines", std::move(lines)}};
}

Json outcome_json(const Game& game, const search::Outcome& outcome) {
    Json best = nullptr;
    Json ponder = nullptr;
    if (outcome.best) {
        best = game.rules().format_move(game.position(), *outcome.best, MoveNotation::Hub);
        if (outcome.ponder) {
            const auto after = line_ids(game, {*outcome.best, *outcome.ponder});
            if (after.size() == 2) ponder = after[1];
        }
    }
    return {{"best", best},
            {"ponder", ponder},
            {"score", outcome.score},
            {"depth", outcome.depth},
            {"nodes", outcome.nodes},
            {"seconds", outcome.seconds},
            {"tbhits", outcome.database_hits},
            {"from_book", outcome.from_book}};
}

search::Iteration iteration_from_json(const Game& game, const Json& json) {
    search::Iteration it;
    it.depth = value_or(json, "depth", 0);
    it.selective_depth = value_or(json, "seldepth", 0);
    it.score = value_or(json, "score", 0);
    it.nodes = value_or<std::uint64_t>(json, "nodes", 0);
    it.seconds = value_or(json, "seconds", 0.0);
    it.hashfull = value_or(json, "hashfull", 0);
    it.database_hits = value_or<std::uint64_t>(json, "tbhits", 0);
    it.from_book = value_or(json, "from_book", false);
    if (const auto pv = json.find("pv"); pv != json.end()) it.pv = line_from_ids(game, *pv);
    if (const auto lines = json.find("lines"); lines != json.end() && lines->is_array())
        for (const Json& line : *lines) {
            if (!line.is_object()) continue;
            search::Line read{value_or(line, "score", 0), {}};
            if (const auto pv = line.find("pv"); pv != line.end()) read.pv = line_from_ids(game, *pv);
            it.lines.push_back(std::move(read));
        }
    return it;
}

search::Outcome outcome_from_json(const Game& game, const Json& json) {
    search::Outcome outcome;
    if (const auto best = json.find("best"); best != json.end()) outcome.best = move_from_id(game, *best);
    if (outcome.best)
        if (const auto ponder = json.find("ponder"); ponder != json.end() && ponder->is_string()) {
            const auto line = line_from_ids(game, Json::array({json.at("best"), *ponder}));
            if (line.size() == 2) outcome.ponder = line[1];
        }
    outcome.score = value_or(json, "score", 0);
    outcome.depth = value_or(json, "depth", 0);
    outcome.nodes = value_or<std::uint64_t>(json, "nodes", 0);
    outcome.seconds = value_or(json, "seconds", 0.0);
    outcome.database_hits = value_or<std::uint64_t>(json, "tbhits", 0);
    outcome.from_book = value_or(json, "from_book", false);
    return outcome;
}

}  // namespace kroon::web
