// A move: from, to (bit indices), the set of captured pieces and whether the man is crowned.
// That is enough to play and undo it and, with the position, to print every notation.
#pragma once

#include <array>
#include <cstdint>

#include "engine/bitboard.hpp"

namespace kroon {

// Trivially constructible on purpose: move lists are created at every node and must not
// pay for initialising their storage. Write `Move{}` for a zeroed move.
struct Move {
    Bitboard captured;
    std::uint8_t from;
    std::uint8_t to;
    bool promotes;

    bool is_capture() const { return captured != 0; }
    int capture_count() const { return popcount(captured); }
    friend bool operator==(const Move&, const Move&) = default;
};

// Fixed-capacity move list; no allocation in the hot path.
class MoveList {
public:
    // Far above any position reachable in play; extra moves are dropped, never written out
    // of bounds.
    static constexpr int capacity = 640;

    void clear() { size_ = 0; }
    void push(const Move& m) {
        if (size_ < capacity) moves_[size_++] = m;
    }
    int size() const { return size_; }
    bool empty() const { return size_ == 0; }
    const Move& operator[](int i) const { return moves_[i]; }
    const Move* begin() const { return moves_.data(); }
    const Move* end() const { return moves_.data() + size_; }
    // For a generator that knows its moves fit: write them from here on, then set the new end.
    // Avoids re-reading the size after every move (the byte-sized fields of a move may alias it).
    Move* end_for_writing() { return moves_.data() + size_; }
    void set_end(const Move* end) { size_ = static_cast<int>(end - moves_.data()); }
    bool contains(const Move& m) const {
        for (int i = 0; i < size_; ++i)
            if (moves_[i] == m) return true;
        return false;
    }

private:
    std::array<Move, capacity> moves_;
    int size_ = 0;
};

}  // namespace kroon
