#include "search/transposition_table.hpp"

#include <algorithm>
#include <memory>
#include <new>

namespace kroon::search {

// Data layout (64 bits): score 16 | eval 16 | move 16 | depth 8 | bound 2 | generation 6.
std::uint64_t TranspositionTable::pack(int score, int eval, int depth, Bound bound, int move, std::uint8_t gen) {
    const auto s = static_cast<std::uint16_t>(static_cast<std::int16_t>(score));
    const auto e = static_cast<std::uint16_t>(static_cast<std::int16_t>(eval));
    const auto m = static_cast<std::uint16_t>(move < 0 ? 0xFFFF : move);
    const auto d = static_cast<std::uint8_t>(std::clamp(depth, 0, 255));
    return std::uint64_t{s} | std::uint64_t{e} << 16 | std::uint64_t{m} << 32 | std::uint64_t{d} << 48 |
           std::uint64_t(gen & 63) << 56 | std::uint64_t(static_cast<std::uint8_t>(bound)) << 62;
}

TableEntry TranspositionTable::unpack(std::uint64_t data) {
    TableEntry e;
    e.score = static_cast<std::int16_t>(data & 0xFFFF);
    e.eval = static_cast<std::int16_t>((data >> 16) & 0xFFFF);
    const auto m = static_cast<int>((data >> 32) & 0xFFFF);
    e.move = m == 0xFFFF ? -1 : m;
    e.depth = depth_of(data);
    e.bound = static_cast<Bound>(data >> 62);
    return e;
}

void TranspositionTable::resize(int mib) {
    // In 2 MiB pages where the system gives them (platform/memory.hpp): with 4 KiB pages
    // nearly every probe of a big table also misses the TLB, which costs a fifth of the
    // search's time.
    std::size_t bytes = static_cast<std::size_t>(std::max(1, mib)) << 20;
    // Never more than half the machine's memory: the table is touched right away.
    if (const std::uint64_t physical = platform::physical_memory_bytes(); physical > 0)
        bytes = std::min(bytes, static_cast<std::size_t>(physical / 2));
    buckets_.reset();
    void* memory = nullptr;
    // Too big for the machine: take the largest size that fits rather than fail.
    for (; bytes >= (std::size_t{1} << 20); bytes /= 2)
        if ((memory = platform::allocate_large(bytes))) break;
    if (!memory) throw std::bad_alloc();
    count_ = bytes / sizeof(Bucket);
    buckets_.reset(static_cast<Bucket*>(memory));
    std::uninitialized_value_construct_n(buckets_.get(), count_);
    generation_ = 0;
}

void TranspositionTable::clear() {
    for (std::size_t i = 0; i < count_; ++i)
        for (auto& s : buckets_[i].slots) {
            s.check.store(0, std::memory_order_relaxed);
            s.data.store(0, std::memory_order_relaxed);
        }
    generation_ = 0;
}

bool TranspositionTable::probe(std::uint64_t key, TableEntry& out) const {
    for (const auto& s : bucket(key).slots) {
        const std::uint64_t data = s.data.load(std::memory_order_relaxed);
        if ((s.check.load(std::memory_order_relaxed) ^ data) == key && data != 0) {
            out = unpack(data);
            return true;
        }
    }
    return false;
}

void TranspositionTable::store(std::uint64_t key, int score, int eval, int depth, Bound bound, int move) {
    if (bound == Bound::Upper) move = -1;
    Bucket& b = bucket(key);
    Slot* victim = &b.slots[0];
    int worst = 1 << 30;
    for (auto& s : b.slots) {
        const std::uint64_t data = s.data.load(std::memory_order_relaxed);
        if ((s.check.load(std::memory_order_relaxed) ^ data) == key || data == 0) {
            // Same position: keep the old best move when the new result has none.
            if (data != 0) {
                const TableEntry old = unpack(data);
                if (move < 0) move = old.move;
                if (bound != Bound::Exact && depth + 2 < old.depth && generation_of(data) == generation_) return;
            }
            victim = &s;
            break;
        }
        // Replace the shallowest entry, entries from older searches first.
        const int age = (generation_ - generation_of(data)) & 63;
        const int value = depth_of(data) - 8 * age;
        if (value < worst) {
            worst = value;
            victim = &s;
        }
    }
    const std::uint64_t data = pack(score, eval, depth, bound, move, generation_);
    victim->check.store(key ^ data, std::memory_order_relaxed);
    victim->data.store(data, std::memory_order_relaxed);
}

int TranspositionTable::hashfull() const {
    const std::size_t buckets = std::min<std::size_t>(count_, 250);
    int used = 0;
    for (std::size_t i = 0; i < buckets; ++i)
        for (const Slot& s : buckets_[i].slots) {
            const std::uint64_t data = s.data.load(std::memory_order_relaxed);
            if (data != 0 && generation_of(data) == generation_) ++used;
        }
    return buckets == 0 ? 0 : static_cast<int>(used * 1000 / (buckets * 4));
}

}  // namespace kroon::search
