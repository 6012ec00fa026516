// Move text for every variant: Rulebook::format_move, parse_move, move_fields and find_move
// (the forms are described in engine/rulebook/move_text.hpp).
#include "engine/rulebook/move_text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "engine/rulebook/rulebook.hpp"

namespace kroon {
namespace {

struct Tokens {
    std::vector<int> squares;
    bool capture = false;    // written with 'x' or ':'
    bool algebraic = false;  // squares written as names (c3): errors name them so too
};

// Squares are numbers, or algebraic names (c3) as Russian and Brazilian PDN write them.
Result<Tokens> tokenize(const Rulebook& rules, std::string_view text) {
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front()))) text.remove_prefix(1);
    while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back()))) text.remove_suffix(1);
    if (text.empty()) return Error{"empty move"};
    Tokens t;
    size_t i = 0;
    for (;;) {
        size_t j = i;
        const bool algebraic = j < text.size() && std::isalpha(static_cast<unsigned char>(text[j]));
        if (algebraic) ++j;
        const size_t digits_start = j;
        while (j < text.size() && std::isdigit(static_cast<unsigned char>(text[j]))) ++j;
        if (j == digits_start || j - digits_start > 3)
            return Error{"cannot read move '" + std::string(text) + "': expected a square number"};
        int value = 0;
        if (algebraic) {
            t.algebraic = true;
            const auto square = rules.parse_square_name(text.substr(i, j - i));
            if (!square)
                return Error{"cannot read move '" + std::string(text) + "': '" + std::string(text.substr(i, j - i)) +
                             "' is not a dark square of this board"};
            value = *square;
        } else {
            std::from_chars(text.data() + i, text.data() + j, value);
        }
        t.squares.push_back(value);
        if (j == text.size()) break;
        const char sep = static_cast<char>(std::tolower(static_cast<unsigned char>(text[j])));
        if (sep == 'x' || sep == ':')
            t.capture = true;
        else if (sep != '-')
            return Error{"cannot read move '" + std::string(text) + "': unexpected '" + text[j] + "'"};
        i = j + 1;
    }
    if (t.squares.size() < 2) return Error{"move '" + std::string(text) + "' needs two squares"};
    return t;
}

// The move as the player wrote it: numbers (32-28, 28x19) or names (c3-d4, d4:f6).
std::string describe(const Rulebook& rules, const std::vector<int>& squares, bool capture, bool algebraic) {
    std::string s;
    for (size_t i = 0; i < squares.size(); ++i) {
        if (i) s += !capture ? '-' : algebraic ? ':' : 'x';
        s += algebraic ? rules.algebraic_square(squares[i]) : std::to_string(squares[i]);
    }
    return s;
}

// Does `path` (landing squares) contain `wanted` (intermediate squares) in order?
bool follows(const std::vector<int>& path, const std::vector<int>& wanted) {
    size_t w = 0;
    for (int b : path)
        if (w < wanted.size() && b == wanted[w]) ++w;
    return w == wanted.size();
}

Result<Move> parse_pdn(const Rulebook& rules, const Position& pos, const Tokens& t, const MoveList& legal) {
    for (int s : t.squares)
        if (rules.bit_of_square(s) < 0) return Error{"square " + std::to_string(s) + " is off the board"};
    const int from = rules.bit_of_square(t.squares.front());
    const int to = rules.bit_of_square(t.squares.back());
    std::vector<Move> candidates;
    for (const Move& m : legal)
        if (m.from == from && m.to == to) candidates.push_back(m);
    const std::string text = describe(rules, t.squares, t.capture, t.algebraic);
    if (candidates.empty()) return Error{"illegal move " + text};
    if (t.squares.size() > 2) {
        // Long form: the squares in between are landing squares of the capture, all of them
        // (checked leg by leg) or some of them (found in order on one of its paths).
        std::vector<int> bits;
        for (int s : t.squares) bits.push_back(rules.bit_of_square(s));
        const std::vector<int> wanted(bits.begin() + 1, bits.end() - 1);
        const auto paths = rules.capture_paths(pos);
        std::erase_if(candidates, [&](const Move& m) {
            if (m.is_capture() && rules.follows_legs(pos, m, bits)) return false;
            return std::none_of(paths.begin(), paths.end(), [&](const CapturePath& p) {
                return p.move.from == m.from && p.move.to == m.to && p.move.captured == m.captured &&
                       follows(p.landings, wanted);
            });
        });
        if (candidates.empty()) return Error{"illegal move " + text + ": no capture lands on those squares"};
    }
    if (candidates.size() > 1)
        return Error{"ambiguous move " + text + ": " + std::to_string(candidates.size()) + " captures go from " +
                     describe(rules, {t.squares.front()}, false, t.algebraic) + " to " +
                     describe(rules, {t.squares.back()}, false, t.algebraic) +
                     "; give the captured or landing squares"};
    return candidates.front();
}

