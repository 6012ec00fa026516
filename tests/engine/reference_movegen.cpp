#include "tests/engine/reference_movegen.hpp"

#include <algorithm>
#include <set>

#include "engine/notation/move_text.hpp"

namespace kroon::test {
namespace {

// The rules of RULES.md, restated.
struct Rules {
    int columns = 5;                       // dark squares per row
    bool men_capture_backward = true;      // KNDB art. 4.2 (English men: forward only)
    bool orthogonal = false;               // Frisian art. 7, 9: rows and columns too
    bool flying_kings = true;              // English kings step one square
    enum Choice { MostPieces, FrisianValue, Free } choice = MostPieces;
    bool crowning_ends_capture = false;    // English art. 4
    int king_move_limit = 0;               // Frisian art. 17
};

// Only the three games of issue 2 are restated here (the others have their own tests).
Rules rules_of(Variant v) {
    Rules r;
    if (v == Variant::Frisian) {
        r.orthogonal = true;
        r.choice = Rules::FrisianValue;
        r.king_move_limit = 3;
    } else if (v == Variant::English) {
        r.columns = 4;
        r.men_capture_backward = false;
        r.flying_kings = false;
        r.choice = Rules::Free;
        r.crowning_ends_capture = true;
    }
    return r;
}

struct Delta {
    int dr, df;
};
constexpr Delta diagonals[] = {{-1, -1}, {-1, 1}, {1, 1}, {1, -1}};
// Along a row or a column the next dark square is two files or two rows away.
constexpr Delta orthogonals[] = {{0, -2}, {-2, 0}, {0, 2}, {2, 0}};

class Geometry {
public:
    explicit Geometry(int columns) : cols_(columns), rows_(2 * columns) {}
    int squares() const { return rows_ * cols_; }
    int row(int s) const { return (s - 1) / cols_; }
    // Row 0 is Black's back row; even rows start with a light square.
    int file(int s) const {
        const int k = (s - 1) % cols_;
        return row(s) % 2 == 0 ? 2 * k + 1 : 2 * k;
    }
    // The square at (row, file), 0 when off the board or light.
    int at(int r, int f) const {
        if (r < 0 || r >= rows_ || f < 0 || f >= rows_ || (r + f) % 2 == 0) return 0;
        return r * cols_ + f / 2 + 1;
    }
    int next(int s, Delta d) const { return at(row(s) + d.dr, file(s) + d.df); }
    int rows() const { return rows_; }

private:
    int cols_, rows_;
};

bool is_white(char c) { return c == 'w' || c == 'W'; }
bool is_king(char c) { return c == 'W' || c == 'B'; }
bool belongs(char c, Color side) { return c != '.' && is_white(c) == (side == Color::White); }

struct Capture {
    int from, to;
    std::vector<int> captured;  // in order of capture
    bool by_king;
    bool promotes;
};

class Search {
public:
    Search(const ReferenceBoard& b) : b_(b), r_(rules_of(b.variant)), g_(r_.columns) {}

    std::vector<Capture> captures() {
        for (int s = 1; s <= g_.squares(); ++s)
            if (belongs(b_.cell[s], b_.side)) {
                from_ = s;
                king_ = is_king(b_.cell[s]);
                path_.clear();
                extend(s);
            }
        return std::move(found_);
    }

    // Directions a piece may capture in.
    std::vector<Delta> capture_directions(bool king) const {
        std::vector<Delta> out;
        const int forward = b_.side == Color::White ? -1 : 1;
        for (Delta d : diagonals)
            if (king || r_.men_capture_backward || d.dr == forward) out.push_back(d);
        if (r_.orthogonal)
            for (Delta d : orthogonals) out.push_back(d);
        return out;
    }

    bool crown_row(int s) const {
        return g_.row(s) == (b_.side == Color::White ? 0 : g_.rows() - 1);
    }

    // Empty during the capture: nothing on it, or the capturing piece's own start square.
    bool empty(int s) const { return b_.cell[s] == '.' || s == from_; }
    bool takeable(int s) const {
        return belongs(b_.cell[s], ~b_.side) &&
               std::find(path_.begin(), path_.end(), s) == path_.end();
    }

private:
    void record(int to) {
        found_.push_back({from_, to, path_, king_, !king_ && crown_row(to)});
    }

    void extend(int at) {
        bool extended = false;
        for (Delta d : capture_directions(king_)) {
            if (king_ && r_.flying_kings) {
                int victim = g_.next(at, d);
                while (victim && empty(victim)) victim = g_.next(victim, d);
                if (!victim || !takeable(victim)) continue;
                for (int land = g_.next(victim, d); land && empty(land); land = g_.next(land, d)) {
                    extended = true;
                    path_.push_back(victim);
                    extend(land);
                    path_.pop_back();
                }
            } else {
                const int victim = g_.next(at, d);
                if (!victim || !takeable(victim)) continue;
                const int land = g_.next(victim, d);
                if (!land || !empty(land)) continue;
                extended = true;
                path_.push_back(victim);
                if (!king_ && r_.crowning_ends_capture && crown_row(land))
                    record(land);
                else
                    extend(land);
                path_.pop_back();
            }
        }
        if (!extended && !path_.empty()) record(at);
    }

