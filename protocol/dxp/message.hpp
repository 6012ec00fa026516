// DXP (DamExchange) layer-2 messages as typed values, parsed from and printed to their exact
// wire text (without the NUL frame byte). Only the 10x10 international game is defined.
//
// Parsing is strict (exact lengths, digits, W/Z, squares 01-50, ASCII 1-127): a malformed
// text is an Error naming what was wrong. Printing always writes exact widths, 32-character
// blank-padded names and the fields as given (docs/protocols.md, DXP 3 and 4).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/types.hpp"
#include "platform/result.hpp"

namespace kroon::dxp {

constexpr int max_message_length = 127;  // characters, NUL not counted
constexpr int name_width = 32;
constexpr int protocol_version = 1;
constexpr int max_captures = 20;

// `C`: free text, 1-126 characters.
struct Chat {
    std::string text;
    friend bool operator==(const Chat&, const Chat&) = default;
};

// `R`: sent by the Initiator. minutes: whole-game budget per player; moves: full moves for the
// whole game (0 = no limit). No position means the normal start (`A`); a position is sent in
// the `B` form with its side to move.
struct GameRequest {
    int version = protocol_version;
    std::string initiator_name;
    Color follower_color = Color::White;
    int minutes = 0;
    int moves = 0;
    std::optional<Position> position;
    friend bool operator==(const GameRequest&, const GameRequest&) = default;
};

enum class AcceptCode { Accepted = 0, WrongVersion = 1, NotThisGame = 2, NoGames = 3 };

// `A`: the Follower's answer to a GameRequest.
struct GameAccept {
    std::string follower_name;
    AcceptCode code = AcceptCode::Accepted;
    friend bool operator==(const GameAccept&, const GameAccept&) = default;
};

// `M`: squares in international numbering (1-50). The captured squares are a set: they keep
// the order they came in (so parse and print round-trip); we send them ascending.
struct MoveMessage {
    int seconds = 0;
    int from = 0;
    int to = 0;
    std::vector<int> captured;
    friend bool operator==(const MoveMessage&, const MoveMessage&) = default;
};

// Reasons are from the sender's point of view and informational only.
enum class EndReason { Unknown = 0, SenderLoses = 1, Draw = 2, SenderWins = 3 };

// `E`: opens a game end (side to move) or confirms one. stop: no further games wanted.
struct GameEnd {
    EndReason reason = EndReason::Unknown;
    bool stop = false;
    friend bool operator==(const GameEnd&, const GameEnd&) = default;
};

// `B`: go back to the position just before `color` plays its move number `move_number`.
struct BackRequest {
    int move_number = 1;
    Color color = Color::White;
    friend bool operator==(const BackRequest&, const BackRequest&) = default;
};

enum class BackCode { Accepted = 0, NotSupported = 1, Refused = 2 };

// `K`: answer to a BackRequest.
struct BackAccept {
    BackCode code = BackCode::Accepted;
    friend bool operator==(const BackAccept&, const BackAccept&) = default;
};

using Message = std::variant<Chat, GameRequest, GameAccept, MoveMessage, GameEnd, BackRequest, BackAccept>;

Result<Message> parse_message(std::string_view text);
std::string format_message(const Message& message);

// A name as sent: printable ASCII only (others become '?'), leading and trailing blanks removed, at most 32 characters.
std::string wire_name(std::string_view name);
// Chat text as sent: printable ASCII only (others become '?'), 1-126 characters.
std::string wire_chat(std::string_view text);

// The 50-character board of a `B` request (squares 1-50: e, w, W, z, Z) and back.
std::string board_string(const Position& pos);
Result<Position> parse_board(std::string_view board, Color side_to_move);

// Text safe for a log line: printable ASCII kept, anything else as '?'.
std::string printable(std::string_view text);

// One-line description for logs ("MOVE 32x12 captures 17,27 in 3 s").
std::string describe(const Message& message);

}  // namespace kroon::dxp
