#include "protocol/web/messages.hpp"

#include <cstdio>

#include "play/score_text.hpp"

namespace kroon::web {
namespace {

// JSON nested deeper than this is refused before it is parsed: no message of docs/web.md
// nests more than three levels.
constexpr int max_nesting = 16;

bool nested_too_deep(std::string_view text) {
    int depth = 0;
    bool in_string = false;
    bool escaped = false;
    for (const char c : text) {
        if (in_string) {
            if (escaped)
                escaped = false;
            else if (c == '\\')
                escaped = true;
            else if (c == '"')
                in_string = false;
        } else if (c == '"') {
            in_string = true;
        } else if (c == '[' || c == '{') {
            if (++depth > max_nesting) return true;
        } else if (c == ']' || c == '}') {
            --depth;
        }
    }
    return false;
}

std::string quoted(const char* name) { return std::string("'") + name + "'"; }

}  // namespace

Result<Request> Request::parse(std::string_view text) {
    if (nested_too_deep(text)) return Error{"malformed message: JSON nested too deeply"};
    Json message;
    try {
        message = Json::parse(text);
    } catch (const Json::exception& e) {  // parse_error, or out_of_range for a number like 1e999
        std::string what = e.what();
        const auto bracket = what.find("] ");
        if (bracket != std::string::npos) what = what.substr(bracket + 2);
        return Error{"malformed JSON: " + what};
    }
    if (!message.is_object()) return Error{"a message is a JSON object with a \"type\""};
    const auto type = message.find("type");
    if (type == message.end() || !type->is_string()) return Error{"a message needs a \"type\" string"};
    return Request(std::move(message));
}

const Json* Request::find(const char* name) const {
    const auto it = body_.find(name);
    return it == body_.end() || it->is_null() ? nullptr : &*it;
}

std::string Request::text(const char* name, std::size_t max_length) const {
    const Json* value = find(name);
    if (!value) throw BadRequest{quoted(name) + " is missing"};
    if (!value->is_string()) throw BadRequest{quoted(name) + " must be a string"};
    const auto& text = value->get_ref<const std::string&>();
    if (text.size() > max_length)
        throw BadRequest{quoted(name) + " is too long (at most " + std::to_string(max_length) + " characters)"};
    return text;
}

std::vector<std::string> Request::texts(const char* name, std::size_t max_count, std::size_t max_length) const {
    std::vector<std::string> out;
    for (const Json& item : list(name, max_count, "strings")) {
        if (!item.is_string()) throw BadRequest{quoted(name) + " must be a list of strings"};
        const auto& text = item.get_ref<const std::string&>();
        if (text.size() > max_length) throw BadRequest{quoted(name) + " has an item that is too long"};
        out.push_back(text);
    }
    return out;
}

// The list field `name`, checked for its length; `what` names its items in the error.
const Json& Request::list(const char* name, std::size_t max_count, const char* what) const {
    const Json* value = find(name);
    if (!value) throw BadRequest{quoted(name) + " is missing"};
    if (!value->is_array()) throw BadRequest{quoted(name) + " must be a list of " + what};
    if (value->size() > max_count)
        throw BadRequest{quoted(name) + " is too long (at most " + std::to_string(max_count) + " items)"};
    return *value;
}

std::vector<int> Request::integers(const char* name, std::size_t max_count, int low, int high) const {
    std::vector<int> out;
    for (const Json& item : list(name, max_count, "whole numbers")) {
        if (!item.is_number_integer() || item.get<std::int64_t>() < low || item.get<std::int64_t>() > high)
            throw BadRequest{quoted(name) + " must be a list of whole numbers from " + std::to_string(low) + " to " +
                             std::to_string(high)};
        out.push_back(item.get<int>());
    }
    return out;
}

std::vector<Request> Request::objects(const char* name, std::size_t max_count) const {
    std::vector<Request> out;
    for (const Json& item : list(name, max_count, "objects")) {
        if (!item.is_object()) throw BadRequest{quoted(name) + " must be a list of objects"};
        out.emplace_back(item);
    }
    return out;
}

std::optional<std::string> Request::optional_text(const char* name, std::size_t max_length) const {
    if (!find(name)) return std::nullopt;
    return text(name, max_length);
}

int Request::integer(const char* name, int low, int high) const {
    const Json* value = find(name);
    if (!value) throw BadRequest{quoted(name) + " is missing"};
    if (!value->is_number_integer())
        throw BadRequest{quoted(name) + " must be a whole number from " + std::to_string(low) + " to " +
                         std::to_string(high)};
    const auto n = value->get<std::int64_t>();
    if (n < low || n > high)
        throw BadRequest{quoted(name) + " must be from " + std::to_string(low) + " to " + std::to_string(high) +
                         " (got " + std::to_string(n) + ")"};
    return static_cast<int>(n);
}

double Request::number(const char* name, double low, double high) const {
    const Json* value = find(name);
    if (!value) throw BadRequest{quoted(name) + " is missing"};
    if (!value->is_number()) throw BadRequest{quoted(name) + " must be a number"};
    const double x = value->get<double>();
    if (!(x >= low && x <= high)) {
        char text[128];
        std::snprintf(text, sizeof text, "'%s' must be from %g to %g", name, low, high);
        throw BadRequest{text};
    }
    return x;
}

Request Request::object(const char* name) const {
    const Json* value = find(name);
    if (!value) throw BadRequest{quoted(name) + " is missing"};
    if (!value->is_object()) throw BadRequest{quoted(name) + " must be an object with a \"kind\""};
    return Request(*value);
}

const char* color_name(Color c) { return c == Color::White ? "white" : "black"; }

std::string side_title(Color c) { return c == Color::White ? "White" : "Black"; }

std::optional<Color> parse_side(const std::string& text) {
    if (text == "white") return Color::White;
    if (text == "black") return Color::Black;
    if (text == "none") return std::nullopt;
    throw BadRequest{"'kroon' must be white, black or none (got '" + text + "')"};
}

Json move_json(const Rulebook& rules, const Position& pos, const Move& move, const std::vector<CapturePath>* paths) {
    const MoveFields fields = rules.move_fields(move);
    Json path = Json::array({fields.from});
    if (move.is_capture()) {
        std::vector<CapturePath> own;
        if (!paths) {
            own = rules.capture_paths(pos);
            paths = &own;
        }
        for (const CapturePath& p : *paths) {
            if (p.move.from != move.from || p.move.to != move.to || p.move.captured != move.captured) continue;
            for (const int bit : p.landings) path.push_back(rules.square_number(bit));
            break;
        }
    }
    if (path.size() == 1) path.push_back(fields.to);
    return {{"id", rules.format_move(pos, move, MoveNotation::Hub)},
            {"text", rules.format_move(pos, move)},
            {"from", fields.from},
            {"to", fields.to},
            {"captured", fields.captured},
            {"path", path}};
}

Json score_json(search::Score score, Color side) {
    const search::Score white = side == Color::White ? score : -score;
    return {{"value", white}, {"text", play::score_text(white, play::ScoreStyle::White)}};
}

Json line_json(const Rulebook& rules, const Position& pos, const std::vector<Move>& line) {
    return {{"pv", rules.format_line(pos, line)}, {"pv_ids", rules.format_line(pos, line, MoveNotation::Hub)}};
}

Json board_json(const Rulebook& rules) {
    const int rows = rules.traits().rows;
    Json squares = Json::array();
    for (int row = 0; row < rows; ++row)
        for (int file = 0; file < rows; ++file)
            if (const int b = rules.bit_at(row, file); b >= 0)
                squares.push_back({{"n", rules.square_number(b)},
                                   {"name", rules.algebraic_square(rules.square_number(b))},
                                   {"row", row},
                                   {"col", file}});
    const bool algebraic = rules.traits().algebraic_notation;
    return {{"rows", rows}, {"columns", rows}, {"squares", squares}, {"notation", algebraic ? "algebraic" : "numbers"}};
}

std::string pieces_text(const Rulebook& rules, const Position& pos) {
    std::string pieces;
    for (int n = 1; n <= rules.squares(); ++n) {
        const Bitboard b = bit(rules.bit_of_square(n));
        const bool king = (pos.kings() & b) != 0;
        pieces += (pos.pieces(Color::White) & b)   ? (king ? 'W' : 'w')
                  : (pos.pieces(Color::Black) & b) ? (king ? 'B' : 'b')
                                                   : '.';
    }
    return pieces;
}

Json history_json(const Game& game) {
    const Rulebook& rules = game.rules();
    Json history = Json::array();
    const int offset = game.start().side_to_move() == rules.first_player() ? 0 : 1;
    for (std::size_t i = 0; i < game.moves().size(); ++i) {
        const Position& before = game.positions()[i];
        history.push_back({{"text", rules.format_move(before, game.moves()[i])},
                           {"id", rules.format_move(before, game.moves()[i], MoveNotation::Hub)},
                           {"side", color_name(before.side_to_move())},
                           {"number", 1 + (static_cast<int>(i) + offset) / 2}});
    }
    return history;
}

Json tree_json(const Rulebook& rules, const Position& start, const MoveTree& tree) {
    Json nodes = Json::array();
    const int offset = start.side_to_move() == rules.first_player() ? 0 : 1;
    std::vector<Position> positions(static_cast<std::size_t>(tree.size()));
    positions[0] = start;
    for (int n = 0; n < tree.size(); ++n) {
        const MoveTreeNode& node = tree[n];
        Json entry = {{"parent", node.parent}, {"children", node.children}, {"comment", node.comment}};
        if (n != MoveTree::root) {
            // Parents come before their children: a node is added after the node it follows.
            Position& pos = positions[static_cast<std::size_t>(n)];
            pos = positions[static_cast<std::size_t>(node.parent)];
            entry["text"] = rules.format_move(pos, node.move);
            entry["id"] = rules.format_move(pos, node.move, MoveNotation::Hub);
            entry["side"] = color_name(pos.side_to_move());
            entry["number"] = 1 + (node.ply - 1 + offset) / 2;
            entry["marks"] = node.marks;
            entry["nags"] = node.nags;
            entry["comment_before"] = node.comment_before;
            rules.play(pos, node.move);
        }
        nodes.push_back(std::move(entry));
    }
    return nodes;
}

Json book_json(const play::Book& book, const Rulebook& rules, const Position& pos) {
    Json moves = Json::array();
    for (const play::BookChoice& choice : play::book_moves(book, rules, pos))
        moves.push_back({{"move", move_json(rules, pos, choice.move)},
                         {"score", score_json(choice.score, pos.side_to_move())},
                         {"depth", choice.depth},
                         {"visits", choice.visits}});
    return moves;
}

Json pdn_games_json(const PdnFile& file) {
    Json games = Json::array();
    for (std::size_t i = 0; i < file.games.size(); ++i) {
        const PdnGame& g = file.games[i];
        games.push_back({{"index", i},
                         {"white", g.tag("White").value_or("?")},
                         {"black", g.tag("Black").value_or("?")},
                         {"event", g.tag("Event").value_or("?")},
                         {"date", g.tag("Date").value_or("?")},
                         {"round", g.tag("Round").value_or("?")},
                         {"result", result_text(g.result, rulebook(g.variant).scoring())},
                         {"variant", std::string(rulebook(g.variant).name())},
                         {"variant_guessed", g.variant_guessed},
                         {"moves", g.moves.size()}});
    }
    const auto first = [](const std::vector<PdnError>& list) {
        Json texts = Json::array();
        for (std::size_t i = 0; i < list.size() && i < 20; ++i) texts.push_back(list[i].text());
        return texts;
    };
    return {{"type", "pdn_games"},          {"games", games},
            {"errors", first(file.errors)}, {"error_count", file.errors.size()},
            {"notes", first(file.notes)},   {"note_count", file.notes.size()}};
}

Json error_json(const std::string& message, std::string_view request) {
    Json error = {{"type", "error"}, {"message", message}};
    if (!request.empty()) error["request"] = std::string(request.substr(0, 40));
    return error;
}

std::string dump(const Json& message) { return message.dump(-1, ' ', false, Json::error_handler_t::replace); }

}  // namespace kroon::web
