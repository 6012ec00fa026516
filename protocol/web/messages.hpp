// The JSON messages of docs/web.md, apart from what a tab does with them: reading a client's
// message (its type and each field, checked, with the error to send back when one is wrong)
// and writing the pieces of the server's messages (moves with their capture paths, scores,
// lines, the board, the move list). No game logic lives here; Tab (tab.hpp) holds that.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/record/game.hpp"
#include "engine/record/move_tree.hpp"
#include "engine/record/pdn.hpp"
#include "platform/result.hpp"
#include "play/book.hpp"
#include "search/searcher.hpp"

namespace kroon::web {

using Json = nlohmann::json;

// A request that cannot be carried out; the message goes back to the client as an error.
struct BadRequest {
    std::string message;
};

// One client message: a JSON object with a "type" string.
class Request {
public:
    // The message, or the error to send back (malformed JSON, nested too deeply, no type).
    static Result<Request> parse(std::string_view text);
    explicit Request(Json body) : body_(std::move(body)) {}

    const std::string& type() const { return body_.at("type").get_ref<const std::string&>(); }
    bool has(const char* name) const { return find(name) != nullptr; }
    // Each reader throws BadRequest with the reason when the field is missing or wrong.
    std::string text(const char* name, std::size_t max_length = 200) const;
    std::optional<std::string> optional_text(const char* name, std::size_t max_length = 200) const;
    int integer(const char* name, int low, int high) const;
    double number(const char* name, double low, double high) const;
    // A field that is itself an object (the level), read the same way.
    Request object(const char* name) const;
    // A list of strings (the moves of a game), at most `max_count` of them.
    std::vector<std::string> texts(const char* name, std::size_t max_count, std::size_t max_length = 200) const;
    // A list of whole numbers from `low` to `high`, at most `max_count` of them.
    std::vector<int> integers(const char* name, std::size_t max_count, int low, int high) const;
    // A list of objects (the nodes of a move tree), at most `max_count` of them.
    std::vector<Request> objects(const char* name, std::size_t max_count) const;

private:
    const Json* find(const char* name) const;
    const Json& list(const char* name, std::size_t max_count, const char* what) const;
    Json body_;
};

const char* color_name(Color c);  // "white", "black"
std::string side_title(Color c);  // "White", "Black"
// "white", "black" or "none" (no side) for the `kroon` field; anything else is a BadRequest.
std::optional<Color> parse_side(const std::string& text);

// A move: its Hub id, its text, from, to, captured squares and the path of its landings.
// `paths`: the position's capture paths when the caller has them already.
Json move_json(const Rulebook& rules, const Position& pos, const Move& move,
               const std::vector<CapturePath>* paths = nullptr);
// A score of the side to move `side`, as White's value and its text.
Json score_json(search::Score score, Color side);
// A line as standard text and as Hub ids: {"pv": [...], "pv_ids": [...]}.
Json line_json(const Rulebook& rules, const Position& pos, const std::vector<Move>& line);
// The board's squares with their rows and columns.
Json board_json(const Rulebook& rules);
// One character per square, 1..squares: w b W B or '.'.
std::string pieces_text(const Rulebook& rules, const Position& pos);
// The moves played, each with its text, side and move number.
Json history_json(const Game& game);
// Every node of a game's move tree (node 0 the start), each with its parent, its move's text and
// Hub id, side and number, marks, NAGs, comments and children (the first continues the line).
Json tree_json(const Rulebook& rules, const Position& start, const MoveTree& tree);
// The opening explorer: the book's moves of a position, best first, with score, depth, visits.
Json book_json(const play::Book& book, const Rulebook& rules, const Position& pos);
// The games of a PDN file as the page lists them, and its first 20 errors: {"type":"pdn_games",...}.
Json pdn_games_json(const PdnFile& file);
// {"type":"error","message":...,"request":...}.
Json error_json(const std::string& message, std::string_view request = {});
// The text sent: invalid UTF-8 from outside (PDN tags) is replaced, never thrown on.
std::string dump(const Json& message);

}  // namespace kroon::web