    const ReferenceBoard& b_;
    Rules r_;
    Geometry g_;
    int from_ = 0;
    bool king_ = false;
    std::vector<int> path_;
    std::vector<Capture> found_;
};

// Frisian art. 11: a king is worth more than one man and less than two, n kings more than
// 2n-1 men: a king counts 2 - 1/64 men (no move takes 64 kings). Art. 12: then by a king.
long capture_rank(const ReferenceBoard& b, const Capture& c) {
    const Rules r = rules_of(b.variant);
    if (r.choice == Rules::Free) return 0;
    if (r.choice == Rules::MostPieces) return static_cast<long>(c.captured.size());
    long value = 0;
    for (int s : c.captured) value += is_king(b.cell[s]) ? 127 : 64;
    return value * 2 + (c.by_king ? 1 : 0);
}

}  // namespace

std::string to_string(const ReferenceMove& m) {
    std::string s = std::to_string(m.from) + (m.captured.empty() ? "-" : "x") + std::to_string(m.to);
    for (int c : m.captured) s += "x" + std::to_string(c);
    return m.promotes ? s + "(K)" : s;
}

ReferenceBoard reference_board(Variant variant, const Position& pos, int run_square, int run_count) {
    ReferenceBoard b;
    b.variant = variant;
    const int n = board_squares(variant);
    b.cell.assign(n + 1, '.');
    for (int s = 1; s <= n; ++s) {
        const Bitboard at = bit(bit_of_square(variant, s));
        const bool king = (pos.kings() & at) != 0;
        if (pos.pieces(Color::White) & at) b.cell[s] = king ? 'W' : 'w';
        if (pos.pieces(Color::Black) & at) b.cell[s] = king ? 'B' : 'b';
    }
    b.side = pos.side_to_move();
    b.run_square = run_square;
    b.run_count = run_count;
    return b;
}

std::vector<ReferenceMove> reference_moves(const ReferenceBoard& b) {
    const Rules r = rules_of(b.variant);
    const Geometry g(r.columns);
    Search search(b);
    std::vector<Capture> captures = search.captures();
    std::set<ReferenceMove> moves;
    if (!captures.empty()) {
        long best = 0;
        for (const Capture& c : captures) best = std::max(best, capture_rank(b, c));
        for (const Capture& c : captures) {
            if (capture_rank(b, c) != best) continue;
            std::vector<int> set = c.captured;
            std::sort(set.begin(), set.end());
            moves.insert({c.from, c.to, set, c.promotes});
        }
        return {moves.begin(), moves.end()};
    }
    const int forward = b.side == Color::White ? -1 : 1;
    bool has_men = false;
    for (int s = 1; s <= g.squares(); ++s)
        has_men |= belongs(b.cell[s], b.side) && !is_king(b.cell[s]);
    for (int s = 1; s <= g.squares(); ++s) {
        if (!belongs(b.cell[s], b.side)) continue;
        if (!is_king(b.cell[s])) {
            for (Delta d : diagonals)
                if (d.dr == forward)
                    if (int t = g.next(s, d); t && b.cell[t] == '.')
                        moves.insert({s, t, {}, search.crown_row(t)});
            continue;
        }
        // Frisian art. 17: a king that made the limit of quiet moves in a row rests while its
        // side has men.
        if (r.king_move_limit && has_men && b.run_square == s && b.run_count >= r.king_move_limit)
            continue;
        for (Delta d : diagonals)
            for (int t = g.next(s, d); t && b.cell[t] == '.'; t = g.next(t, d)) {
                moves.insert({s, t, {}, false});
                if (!r.flying_kings) break;
            }
    }
    return {moves.begin(), moves.end()};
}

bool valid_capture_path(const ReferenceBoard& b, int from, const std::vector<int>& landings,
                        const std::vector<int>& captured, std::string& why, std::vector<int>* order) {
    const Rules r = rules_of(b.variant);
    const Geometry g(r.columns);
    if (!belongs(b.cell[from], b.side)) return why = "no own piece on the start square", false;
    const bool king = is_king(b.cell[from]);
    auto empty = [&](int s) { return b.cell[s] == '.' || s == from; };
    std::vector<int> taken;
    int at = from;
    Search search(b);
    for (int land : landings) {
        // The leg must run straight along one allowed direction and jump exactly one piece.
        bool ok = false;
        for (Delta d : search.capture_directions(king)) {
            int victim = 0, steps = 0;
            bool clean = true;
            int s = g.next(at, d);
            for (; s && s != land; s = g.next(s, d), ++steps) {
                if (empty(s)) continue;
                if (victim) clean = false;
                victim = s;
            }
            if (s != land || !victim || !clean || !empty(land)) continue;
            if (!belongs(b.cell[victim], ~b.side)) continue;
            if (std::find(taken.begin(), taken.end(), victim) != taken.end()) continue;
            if ((!king || !r.flying_kings) && steps != 1) continue;
            taken.push_back(victim);
            ok = true;
            break;
        }
        if (!ok) return why = "bad leg to " + std::to_string(land), false;
        at = land;
    }
    // The capture must be complete: nothing more to take from the last square (English: a
    // man crowned there stops).
    const bool crowned_stop = !king && r.crowning_ends_capture && search.crown_row(at);
    for (Delta d : search.capture_directions(king)) {
        if (crowned_stop) break;
        int victim = g.next(at, d);
        if (king && r.flying_kings)
            while (victim && empty(victim)) victim = g.next(victim, d);
        if (!victim || !belongs(b.cell[victim], ~b.side)) continue;
        if (std::find(taken.begin(), taken.end(), victim) != taken.end()) continue;
        if (const int land = g.next(victim, d); land && empty(land))
            return why = "the capture could go on from " + std::to_string(at), false;
    }
    if (order) *order = taken;
    std::sort(taken.begin(), taken.end());
    if (taken != captured) return why = "captured pieces differ from the legs", false;
    return true;
}

void ReferenceRun::after_move(const ReferenceBoard& before, const ReferenceMove& move) {
    if (is_king(before.cell[move.from]) && move.captured.empty()) {
        count = square == move.from && count > 0 ? std::min(count + 1, 3) : 1;
        square = move.to;
    } else {
        *this = {};
    }
}

}  // namespace kroon::test
