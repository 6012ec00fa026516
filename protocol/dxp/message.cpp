#include "protocol/dxp/message.hpp"

#include <algorithm>
#include <cstdio>

#include "engine/board/board.hpp"

namespace kroon::dxp {
namespace {

constexpr int request_short_length = 43;  // `A`: normal start position
constexpr int request_long_length = 94;   // `B`: own position follows
constexpr int accept_length = 34;
constexpr int move_base_length = 11;
constexpr int board_length = 50;

template <class... Ts>
struct Overloaded : Ts... {
    using Ts::operator()...;
};
template <class... Ts>
Overloaded(Ts...) -> Overloaded<Ts...>;

// Fixed-width decimal field: digits only, no sign, no blanks.
std::optional<int> digits(std::string_view text, size_t offset, size_t width) {
    if (offset + width > text.size()) return std::nullopt;
    int value = 0;
    for (size_t i = offset; i < offset + width; ++i) {
        const char c = text[i];
        if (c < '0' || c > '9') return std::nullopt;
        value = value * 10 + (c - '0');
    }
    return value;
}

std::string padded(int value, int width) {
    std::string s = std::to_string(value);
    if (static_cast<int>(s.size()) < width) s.insert(0, static_cast<size_t>(width - static_cast<int>(s.size())), '0');
    return s;
}

std::optional<Color> color_of(char c) {
    if (c == 'W') return Color::White;
    if (c == 'Z') return Color::Black;
    return std::nullopt;
}

char color_char(Color c) { return c == Color::White ? 'W' : 'Z'; }

std::string trim_name(std::string_view field) {
    while (!field.empty() && field.back() == ' ') field.remove_suffix(1);
    while (!field.empty() && field.front() == ' ') field.remove_prefix(1);
    return std::string(field);
}

std::string pad_name(std::string_view name) {
    std::string s = wire_name(name);
    s.resize(name_width, ' ');
    return s;
}

Error malformed(char type, const std::string& why) {
    const char* name = "message";
    switch (type) {
        case 'C': name = "CHAT"; break;
        case 'R': name = "GAMEREQ"; break;
        case 'A': name = "GAMEACC"; break;
        case 'M': name = "MOVE"; break;
        case 'E': name = "GAMEEND"; break;
        case 'B': name = "BACKREQ"; break;
        case 'K': name = "BACKACC"; break;
        default: break;
    }
    return Error{std::string("malformed ") + name + ": " + why};
}

std::string length_error(size_t got, const std::string& expected) {
    return "length " + std::to_string(got) + ", expected " + expected;
}

Result<Message> parse_chat(std::string_view text) {
    if (text.size() < 2) return malformed('C', "empty text");
    return Message{Chat{std::string(text.substr(1))}};
}

Result<Message> parse_request(std::string_view text) {
    if (text.size() != request_short_length && text.size() != request_long_length)
        return malformed('R', length_error(text.size(), "43 (A form) or 94 (B form)"));
    GameRequest r;
    const auto version = digits(text, 1, 2);
    if (!version) return malformed('R', "version '" + std::string(text.substr(1, 2)) + "' is not two digits");
    r.version = *version;
    r.initiator_name = trim_name(text.substr(3, name_width));
    const auto follower = color_of(text[35]);
    if (!follower) return malformed('R', std::string("follower colour '") + text[35] + "' is not W or Z");
    r.follower_color = *follower;
    const auto minutes = digits(text, 36, 3);
    if (!minutes) return malformed('R', "thinking time '" + std::string(text.substr(36, 3)) + "' is not three digits");
    r.minutes = *minutes;
    const auto moves = digits(text, 39, 3);
    if (!moves) return malformed('R', "move count '" + std::string(text.substr(39, 3)) + "' is not three digits");
    r.moves = *moves;
    const char setup = text[42];
    if (setup == 'A') {
        if (text.size() != request_short_length)
            return malformed('R', length_error(text.size(), "43 with start-position code A"));
        return Message{r};
    }
    if (setup != 'B') return malformed('R', std::string("start-position code '") + setup + "' is not A or B");
    if (text.size() != request_long_length)
        return malformed('R', length_error(text.size(), "94 with start-position code B"));
    const auto to_move = color_of(text[43]);
    if (!to_move) return malformed('R', std::string("side to move '") + text[43] + "' is not W or Z");
    auto pos = parse_board(text.substr(44, board_length), *to_move);
    if (!pos) return malformed('R', pos.error());
    r.position = *pos;
    return Message{r};
}

Result<Message> parse_accept(std::string_view text) {
    if (text.size() != accept_length) return malformed('A', length_error(text.size(), "34"));
    const auto code = digits(text, 33, 1);
    if (!code || *code > 3) return malformed('A', std::string("acceptance code '") + text[33] + "' is not 0-3");
    return Message{GameAccept{trim_name(text.substr(1, name_width)), static_cast<AcceptCode>(*code)}};
}

Result<Message> parse_move(std::string_view text) {
    if (text.size() < move_base_length) return malformed('M', length_error(text.size(), "at least 11"));
    MoveMessage m;
    const auto seconds = digits(text, 1, 4);
    const auto from = digits(text, 5, 2);
    const auto to = digits(text, 7, 2);
    const auto count = digits(text, 9, 2);
    if (!seconds) return malformed('M', "seconds '" + std::string(text.substr(1, 4)) + "' are not four digits");
    if (!from || *from < 1 || *from > board_length)
        return malformed('M', "from square '" + std::string(text.substr(5, 2)) + "' is not 01-50");
    if (!to || *to < 1 || *to > board_length)
        return malformed('M', "to square '" + std::string(text.substr(7, 2)) + "' is not 01-50");
    if (!count || *count > max_captures)
        return malformed('M', "capture count '" + std::string(text.substr(9, 2)) + "' is not 00-20");
    const size_t expected = move_base_length + 2 * static_cast<size_t>(*count);
    if (text.size() != expected)
        return malformed('M', length_error(text.size(), std::to_string(expected) + " for " + std::to_string(*count) +
                                                            " captured pieces"));
    m.seconds = *seconds;
    m.from = *from;
    m.to = *to;
    for (int i = 0; i < *count; ++i) {
        const size_t at = move_base_length + 2 * static_cast<size_t>(i);
        const auto square = digits(text, at, 2);
        if (!square || *square < 1 || *square > board_length)
            return malformed('M', "captured square '" + std::string(text.substr(at, 2)) + "' is not 01-50");
        if (std::find(m.captured.begin(), m.captured.end(), *square) != m.captured.end())
            return malformed('M', "captured square " + std::to_string(*square) + " is listed twice");
        m.captured.push_back(*square);
    }
    if (m.captured.empty() && m.from == m.to) return malformed('M', "a move without capture must leave its square");
    return Message{m};
}

Result<Message> parse_end(std::string_view text) {
    if (text.size() != 3) return malformed('E', length_error(text.size(), "3"));
    const auto reason = digits(text, 1, 1);
    if (!reason || *reason > 3) return malformed('E', std::string("reason '") + text[1] + "' is not 0-3");
    if (text[2] != '0' && text[2] != '1')
        return malformed('E', std::string("stop code '") + text[2] + "' is not 0 or 1");
    return Message{GameEnd{static_cast<EndReason>(*reason), text[2] == '1'}};
}

Result<Message> parse_back_request(std::string_view text) {
    if (text.size() != 5) return malformed('B', length_error(text.size(), "5"));
    const auto number = digits(text, 1, 3);
    if (!number || *number < 1)
        return malformed('B', "move number '" + std::string(text.substr(1, 3)) + "' is not 001-999");
    const auto color = color_of(text[4]);
    if (!color) return malformed('B', std::string("colour '") + text[4] + "' is not W or Z");
    return Message{BackRequest{*number, *color}};
}

Result<Message> parse_back_accept(std::string_view text) {
    if (text.size() != 2) return malformed('K', length_error(text.size(), "2"));
    const auto code = digits(text, 1, 1);
    if (!code || *code > 2) return malformed('K', std::string("acceptance code '") + text[1] + "' is not 0-2");
    return Message{BackAccept{static_cast<BackCode>(*code)}};
}

std::string join_squares(const std::vector<int>& squares) {
    std::string s;
    for (const int q : squares) s += (s.empty() ? "" : ",") + std::to_string(q);
    return s;
}

}  // namespace

std::string printable(std::string_view text) {
    std::string out;
    for (const char c : text) {
        const auto u = static_cast<unsigned char>(c);
        out += (u >= 0x20 && u < 0x7f) ? c : '?';
    }
    return out;
}

Result<Message> parse_message(std::string_view text) {
    if (text.empty()) return Error{"empty message"};
    if (text.size() > static_cast<size_t>(max_message_length))
        return Error{"message of " + std::to_string(text.size()) + " characters, more than 127"};
    for (size_t i = 0; i < text.size(); ++i) {
        const auto u = static_cast<unsigned char>(text[i]);
        if (u == 0 || u >= 0x80)
            return Error{"byte " + std::to_string(u) + " at offset " + std::to_string(i) + " is not ASCII 1-127"};
    }
    switch (text[0]) {
        case 'C': return parse_chat(text);
        case 'R': return parse_request(text);
        case 'A': return parse_accept(text);
        case 'M': return parse_move(text);
        case 'E': return parse_end(text);
        case 'B': return parse_back_request(text);
        case 'K': return parse_back_accept(text);
        default: break;
    }
    return Error{"unknown message type '" + printable(text.substr(0, 1)) + "'"};
}

std::string format_message(const Message& message) {
    return std::visit(
        Overloaded{
            [](const Chat& c) { return "C" + wire_chat(c.text); },
            [](const GameRequest& r) {
                std::string s = "R" + padded(std::clamp(r.version, 0, 99), 2) + pad_name(r.initiator_name);
                s += color_char(r.follower_color);
                s += padded(std::clamp(r.minutes, 0, 999), 3) + padded(std::clamp(r.moves, 0, 999), 3);
                if (!r.position) return s + "A";
                return s + "B" + color_char(r.position->side_to_move()) + board_string(*r.position);
            },
            [](const GameAccept& a) {
                return "A" + pad_name(a.follower_name) + std::to_string(static_cast<int>(a.code));
            },
            [](const MoveMessage& m) {
                std::vector<int> captured = m.captured;
                if (captured.size() > static_cast<size_t>(max_captures)) captured.resize(max_captures);
                std::string s = "M" + padded(std::clamp(m.seconds, 0, 9999), 4) + padded(m.from, 2) + padded(m.to, 2) +
                                padded(static_cast<int>(captured.size()), 2);
                for (const int q : captured) s += padded(q, 2);
                return s;
            },
            [](const GameEnd& e) { return "E" + std::to_string(static_cast<int>(e.reason)) + (e.stop ? "1" : "0"); },
            [](const BackRequest& b) {
                return "B" + padded(std::clamp(b.move_number, 1, 999), 3) + color_char(b.color);
            },
            [](const BackAccept& k) { return "K" + std::to_string(static_cast<int>(k.code)); },
        },
        message);
}

std::string wire_name(std::string_view name) {
    std::string s = printable(name);
    const size_t first = s.find_first_not_of(' ');
    s = first == std::string::npos ? "" : s.substr(first);
    if (s.size() > static_cast<size_t>(name_width)) s.resize(name_width);
    while (!s.empty() && s.back() == ' ') s.pop_back();
    return s;
}

std::string wire_chat(std::string_view text) {
    std::string s = printable(text);
    if (s.empty()) s = " ";
    if (s.size() > static_cast<size_t>(max_message_length - 1)) s.resize(max_message_length - 1);
    return s;
}

std::string board_string(const Position& pos) {
    std::string s(board_length, 'e');
    for (int i = 0; i < board_length; ++i) {
        const Bitboard b = bit(Board10::bit_of_index(i));
        const bool king = (pos.kings() & b) != 0;
        if (pos.pieces(Color::White) & b) s[static_cast<size_t>(i)] = king ? 'W' : 'w';
        if (pos.pieces(Color::Black) & b) s[static_cast<size_t>(i)] = king ? 'Z' : 'z';
    }
    return s;
}

Result<Position> parse_board(std::string_view board, Color side_to_move) {
    if (board.size() != board_length)
        return Error{"board of " + std::to_string(board.size()) + " characters, expected 50"};
    Bitboard white = 0, black = 0, kings = 0;
    for (int i = 0; i < board_length; ++i) {
        const Bitboard b = bit(Board10::bit_of_index(i));
        switch (board[static_cast<size_t>(i)]) {
            case 'e': break;
            case 'w': white |= b; break;
            case 'W':
                white |= b;
                kings |= b;
                break;
            case 'z': black |= b; break;
            case 'Z':
                black |= b;
                kings |= b;
                break;
            default:
                return Error{"board square " + std::to_string(i + 1) + " is '" +
                             printable(board.substr(static_cast<size_t>(i), 1)) + "', not one of e w W z Z"};
        }
    }
    return Position::from_sets(white, black, kings, side_to_move);
}

std::string describe(const Message& message) {
    return std::visit(
        Overloaded{
            [](const Chat& c) { return "CHAT \"" + printable(c.text) + "\""; },
            [](const GameRequest& r) {
                return "GAMEREQ v" + std::to_string(r.version) + " from '" + printable(r.initiator_name) +
                       "', follower plays " + (r.follower_color == Color::White ? "white" : "black") + ", " +
                       std::to_string(r.minutes) + " min, " + std::to_string(r.moves) + " moves, " +
                       (r.position ? "own position" : "start position");
            },
            [](const GameAccept& a) {
                return "GAMEACC from '" + printable(a.follower_name) + "' code " +
                       std::to_string(static_cast<int>(a.code));
            },
            [](const MoveMessage& m) {
                std::string s =
                    "MOVE " + std::to_string(m.from) + (m.captured.empty() ? "-" : "x") + std::to_string(m.to);
                if (!m.captured.empty()) s += " capturing " + join_squares(m.captured);
                return s + " in " + std::to_string(m.seconds) + " s";
            },
            [](const GameEnd& e) {
                static constexpr const char* reasons[] = {"no reason", "sender loses", "draw", "sender wins"};
                return std::string("GAMEEND ") + reasons[static_cast<int>(e.reason)] +
                       (e.stop ? ", stop" : ", more games welcome");
            },
            [](const BackRequest& b) {
                return "BACKREQ to move " + std::to_string(b.move_number) +
                       (b.color == Color::White ? " white" : " black");
            },
            [](const BackAccept& k) { return "BACKACC code " + std::to_string(static_cast<int>(k.code)); },
        },
        message);
}

}  // namespace kroon::dxp
