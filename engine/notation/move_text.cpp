#include "engine/notation/move_text.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>

#include "engine/notation/square_names.hpp"

namespace kroon {
namespace {

struct Tokens {
    std::vector<int> squares;
    bool capture = false;  // written with 'x'
};

// Squares are numbers, or algebraic names (c3) as Russian and Brazilian PDN write them.
Result<Tokens> tokenize(Variant variant, std::string_view text) {
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
            const auto square = parse_square_name(variant, text.substr(i, j - i));
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

std::string describe(Variant variant, const std::vector<int>& squares, bool capture) {
    std::string s;
    for (size_t i = 0; i < squares.size(); ++i) {
        if (i) s += capture ? 'x' : '-';
        s += std::to_string(squares[i]);
    }
    (void)variant;
    return s;
}

// Does `path` (landing squares) contain `wanted` (intermediate squares) in order?
bool follows(const std::vector<int>& path, const std::vector<int>& wanted) {
    size_t w = 0;
    for (int b : path)
        if (w < wanted.size() && b == wanted[w]) ++w;
    return w == wanted.size();
}

// Does the written capture (from, landing squares..., to as bits) follow move m leg by leg?
// Each leg runs straight along a line the piece captures on, over empty squares and exactly
// one piece of m.captured not taken before (taken pieces still block), onto an empty square.
// This accepts every landing square a flying king may choose, also when it goes on straight
// (KNDB art. 4.3: after the piece it may land on any empty square beyond).
template <RuleSet R>
bool legs_follow(const Position& pos, const Move& m, const std::vector<int>& bits) {
    using B = typename R::Board;
    // Crowning on the way, pieces leaving at once and fixed landing squares need the
    // generator's own paths (the fallback in parse_pdn).
    if constexpr (R::passing_promotion || R::remove_during_capture || R::king_lands_behind ||
                  R::king_halts_after_king)
        return false;
    const bool king = (pos.kings() >> m.from) & 1;
    const bool white = (pos.pieces(Color::White) >> m.from) & 1;
    const Bitboard occupied = pos.occupied() & ~bit(m.from);
    Bitboard taken = 0;
    for (size_t i = 0; i + 1 < bits.size(); ++i) {
        const int at = bits[i];
        const int land = bits[i + 1];
        bool leg = false;
        for (int d = 0; d < (R::orthogonal_captures ? 8 : 4) && !leg; ++d) {
            const bool forward = white ? (d == NorthWest || d == NorthEast)
                                       : (d == SouthEast || d == SouthWest);
            if (!king && !R::men_capture_backward && d < 4 && !forward) continue;
            if (!((B::ray[d][at] >> land) & 1) || ((occupied >> land) & 1)) continue;
            const Bitboard between = B::ray[d][at] & ~B::ray[d][land] & ~bit(land);
            const Bitboard pieces = between & occupied;
            if (popcount(pieces) != 1 || (pieces & ~m.captured) || (pieces & taken)) continue;
            if ((!king || !R::flying_kings) && popcount(between) != 1) continue;
            taken |= pieces;
            leg = true;
        }
        if (!leg) return false;
    }
    return taken == m.captured;
}

bool legs_follow(Variant variant, const Position& pos, const Move& m, const std::vector<int>& bits) {
    return with_rules(variant, [&](auto tag) {
        return legs_follow<typename decltype(tag)::Rules>(pos, m, bits);
    });
}

Result<Move> parse_pdn(Variant variant, const Position& pos, const Tokens& t, const MoveList& legal) {
    for (int s : t.squares)
        if (bit_of_square(variant, s) < 0)
            return Error{"square " + std::to_string(s) + " is off the board"};
    const int from = bit_of_square(variant, t.squares.front());
    const int to = bit_of_square(variant, t.squares.back());
    std::vector<Move> candidates;
    for (const Move& m : legal)
        if (m.from == from && m.to == to) candidates.push_back(m);
    const std::string text = describe(variant, t.squares, t.capture);
    if (candidates.empty()) return Error{"illegal move " + text};
    if (t.squares.size() > 2) {
        // Long form: the squares in between are landing squares of the capture, all of them
        // (checked leg by leg) or some of them (found in order on one of its paths).
        std::vector<int> bits;
        for (int s : t.squares) bits.push_back(bit_of_square(variant, s));
        const std::vector<int> wanted(bits.begin() + 1, bits.end() - 1);
        const auto paths = capture_paths(variant, pos);
        std::erase_if(candidates, [&](const Move& m) {
            if (m.is_capture() && legs_follow(variant, pos, m, bits)) return false;
            return std::none_of(paths.begin(), paths.end(), [&](const CapturePath& p) {
                return p.move.from == m.from && p.move.to == m.to && p.move.captured == m.captured &&
                       follows(p.landings, wanted);
            });
        });
        if (candidates.empty()) return Error{"illegal move " + text + ": no capture lands on those squares"};
    }
    if (candidates.size() > 1)
        return Error{"ambiguous move " + text + ": " + std::to_string(candidates.size()) +
                     " captures go from " + std::to_string(t.squares.front()) + " to " +
                     std::to_string(t.squares.back()) + "; give the captured or landing squares"};
    return candidates.front();
}

Result<Move> parse_hub(Variant variant, const Position& pos, const Tokens& t) {
    MoveFields fields;
    fields.from = t.squares[0];
    fields.to = t.squares[1];
    fields.captured.assign(t.squares.begin() + 2, t.squares.end());
    if (!t.capture && !fields.captured.empty())
        return Error{"cannot read move '" + describe(variant, t.squares, false) + "'"};
    return find_move(variant, pos, fields);
}

}  // namespace

int square_number(Variant variant, int bit_index) {
    return with_rules(variant, [&](auto tag) {
        return static_cast<int>(decltype(tag)::Rules::Board::square_of_bit[bit_index & 63]);
    });
}

int bit_of_square(Variant variant, int square) {
    return with_rules(variant, [&](auto tag) {
        using B = typename decltype(tag)::Rules::Board;
        return square >= 1 && square <= B::squares ? B::bit_of_square(square) : -1;
    });
}

MoveFields move_fields(Variant variant, const Move& move) {
    MoveFields f;
    f.from = square_number(variant, move.from);
    f.to = square_number(variant, move.to);
    for (int b : Bits{move.captured}) f.captured.push_back(square_number(variant, b));
    std::sort(f.captured.begin(), f.captured.end());
    return f;
}

std::string format_move(Variant variant, const Position& pos, const Move& move, MoveNotation notation) {
    const MoveFields f = move_fields(variant, move);
    if (!move.is_capture()) return std::to_string(f.from) + "-" + std::to_string(f.to);
    std::string out = std::to_string(f.from);
    if (notation == MoveNotation::Hub) {
        out += "x" + std::to_string(f.to);
        for (int c : f.captured) out += "x" + std::to_string(c);
        return out;
    }
    if (notation == MoveNotation::Standard) {
        MoveList legal;
        generate_moves(variant, pos, legal);
        const bool ambiguous = std::any_of(legal.begin(), legal.end(), [&](const Move& m) {
            return m.from == move.from && m.to == move.to && m.captured != move.captured;
        });
        if (!ambiguous) return out + "x" + std::to_string(f.to);
    }
    for (const CapturePath& p : capture_paths(variant, pos))
        if (p.move.from == move.from && p.move.to == move.to && p.move.captured == move.captured) {
            for (int b : p.landings) out += "x" + std::to_string(square_number(variant, b));
            return out;
        }
    return out + "x" + std::to_string(f.to);
}

Result<Move> parse_move(Variant variant, const Position& pos, std::string_view text, MoveSyntax syntax) {
    const auto tokens = tokenize(variant, text);
    if (!tokens) return Error{tokens.error()};
    MoveList legal;
    generate_moves(variant, pos, legal);
    if (syntax == MoveSyntax::Pdn) return parse_pdn(variant, pos, *tokens, legal);
    if (syntax == MoveSyntax::Hub) return parse_hub(variant, pos, *tokens);
    // Either reading: two squares read the same way; with more, keep whichever is legal.
    const auto as_pdn = parse_pdn(variant, pos, *tokens, legal);
    if (tokens->squares.size() == 2) return as_pdn;
    const auto as_hub = parse_hub(variant, pos, *tokens);
    if (as_pdn && as_hub && !(*as_pdn == *as_hub))
        return Error{"ambiguous move " + std::string(text) +
                     ": it reads as two different captures (landing squares or captured squares)"};
    if (as_pdn) return as_pdn;
    if (as_hub) return as_hub;
    return as_pdn;
}

Result<Move> find_move(Variant variant, const Position& pos, const MoveFields& fields) {
    const int from = bit_of_square(variant, fields.from);
    const int to = bit_of_square(variant, fields.to);
    if (from < 0 || to < 0)
        return Error{"square " + std::to_string(from < 0 ? fields.from : fields.to) + " is off the board"};
    Bitboard captured = 0;
    for (int s : fields.captured) {
        const int b = bit_of_square(variant, s);
        if (b < 0) return Error{"captured square " + std::to_string(s) + " is off the board"};
        if (captured & bit(b)) return Error{"captured square " + std::to_string(s) + " is listed twice"};
        captured |= bit(b);
    }
    MoveList legal;
    generate_moves(variant, pos, legal);
    for (const Move& m : legal)
        if (m.from == from && m.to == to && m.captured == captured) return m;
    std::vector<int> squares{fields.from, fields.to};
    squares.insert(squares.end(), fields.captured.begin(), fields.captured.end());
    return Error{"illegal move " + describe(variant, squares, !fields.captured.empty())};
}

}  // namespace kroon
