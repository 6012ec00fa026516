#include "tests/engine/reference_movegen.hpp"

#include <algorithm>
#include <set>

#include "engine/rulebook/rulebook.hpp"

namespace kroon::test {
namespace {

// The rules of docs/rules.md and docs/variants.md, restated.
struct Rules {
    int columns = 5;                     // dark squares per row
    bool mirrored = false;               // Spanish, Italian: each row numbered from the right
    bool men_capture_backward = true;    // KNDB art. 4.2 (most 8x8 games: forward only)
    bool men_capture_kings = true;       // Italian: a man never takes a king
    bool orthogonal = false;             // Frisian art. 7, 9: rows and columns too
    bool flying_kings = true;            // English, Italian, Norwegian kings step one square
    bool king_lands_behind = false;      // Thai: a flying king lands right behind its victim
    bool king_halts_after_king = false;  // Killer: ... when the last piece it takes is a king
    bool remove_as_jumped = false;       // Thai: taken pieces leave the board at once
    enum Crowning {
        AtEnd,        // KNDB art. 5: only a man that ends its move on the far row
        EndsCapture,  // English art. 4: reaching the far row ends the move
        InPassing,    // Russian: crowned at once, the capture goes on with a king
    } crowning = AtEnd;
    enum Choice {
        MostPieces,       // KNDB art. 4.13: a king counts one
        FrisianValue,     // Frisian art. 11, 12
        Free,             // any capture
        KingFirst,        // Czech: a king must capture if one can, else free
        PiecesThenKings,  // Spanish
        Italian,          // pieces, by a king, kings, kings taken earliest
    } choice = MostPieces;
    int king_move_limit = 0;           // Frisian art. 17
    bool no_moves_with_kings = false;  // Breakthrough: the first king wins
};

Rules eight_by_eight() {
    Rules r;
    r.columns = 4;
    return r;
}

// One case per variant and no default, so a new variant fails to compile quietly (-Wswitch).
Rules rules_of(Variant v) {
    Rules r;
    switch (v) {
        case Variant::International:
        case Variant::Antidraughts:  // losing game, international moves
            return r;
        case Variant::Frisian:
        case Variant::Frysk:  // Frisian rules from five men each
            r.orthogonal = true;
            r.choice = Rules::FrisianValue;
            r.king_move_limit = 3;
            return r;
        case Variant::Killer: r.king_halts_after_king = true; return r;
        case Variant::Breakthrough: r.no_moves_with_kings = true; return r;
        case Variant::English:
            r = eight_by_eight();
            r.men_capture_backward = false;
            r.flying_kings = false;
            r.choice = Rules::Free;
            r.crowning = Rules::EndsCapture;
            return r;
        case Variant::Brazilian:  // international rules on 8x8 (leaflet: S, DK)
            return eight_by_eight();
        case Variant::Russian:
            r = eight_by_eight();
            r.choice = Rules::Free;
            r.crowning = Rules::InPassing;
            return r;
        case Variant::Pool:
            r = eight_by_eight();
            r.choice = Rules::Free;
            return r;
        case Variant::Czech:
            r = eight_by_eight();
            r.men_capture_backward = false;
            r.choice = Rules::KingFirst;
            return r;
        case Variant::Spanish:
            r = eight_by_eight();
            r.mirrored = true;
            r.men_capture_backward = false;
            r.choice = Rules::PiecesThenKings;
            return r;
        case Variant::Italian:
            r = eight_by_eight();
            r.mirrored = true;
            r.men_capture_backward = false;
            r.men_capture_kings = false;
            r.flying_kings = false;
            r.choice = Rules::Italian;
            r.crowning = Rules::EndsCapture;
            return r;
        case Variant::Thai:
            r = eight_by_eight();
            r.men_capture_backward = false;
            r.king_lands_behind = true;
            r.remove_as_jumped = true;
            r.choice = Rules::Free;
            return r;
        case Variant::Norwegian:  // leaflet N: only kings capture backward, kings step
            r = eight_by_eight();
            r.men_capture_backward = false;
            r.flying_kings = false;
            return r;
        case Variant::Finnish:  // leaflet SF: men forward only, flying kings, free choice
            r = eight_by_eight();
            r.men_capture_backward = false;
            r.choice = Rules::Free;
            return r;
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
    Geometry(int columns, bool mirrored) : cols_(columns), rows_(2 * columns), mirrored_(mirrored) {}
    int squares() const { return rows_ * cols_; }
    int row(int s) const { return (s - 1) / cols_; }
    // Row 0 is Black's back row; even rows start with a light square. A mirrored board keeps
    // this geometry and counts each row's squares from the right.
    int file(int s) const {
        int k = (s - 1) % cols_;
        if (mirrored_) k = cols_ - 1 - k;
        return row(s) % 2 == 0 ? 2 * k + 1 : 2 * k;
    }
    // The square at (row, file), 0 when off the board or light.
    int at(int r, int f) const {
        if (r < 0 || r >= rows_ || f < 0 || f >= rows_ || (r + f) % 2 == 0) return 0;
        const int k = mirrored_ ? cols_ - 1 - f / 2 : f / 2;
        return r * cols_ + k + 1;
    }
    int next(int s, Delta d) const { return at(row(s) + d.dr, file(s) + d.df); }
    int rows() const { return rows_; }

private:
    int cols_, rows_;
    bool mirrored_;
};

bool is_white(char c) { return c == 'w' || c == 'W'; }
bool is_king(char c) { return c == 'W' || c == 'B'; }
bool belongs(char c, Color side) { return c != '.' && is_white(c) == (side == Color::White); }
bool contains(const std::vector<int>& v, int s) { return std::find(v.begin(), v.end(), s) != v.end(); }

struct Capture {
    int from, to;
    std::vector<int> captured;  // in order of capture
    std::vector<int> landings;  // in order
    bool by_king;
    bool promotes;
};

// Every complete capture sequence, by plain recursion over the legs.
class Search {
public:
    explicit Search(const ReferenceBoard& b) : b_(b), r_(rules_of(b.variant)), g_(r_.columns, r_.mirrored) {}

    std::vector<Capture> captures() {
        for (int s = 1; s <= g_.squares(); ++s) captures_from(s);
        return std::move(found_);
    }

    std::vector<Capture> captures_of(int s) {
        captures_from(s);
        return std::move(found_);
    }

    bool crown_row(int s) const { return g_.row(s) == (b_.side == Color::White ? 0 : g_.rows() - 1); }

private:
    void captures_from(int s) {
        if (!belongs(b_.cell[s], b_.side)) return;
        from_ = s;
        by_king_ = king_ = is_king(b_.cell[s]);
        crowned_ = false;
        path_.clear();
        landings_.clear();
        extend(s, true);
    }

    // Directions the piece may capture in.
    std::vector<Delta> capture_directions() const {
        std::vector<Delta> out;
        const int forward = b_.side == Color::White ? -1 : 1;
        for (Delta d : diagonals)
            if (king_ || r_.men_capture_backward || d.dr == forward) out.push_back(d);
        if (r_.orthogonal)
            for (Delta d : orthogonals) out.push_back(d);
        return out;
    }

    // Empty during the capture: nothing on it, the capturing piece's own start square, or
    // (Thai) a piece already taken.
    bool empty(int s) const { return b_.cell[s] == '.' || s == from_ || (r_.remove_as_jumped && contains(path_, s)); }
    // A piece may be jumped once (KNDB art. 4.6); an Italian man never takes a king.
    bool takeable(int s) const {
        if (!belongs(b_.cell[s], ~b_.side) || contains(path_, s)) return false;
        return king_ || r_.men_capture_kings || !is_king(b_.cell[s]);
    }

    void record(int to) {
        const bool promotes = !by_king_ && (crowned_ || crown_row(to));
        found_.push_back({from_, to, path_, landings_, by_king_, promotes});
    }

    struct Leg {
        int victim, land;
        bool behind;  // landed directly behind the victim
    };

    // Every single jump from `at` in the current state of the capture.
    std::vector<Leg> legs(int at) const {
        std::vector<Leg> out;
        for (Delta d : capture_directions()) {
            if (king_ && r_.flying_kings) {
                int victim = g_.next(at, d);
                while (victim && empty(victim)) victim = g_.next(victim, d);
                if (!victim || !takeable(victim)) continue;
                const int behind = g_.next(victim, d);
                for (int land = behind; land && empty(land); land = g_.next(land, d)) {
                    out.push_back({victim, land, land == behind});
                    if (r_.king_lands_behind) break;
                }
            } else {
                const int victim = g_.next(at, d);
                if (!victim || !takeable(victim)) continue;
                const int land = g_.next(victim, d);
                if (land && empty(land)) out.push_back({victim, land, true});
            }
        }
        return out;
    }

    // Could the capture go on after this leg? (Only asked for a flying king's landings.)
    bool continues(const Leg& leg) {
        path_.push_back(leg.victim);
        const bool more = !legs(leg.land).empty();
        path_.pop_back();
        return more;
    }

    void jump(const Leg& leg) {
        // Killer: a king must stop right behind a king it takes last.
        const bool may_end = !(king_ && r_.king_halts_after_king && is_king(b_.cell[leg.victim])) || leg.behind;
        path_.push_back(leg.victim);
        landings_.push_back(leg.land);
        const bool crowns = !king_ && crown_row(leg.land);
        if (crowns && r_.crowning == Rules::EndsCapture) {
            record(leg.land);
        } else if (crowns && r_.crowning == Rules::InPassing) {
            king_ = crowned_ = true;
            extend(leg.land, may_end);
            king_ = crowned_ = false;
        } else {
            extend(leg.land, may_end);
        }
        path_.pop_back();
        landings_.pop_back();
    }

    // `may_end`: the capture may stop here. A capture goes on while it can (KNDB art. 4.5;
    // "a started capture must be completed"): of the squares beyond one victim, a flying king
    // must pick one from which it can capture again if there is one (this matters only
    // where the capture is not chosen by size: Russian, pool, Czech, Thai, Finnish).
    void extend(int at, bool may_end) {
        const std::vector<Leg> all = legs(at);
        if (all.empty()) {
            if (!path_.empty() && may_end) record(at);
            return;
        }
        std::vector<bool> goes_on(all.size());
        for (size_t i = 0; i < all.size(); ++i) goes_on[i] = king_ && continues(all[i]);
        for (size_t i = 0; i < all.size(); ++i) {
            bool sibling_goes_on = false;
            for (size_t k = 0; k < all.size(); ++k) sibling_goes_on |= all[k].victim == all[i].victim && goes_on[k];
            if (sibling_goes_on && !goes_on[i]) continue;
            jump(all[i]);
        }
    }

    const ReferenceBoard& b_;
    Rules r_;
    Geometry g_;
    int from_ = 0;
    bool by_king_ = false, king_ = false, crowned_ = false;
    std::vector<int> path_, landings_;
    std::vector<Capture> found_;
};

// The precedence of a capture as a key: only captures with the greatest key are legal.
std::vector<int> capture_rank(const ReferenceBoard& b, const Rules& r, const Capture& c) {
    const int pieces = static_cast<int>(c.captured.size());
    int kings = 0;
    for (int s : c.captured) kings += is_king(b.cell[s]);
    switch (r.choice) {
        case Rules::Free: return {};
        case Rules::MostPieces: return {pieces};
        case Rules::FrisianValue:
            // Frisian art. 11: a king is worth more than one man and less than two, n kings
            // more than 2n-1 men: a king counts 2 - 1/64 men (no move takes 64 kings).
            // Art. 12: at equal value a capture by a king goes first.
            return {64 * (pieces - kings) + 127 * kings, c.by_king};
        case Rules::KingFirst: return {c.by_king};
        case Rules::PiecesThenKings: return {pieces, kings};
        case Rules::Italian: {
            std::vector<int> key{pieces, c.by_king, kings};
            // Kings taken earliest: compare the king/man pattern in capture order.
            for (int s : c.captured) key.push_back(is_king(b.cell[s]));
            return key;
        }
    }
    return {};
}

}  // namespace

std::string to_string(const ReferenceMove& m) {
    std::string s = std::to_string(m.from) + (m.captured.empty() ? "-" : "x") + std::to_string(m.to);
    for (int c : m.captured) s += "x" + std::to_string(c);
    return m.promotes ? s + "(K)" : s;
}

ReferenceFacts reference_facts(Variant variant) {
    const Rules r = rules_of(variant);
    return {2 * r.columns * r.columns, r.king_move_limit, r.no_moves_with_kings};
}

ReferenceBoard reference_board(Variant variant, const Position& pos, int run_square, int run_count) {
    ReferenceBoard b;
    b.variant = variant;
    const int n = reference_facts(variant).squares;
    b.cell.assign(n + 1, '.');
    for (int s = 1; s <= n; ++s) {
        const Bitboard at = bit(rulebook(variant).bit_of_square(s));
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
    const Geometry g(r.columns, r.mirrored);
    if (r.no_moves_with_kings && std::any_of(b.cell.begin(), b.cell.end(), is_king)) return {};
    Search search(b);
    const std::vector<Capture> captures = search.captures();
    std::set<ReferenceMove> moves;
    if (!captures.empty()) {
        std::vector<int> best;
        for (const Capture& c : captures) best = std::max(best, capture_rank(b, r, c));
        for (const Capture& c : captures) {
            if (capture_rank(b, r, c) != best) continue;
            std::vector<int> set = c.captured;
            std::sort(set.begin(), set.end());
            moves.insert({c.from, c.to, set, c.promotes});
        }
        return {moves.begin(), moves.end()};
    }
    const int forward = b.side == Color::White ? -1 : 1;
    bool has_men = false;
    for (int s = 1; s <= g.squares(); ++s) has_men |= belongs(b.cell[s], b.side) && !is_king(b.cell[s]);
    for (int s = 1; s <= g.squares(); ++s) {
        if (!belongs(b.cell[s], b.side)) continue;
        if (!is_king(b.cell[s])) {
            for (Delta d : diagonals)
                if (d.dr == forward)
                    if (int t = g.next(s, d); t && b.cell[t] == '.') moves.insert({s, t, {}, search.crown_row(t)});
            continue;
        }
        // Frisian art. 17: a king that made the limit of quiet moves in a row rests while its
        // side has men.
        if (r.king_move_limit && has_men && b.run_square == s && b.run_count >= r.king_move_limit) continue;
        for (Delta d : diagonals)
            for (int t = g.next(s, d); t && b.cell[t] == '.'; t = g.next(t, d)) {
                moves.insert({s, t, {}, false});
                if (!r.flying_kings) break;
            }
    }
    return {moves.begin(), moves.end()};
}

std::vector<ReferencePath> reference_capture_paths(const ReferenceBoard& b) {
    if (rules_of(b.variant).no_moves_with_kings && std::any_of(b.cell.begin(), b.cell.end(), is_king)) return {};
    std::vector<ReferencePath> out;
    for (const Capture& c : Search(b).captures()) out.push_back({c.from, c.landings, c.captured, c.promotes});
    return out;
}

bool valid_capture_path(const ReferenceBoard& b, int from, const std::vector<int>& landings,
                        const std::vector<int>& captured, std::string& why, std::vector<int>* order) {
    if (from < 1 || from >= static_cast<int>(b.cell.size()) || !belongs(b.cell[from], b.side))
        return why = "no own piece on the start square", false;
    // Every complete capture from `from` is enumerated; the path must be one of them.
    Search search(b);
    for (const Capture& c : search.captures_of(from)) {
        if (c.landings != landings) continue;
        std::vector<int> set = c.captured;
        std::sort(set.begin(), set.end());
        if (set != captured) return why = "captured pieces differ from the legs", false;
        if (order) *order = c.captured;
        return true;
    }
    std::string legs = std::to_string(from);
    for (int s : landings) legs += "x" + std::to_string(s);
    return why = "no complete capture runs " + legs, false;
}

void ReferenceRun::after_move(const ReferenceBoard& before, const ReferenceMove& move) {
    // Art. 17 binds only a player who has men as well as kings; without men nothing counts.
    const char mover = before.cell[move.from];
    const char own_man = is_white(mover) ? 'w' : 'b';
    const bool has_men = std::find(before.cell.begin() + 1, before.cell.end(), own_man) != before.cell.end();
    if (is_king(mover) && move.captured.empty() && has_men) {
        count = square == move.from && count > 0 ? std::min(count + 1, 3) : 1;
        square = move.to;
    } else {
        *this = {};
    }
}

}  // namespace kroon::test
