// The transposition table of `kroon perft --hash`: subtree leaf counts by position and depth.
// Threads share it without locks: each entry stores its key XOR its count, so a half-written
// entry fails the key check instead of giving a wrong count. A 64-bit key collision can still
// give a wrong count, which is why a hashed perft is reported apart from the plain one.
#pragma once

#include <algorithm>
#include <atomic>
#include <bit>
#include <cstdint>
#include <memory>
#include <optional>

namespace kroon {

class PerftTable {
public:
    // Throws std::bad_alloc when `mib` MiB cannot be had.
    explicit PerftTable(std::size_t mib)
        : size_(std::bit_floor(std::max<std::size_t>(mib * (std::size_t{1} << 20) / sizeof(Entry), 1))),
          entries_(new Entry[size_]) {}

    std::size_t bytes() const { return size_ * sizeof(Entry); }
    void clear() {
        for (std::size_t i = 0; i < size_; ++i) entries_[i].store(0, 0);
    }

    std::optional<std::uint64_t> find(std::uint64_t hash, int depth) const {
        const std::uint64_t key = key_of(hash, depth);
        const Entry& e = entries_[key & (size_ - 1)];
        const std::uint64_t nodes = e.nodes.load(std::memory_order_relaxed);
        if ((e.check.load(std::memory_order_relaxed) ^ nodes) != key) return std::nullopt;
        return nodes;
    }
    void store(std::uint64_t hash, int depth, std::uint64_t nodes) {
        const std::uint64_t key = key_of(hash, depth);
        entries_[key & (size_ - 1)].store(key ^ nodes, nodes);
    }

private:
    struct Entry {
        std::atomic<std::uint64_t> check{0};  // key ^ nodes
        std::atomic<std::uint64_t> nodes{0};
        void store(std::uint64_t c, std::uint64_t n) {
            check.store(c, std::memory_order_relaxed);
            nodes.store(n, std::memory_order_relaxed);
        }
    };
    // The same position at another depth is another entry.
    static std::uint64_t key_of(std::uint64_t hash, int depth) {
        return hash ^ (static_cast<std::uint64_t>(depth) * 0x9E3779B97F4A7C15ULL);
    }

    std::size_t size_;
    std::unique_ptr<Entry[]> entries_;
};

}  // namespace kroon