Result<Move> parse_hub(const Rulebook& rules, const Position& pos, const Tokens& t) {
    MoveFields fields;
    fields.from = t.squares[0];
    fields.to = t.squares[1];
    fields.captured.assign(t.squares.begin() + 2, t.squares.end());
    if (!t.capture && !fields.captured.empty())
        return Error{"cannot read move '" + describe(rules, t.squares, false, t.algebraic) + "'"};
    return rules.find_move(pos, fields);
}

}  // namespace

MoveFields Rulebook::move_fields(const Move& move) const {
    MoveFields f;
    f.from = square_number(move.from);
    f.to = square_number(move.to);
    for (int b : Bits{move.captured}) f.captured.push_back(square_number(b));
    std::sort(f.captured.begin(), f.captured.end());
    return f;
}

std::string Rulebook::format_move(const Position& pos, const Move& move, MoveNotation notation) const {
    const MoveFields f = move_fields(move);
    // The Hub protocol numbers the squares in every variant.
    const bool named = notation != MoveNotation::Hub && traits().algebraic_notation;
    const auto square = [&](int number) { return named ? algebraic_square(number) : std::to_string(number); };
    const std::string take = named ? ":" : "x";
    if (!move.is_capture()) return square(f.from) + "-" + square(f.to);
    std::string out = square(f.from);
    if (notation == MoveNotation::Hub) {
        out += "x" + std::to_string(f.to);
        for (int c : f.captured) out += "x" + std::to_string(c);
        return out;
    }
    if (notation == MoveNotation::Standard) {
        MoveList legal;
        generate_moves(pos, legal);
        const bool ambiguous = std::any_of(legal.begin(), legal.end(), [&](const Move& m) {
            return m.from == move.from && m.to == move.to && m.captured != move.captured;
        });
        if (!ambiguous) return out + take + square(f.to);
    }
    for (const CapturePath& p : capture_paths(pos))
        if (p.move.from == move.from && p.move.to == move.to && p.move.captured == move.captured) {
            for (int b : p.landings) out += take + square(square_number(b));
            return out;
        }
    return out + take + square(f.to);
}

Result<Move> Rulebook::parse_move(const Position& pos, std::string_view text, MoveSyntax syntax) const {
    const auto tokens = tokenize(*this, text);
    if (!tokens) return Error{tokens.error()};
    MoveList legal;
    generate_moves(pos, legal);
    if (syntax == MoveSyntax::Pdn) return parse_pdn(*this, pos, *tokens, legal);
    if (syntax == MoveSyntax::Hub) return parse_hub(*this, pos, *tokens);
    // Either reading: two squares read the same way; with more, keep whichever is legal.
    const auto as_pdn = parse_pdn(*this, pos, *tokens, legal);
    if (tokens->squares.size() == 2) return as_pdn;
    const auto as_hub = parse_hub(*this, pos, *tokens);
    if (as_pdn && as_hub && !(*as_pdn == *as_hub))
        return Error{"ambiguous move " + std::string(text) +
                     ": it reads as two different captures (landing squares or captured squares)"};
    if (as_pdn) return as_pdn;
    if (as_hub) return as_hub;
    return as_pdn;
}

Result<Move> Rulebook::find_move(const Position& pos, const MoveFields& fields) const {
    const int from = bit_of_square(fields.from);
    const int to = bit_of_square(fields.to);
    if (from < 0 || to < 0)
        return Error{"square " + std::to_string(from < 0 ? fields.from : fields.to) + " is off the board"};
    Bitboard captured = 0;
    for (int s : fields.captured) {
        const int b = bit_of_square(s);
        if (b < 0) return Error{"captured square " + std::to_string(s) + " is off the board"};
        if (captured & bit(b)) return Error{"captured square " + std::to_string(s) + " is listed twice"};
        captured |= bit(b);
    }
    MoveList legal;
    generate_moves(pos, legal);
    for (const Move& m : legal)
        if (m.from == from && m.to == to && m.captured == captured) return m;
    std::vector<int> squares{fields.from, fields.to};
    squares.insert(squares.end(), fields.captured.begin(), fields.captured.end());
    return Error{"illegal move " + describe(*this, squares, !fields.captured.empty(), false)};
}

std::vector<std::string> Rulebook::format_line(const Position& start, const std::vector<Move>& moves,
                                               MoveNotation notation) const {
    std::vector<std::string> out;
    Position pos = start;
    for (const Move& m : moves) {
        if (!is_legal(pos, m)) break;
        out.push_back(format_move(pos, m, notation));
        play(pos, m);
    }
    return out;
}

}  // namespace kroon
