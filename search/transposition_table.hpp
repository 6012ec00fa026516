// The transposition table: buckets of four entries in one cache line, shared by all search
// threads without locks. Each entry stores its key xor-ed with its data, so an entry torn
// by two threads writing at once fails the key check instead of giving a wrong answer.
#pragma once

#include <atomic>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include "platform/memory.hpp"

namespace kroon::search {

enum class Bound : std::uint8_t { None = 0, Upper = 1, Lower = 2, Exact = 3 };

struct TableEntry {
    static constexpr int no_eval = -32768;  // the static evaluation was not computed
    int score = 0;
    int eval = no_eval;
    int depth = 0;
    Bound bound = Bound::None;
    int move = -1;  // index of the best move in generation order, -1 when none
};

class TranspositionTable {
public:
    explicit TranspositionTable(int mib = 64) { resize(mib); }

    void resize(int mib);
    void clear();
    void new_search() { generation_ = static_cast<std::uint8_t>((generation_ + 1) & 63); }

    bool probe(std::uint64_t key, TableEntry& out) const;
    // Starts loading the key's bucket into the cache before the probe needs it.
    void prefetch(std::uint64_t key) const { __builtin_prefetch(&bucket(key)); }
    // Writes a result. `move` -1 (none) keeps the move an earlier result for the same position
    // found. An upper bound names none whatever `move` says: where every move failed low, the
    // highest of their bounds is no better move than the others, and the earlier move, put
    // first, cuts off far more often (a quarter fewer nodes to the same depth; docs/search.md).
    void store(std::uint64_t key, int score, int eval, int depth, Bound bound, int move);
    // Permille of the first thousand entries written by this search: how full the table is.
    int hashfull() const;

private:
    struct Slot {
        std::atomic<std::uint64_t> check{0};  // key ^ data
        std::atomic<std::uint64_t> data{0};
    };
    struct alignas(64) Bucket {
        Slot slots[4];
    };

    static std::uint64_t pack(int score, int eval, int depth, Bound bound, int move, std::uint8_t gen);
    static TableEntry unpack(std::uint64_t data);
    static int generation_of(std::uint64_t data) { return static_cast<int>((data >> 56) & 63); }
    static int depth_of(std::uint64_t data) { return static_cast<int>((data >> 48) & 0xFF); }

    // Maps the key onto the buckets with a multiply, so any table size works.
    Bucket& bucket(std::uint64_t key) const {
        __extension__ using Wide = unsigned __int128;
        return buckets_[static_cast<std::size_t>((static_cast<Wide>(key) * count_) >> 64)];
    }

    struct Free {
        void operator()(Bucket* p) const { platform::free_large(p); }
    };
    std::unique_ptr<Bucket[], Free> buckets_;
    std::size_t count_ = 0;
    std::uint8_t generation_ = 0;
};

}  // namespace kroon::search
