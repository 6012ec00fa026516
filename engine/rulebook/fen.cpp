// PDN FEN positions for every variant: Rulebook::parse_fen and Rulebook::format_fen.
#include <cctype>
#include <charconv>
#include <vector>

#include "engine/rulebook/rulebook.hpp"

namespace kroon {
namespace {

char upper(char c) { return static_cast<char>(std::toupper(static_cast<unsigned char>(c))); }

std::string_view trim(std::string_view s) {
    while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.front())) || s.front() == '"')) s.remove_prefix(1);
    while (!s.empty() && (std::isspace(static_cast<unsigned char>(s.back())) || s.back() == '"' || s.back() == '.'))
        s.remove_suffix(1);
    return s;
}

std::vector<std::string_view> split(std::string_view s, char sep) {
    std::vector<std::string_view> parts;
    size_t start = 0;
    for (;;) {
        const size_t at = s.find(sep, start);
        parts.push_back(trim(s.substr(start, at - start)));
        if (at == std::string_view::npos) return parts;
        start = at + 1;
    }
}

std::optional<int> to_number(std::string_view s) {
    int value = 0;
    if (s.empty() || s.size() > 4) return std::nullopt;
    const auto [end, ec] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (ec != std::errc() || end != s.data() + s.size()) return std::nullopt;
    return value;
}

struct Sides {
    Bitboard pieces[2] = {0, 0};
    Bitboard kings = 0;
};

Result<Color> side_to_move(std::string_view field) {
    // std::toupper needs an unsigned char value: bytes above 127 come from outside too.
    const char letter = field.size() == 1 ? upper(field[0]) : '\0';
    if (letter != 'W' && letter != 'B')
        return Error{"FEN must start with the side to move, W or B, then ':' (got '" + std::string(field) + "')"};
    return letter == 'W' ? Color::White : Color::Black;
}

// One entry of a piece list: K for a king, then a square number, a range of numbers (21-32)
// or an algebraic name (c3).
std::optional<Error> add_squares(const Rulebook& rules, std::string_view token, Color color, Sides& sides) {
    bool king = false;
    if (!token.empty() && std::toupper(static_cast<unsigned char>(token[0])) == 'K') {
        king = true;
        token = trim(token.substr(1));
    }
    const size_t dash = token.find('-');
    auto first = to_number(trim(token.substr(0, dash)));
    auto last = dash == std::string_view::npos ? first : to_number(trim(token.substr(dash + 1)));
    if (!first && dash == std::string_view::npos) first = last = rules.parse_square_name(trim(token));
    if (!first || !last) return Error{"bad square '" + std::string(token) + "' in FEN"};
    if (*first > *last) return Error{"range " + std::string(token) + " runs backwards"};
    for (int square = *first; square <= *last; ++square) {
        if (square < 1 || square > rules.squares())
            return Error{"square " + std::to_string(square) + " is off the board (1-" +
                         std::to_string(rules.squares()) + ")"};
        const Bitboard b = bit(rules.bit_of_square(square));
        if ((sides.pieces[0] | sides.pieces[1]) & b)
            return Error{"square " + std::to_string(square) + " is listed twice"};
        sides.pieces[index(color)] |= b;
        if (king) sides.kings |= b;
    }
    return std::nullopt;
}

// A field after the side to move: W or B and that side's pieces. `seen` says which sides had
// their list already.
std::optional<Error> add_piece_list(const Rulebook& rules, std::string_view field, bool seen[2], Sides& sides) {
    if (field.empty()) return std::nullopt;
    const char letter = upper(field[0]);
    // PDN 3.0 allows trailing move-counter fields (H.., F..): they carry no position.
    if ((letter == 'H' || letter == 'F') && field.size() > 1 && std::isdigit(static_cast<unsigned char>(field[1])))
        return std::nullopt;
    if (letter != 'W' && letter != 'B') return Error{"FEN field '" + std::string(field) + "' must start with W or B"};
    const Color color = letter == 'W' ? Color::White : Color::Black;
    if (seen[index(color)])
        return Error{std::string("FEN lists the ") + (color == Color::White ? "white" : "black") + " pieces twice"};
    seen[index(color)] = true;
    field.remove_prefix(1);
    if (trim(field).empty()) return std::nullopt;
    for (std::string_view token : split(field, ','))
        if (auto error = add_squares(rules, token, color, sides)) return error;
    return std::nullopt;
}

// No side ever has more pieces than the full 10x10 or 8x8 start (20 or 12), nor a man on
// its crowning row.
std::optional<Error> check_armies(const Rulebook& rules, const Sides& sides) {
    const int half = rules.traits().rows / 2;
    const int most = (half - 1) * half;
    for (Color c : {Color::White, Color::Black}) {
        const char* colour = c == Color::White ? "white" : "black";
        if (popcount(sides.pieces[index(c)]) > most)
            return Error{std::string("too many ") + colour + " pieces (at most " + std::to_string(most) + ")"};
        const Bitboard men_on_crown_row = sides.pieces[index(c)] & ~sides.kings & rules.promotion_row(c);
        if (men_on_crown_row)
            return Error{std::string("a ") + colour + " man on square " +
                         std::to_string(rules.square_number(lowest_bit(men_on_crown_row))) +
                         " would have been crowned"};
    }
    return std::nullopt;
}

}  // namespace

Result<Position> Rulebook::parse_fen(std::string_view text) const {
    const std::string_view fen = trim(text);
    if (fen.empty()) return Error{"empty FEN"};
    const auto fields = split(fen, ':');
    const auto side = side_to_move(fields[0]);
    if (!side) return Error{side.error()};
    Sides sides;
    bool seen[2] = {false, false};
    for (size_t f = 1; f < fields.size(); ++f)
        if (auto error = add_piece_list(*this, fields[f], seen, sides)) return *error;
    if (!seen[0] && !seen[1]) return Error{"FEN has no piece lists"};
    if (auto error = check_armies(*this, sides)) return *error;
    return Position::from_sets(sides.pieces[0], sides.pieces[1], sides.kings, *side);
}

std::string Rulebook::format_fen(const Position& pos) const {
    std::string out(pos.side_to_move() == Color::White ? "W" : "B");
    for (Color c : {Color::White, Color::Black}) {
        out += c == Color::White ? ":W" : ":B";
        bool first = true;
        for (int b : Bits{pos.pieces(c)}) {
            if (!first) out += ',';
            first = false;
            if ((pos.kings() >> b) & 1) out += 'K';
            out += std::to_string(square_number(b));
        }
    }
    return out;
}

}  // namespace kroon
