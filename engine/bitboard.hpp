// Bitboard word and bit helpers shared by every board size.
#pragma once

#include <bit>
#include <cstdint>

namespace kroon {

using Bitboard = std::uint64_t;

constexpr Bitboard bit(int index) { return Bitboard{1} << index; }
inline int popcount(Bitboard b) { return std::popcount(b); }
inline int lowest_bit(Bitboard b) { return std::countr_zero(b); }
inline int highest_bit(Bitboard b) { return 63 - std::countl_zero(b); }

// Range-for over the set bits of a word: `for (int sq : Bits{men})`.
class Bits {
public:
    explicit constexpr Bits(Bitboard b) : bits_(b) {}
    class Iterator {
    public:
        explicit constexpr Iterator(Bitboard b) : rest_(b) {}
        int operator*() const { return std::countr_zero(rest_); }
        Iterator& operator++() {
            rest_ &= rest_ - 1;
            return *this;
        }
        bool operator!=(const Iterator& other) const { return rest_ != other.rest_; }

    private:
        Bitboard rest_;
    };
    Iterator begin() const { return Iterator(bits_); }
    Iterator end() const { return Iterator(0); }

private:
    Bitboard bits_;
};

}  // namespace kroon
