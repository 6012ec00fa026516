// The static evaluations a search thread computed last, by position hash: a quiet leaf's
// evaluation costs more than the rest of its node, and the quiescence search meets the same
// positions again through transpositions. Direct-mapped, one 8-byte slot a position; the
// evaluation is a function of the position alone, so a hit returns what a new call would
// (scores fit 16 bits: the evaluation is clamped to +-eval::max_score).
#pragma once

#include <algorithm>
#include <cstdint>
#include <vector>

namespace kroon::search {

class EvalCache {
public:
    EvalCache() : slots_(std::size_t{1} << index_bits, empty) {}

    void clear() { std::fill(slots_.begin(), slots_.end(), empty); }

    // The slot keeps the hash's upper 48 bits beside the score, and its lower 16 bits are
    // the slot's index: a hit matches the whole hash.
    bool find(std::uint64_t hash, int& score) const {
        const std::uint64_t slot = slots_[hash & index_mask];
        if ((slot ^ hash) & ~score_mask) return false;
        score = static_cast<std::int16_t>(slot & score_mask);
        return true;
    }

    void prefetch(std::uint64_t hash) const { __builtin_prefetch(&slots_[hash & index_mask]); }

    void store(std::uint64_t hash, int score) {
        slots_[hash & index_mask] = (hash & ~score_mask) | static_cast<std::uint16_t>(score);
    }

private:
    static constexpr int index_bits = 16;  // 512 KiB: fits a core's L2 cache
    static_assert(index_bits >= 16, "the index and the kept upper 48 bits cover the hash");
    static constexpr std::uint64_t index_mask = (std::uint64_t{1} << index_bits) - 1;
    static constexpr std::uint64_t score_mask = 0xffff;
    // An empty slot matches only a hash whose upper 48 bits are all ones: one in 2^48.
    static constexpr std::uint64_t empty = ~std::uint64_t{0} - index_mask;
    std::vector<std::uint64_t> slots_;
};

}  // namespace kroon::search
