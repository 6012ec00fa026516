// A draughts position: pieces, side to move, the Frisian king-move state, and its Zobrist
// hash kept up to date by play(). Positions are small, so search and perft copy-make them.
#pragma once

#include <algorithm>
#include <cstdint>

#include "engine/bitboard.hpp"
#include "engine/position/move.hpp"
#include "engine/position/zobrist.hpp"
#include "engine/rules/rules.hpp"
#include "engine/types.hpp"

namespace kroon {

// Frisian art. 17: consecutive non-capturing moves made by one king (on `square` now).
struct KingRun {
    std::uint8_t square = 0;
    std::uint8_t count = 0;
    friend bool operator==(const KingRun&, const KingRun&) = default;
};

class Position {
public:
    Position() = default;

    template <RuleSet R>
    static Position start();
    // Builds a position from piece sets (bit layout of the variant's board) and computes its hash.
    static Position from_sets(Bitboard white, Bitboard black, Bitboard kings, Color side, KingRun white_run = {},
                              KingRun black_run = {});

    Color side_to_move() const { return side_; }
    Bitboard pieces(Color c) const { return pieces_[index(c)]; }
    Bitboard men(Color c) const { return pieces_[index(c)] & ~kings_; }
    Bitboard kings(Color c) const { return pieces_[index(c)] & kings_; }
    Bitboard kings() const { return kings_; }
    Bitboard occupied() const { return pieces_[0] | pieces_[1]; }
    KingRun king_run(Color c) const { return runs_[index(c)]; }
    std::uint64_t hash() const { return hash_; }

    // Plays a legal move of this position (from the variant's generator). Plain perft never
    // looks a position up, so it skips the hash update (the hash is then stale).
    template <RuleSet R, bool UpdateHash = true>
    void play(const Move& m) {
        play_into<R, UpdateHash>(m, *this);
    }
    template <RuleSet R, bool UpdateHash = true>
    [[gnu::always_inline]] Position after(const Move& m) const {
        // Built field by field rather than copied and then changed: reading back a field of a
        // copy that was just stored as a block stalls the processor's store forwarding.
        Position p;
        play_into<R, UpdateHash>(m, p);
        return p;
    }

    // The hash of after<R>(m), all that a prefetch of the child's table bucket needs: inlined,
    // the rest of the move is dropped.
    template <RuleSet R>
    std::uint64_t hash_after(const Move& m) const;

    std::uint64_t compute_hash() const;
    friend bool operator==(const Position& a, const Position& b) {
        return a.pieces_[0] == b.pieces_[0] && a.pieces_[1] == b.pieces_[1] && a.kings_ == b.kings_ &&
               a.side_ == b.side_ && a.runs_[0] == b.runs_[0] && a.runs_[1] == b.runs_[1];
    }

private:
    // Writes into `out` this position with `m` played; `out` may be this position.
    template <RuleSet R, bool UpdateHash>
    void play_into(const Move& m, Position& out) const;

    static std::uint64_t run_key(Color c, KingRun r) {
        return r.count ? zobrist::keys.run_count[index(c)][r.count] ^ zobrist::keys.run_square[index(c)][r.square] : 0;
    }

    Bitboard pieces_[2] = {0, 0};
    Bitboard kings_ = 0;
    KingRun runs_[2] = {};
    Color side_ = Color::White;
    std::uint64_t hash_ = 0;
};

// Row a side's men are crowned on: White moves up to row 0, Black down to the last row.
template <RuleSet R>
constexpr Bitboard promotion_row(Color c) {
    using B = typename R::Board;
    return c == Color::White ? B::row_mask(0) : B::row_mask(B::rows - 1);
}

template <RuleSet R>
Position Position::start() {
    using B = typename R::Board;
    Bitboard black = 0, white = 0;
    for (int r = 0; r < R::start_rows; ++r) {
        black |= B::row_mask(r);
        white |= B::row_mask(B::rows - 1 - r);
    }
    return from_sets(white, black, 0, R::first_player);
}

template <RuleSet R, bool UpdateHash>
[[gnu::always_inline]] inline void Position::play_into(const Move& m, Position& out) const {
    const Color us = side_;
    const Color them = ~us;
    const Bitboard from = bit(m.from);
    const Bitboard to = bit(m.to);
    Bitboard mine = pieces_[index(us)];
    Bitboard theirs = pieces_[index(them)];
    Bitboard kings = kings_;
    std::uint64_t hash = hash_;
    const bool was_king = (kings & from) != 0;
    [[maybe_unused]] const auto& z = zobrist::keys;

    if constexpr (UpdateHash)
        hash ^=
            z.piece[index(us)][was_king][m.from] ^ z.piece[index(us)][was_king || m.promotes][m.to] ^ z.black_to_move;
    mine = (mine & ~from) | to;
    if (was_king)
        kings = (kings & ~from) | to;
    else if (m.promotes)
        kings |= to;

    if (m.captured) {
        if constexpr (UpdateHash)
            for (int b : Bits{m.captured}) hash ^= z.piece[index(them)][(kings >> b) & 1][b];
        theirs &= ~m.captured;
        kings &= ~m.captured;
    }

    KingRun run = runs_[index(us)];
    if constexpr (R::king_move_limit > 0) {
        // Frisian art. 17: count quiet moves of the same king; anything else resets.
        if constexpr (UpdateHash) hash ^= run_key(us, run);
        // A side with only kings is not bound (art. 17), and it never gets men back: drop the
        // state so that equal positions hash equal for repetition.
        if (was_king && !m.captured && (mine & ~kings)) {
            const bool same_king = run.count > 0 && run.square == m.from;
            run.count = static_cast<std::uint8_t>(same_king ? std::min(run.count + 1, R::king_move_limit) : 1);
            run.square = m.to;
        } else {
            run = {};
        }
        if constexpr (UpdateHash) hash ^= run_key(us, run);
    }
    const KingRun their_run = runs_[index(them)];
    out.pieces_[index(us)] = mine;
    out.pieces_[index(them)] = theirs;
    out.kings_ = kings;
    out.runs_[index(us)] = run;
    out.runs_[index(them)] = their_run;
    out.side_ = them;
    out.hash_ = hash;
}

template <RuleSet R>
[[gnu::always_inline]] inline std::uint64_t Position::hash_after(const Move& m) const {
    // play_into is inlined, and what it writes besides the hash is never read.
    Position child;
    play_into<R, true>(m, child);
    return child.hash_;
}

}  // namespace kroon
