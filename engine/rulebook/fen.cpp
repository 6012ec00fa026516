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

}  // namespace

Result<Position> Rulebook::parse_fen(std::string_view text) const {
    const std::string_view fen = trim(text);
    if (fen.empty()) return Error{"empty FEN"};
    const auto fields = split(fen, ':');
    // std::toupper needs an unsigned char value: bytes above 127 come from outside too.
    const char side_letter = fields[0].size() == 1 ? upper(fields[0][0]) : '\0';
    if (side_letter != 'W' && side_letter != 'B')
        return Error{"FEN must start with the side to move, W or B, then ':' (got '" + std::string(fields[0]) + "')"};
    const Color side = side_letter == 'W' ? Color::White : Color::Black;

    Sides sides;
    bool seen[2] = {false, false};
    for (size_t f = 1; f < fields.size(); ++f) {
        std::string_view field = fields[f];
        if (field.empty()) continue;
        const char letter = upper(field[0]);
        // PDN 3.0 allows trailing move-counter fields (H.., F..): they carry no position.
        if ((letter == 'H' || letter == 'F') && field.size() > 1 && std::isdigit(static_cast<unsigned char>(field[1])))
            continue;
        if (letter != 'W' && letter != 'B')
            return Error{"FEN field '" + std::string(field) + "' must start with W or B"};
        const Color color = letter == 'W' ? Color::White : Color::Black;
        if (seen[index(color)])
            return Error{std::string("FEN lists the ") + (color == Color::White ? "white" : "black") + " pieces twice"};
        seen[index(color)] = true;
        field.remove_prefix(1);
        if (trim(field).empty()) continue;
        for (std::string_view token : split(field, ',')) {
            bool king = false;
            if (!token.empty() && std::toupper(static_cast<unsigned char>(token[0])) == 'K') {
                king = true;
                token = trim(token.substr(1));
            }
            // A square number, a range of numbers (21-32) or an algebraic name (c3).
            const size_t dash = token.find('-');
            auto first = to_number(trim(token.substr(0, dash)));
            auto last = dash == std::string_view::npos ? first : to_number(trim(token.substr(dash + 1)));
            if (!first && dash == std::string_view::npos) first = last = parse_square_name(trim(token));
            if (!first || !last) return Error{"bad square '" + std::string(token) + "' in FEN"};
            if (*first > *last) return Error{"range " + std::string(token) + " runs backwards"};
            for (int square = *first; square <= *last; ++square) {
                if (square < 1 || square > squares())
                    return Error{"square " + std::to_string(square) + " is off the board (1-" +
                                 std::to_string(squares()) + ")"};
                const Bitboard b = bit(bit_of_square(square));
                if ((sides.pieces[0] | sides.pieces[1]) & b)
                    return Error{"square " + std::to_string(square) + " is listed twice"};
                sides.pieces[index(color)] |= b;
                if (king) sides.kings |= b;
            }
        }
    }
    if (!seen[0] && !seen[1]) return Error{"FEN has no piece lists"};

    // No side ever has more pieces than the full 10x10 or 8x8 start (20 or 12).
    const int half = traits().rows / 2;
    const int most = (half - 1) * half;
    for (Color c : {Color::White, Color::Black}) {
        const char* colour = c == Color::White ? "white" : "black";
        if (popcount(sides.pieces[index(c)]) > most)
            return Error{std::string("too many ") + colour + " pieces (at most " + std::to_string(most) + ")"};
        const Bitboard men_on_crown_row = sides.pieces[index(c)] & ~sides.kings & promotion_row(c);
        if (men_on_crown_row)
            return Error{std::string("a ") + colour + " man on square " +
                         std::to_string(square_number(lowest_bit(men_on_crown_row))) + " would have been crowned"};
    }
    return Position::from_sets(sides.pieces[0], sides.pieces[1], sides.kings, side);
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
