// Work over the indices of a slice, shared among threads.
#pragma once

#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace kroon::egdb {

// Indices handed out per claim: a multiple of 64, so that threads never write the same word
// of a packed array or a bitset.
constexpr std::uint64_t parallel_chunk = 1 << 14;

// Runs body(begin, end) on `threads` threads over [0, count), chunk by chunk, so that every
// thread gets a share of the costly and the cheap parts of a slice.
template <class F>
void parallel_chunks(std::uint64_t count, int threads, F&& body) {
    if (threads <= 1 || count < 4 * parallel_chunk) {
        body(std::uint64_t{0}, count);
        return;
    }
    std::atomic<std::uint64_t> next{0};
    auto work = [&] {
        for (std::uint64_t begin; (begin = next.fetch_add(parallel_chunk)) < count;)
            body(begin, std::min(begin + parallel_chunk, count));
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
}

}  // namespace kroon::egdb
