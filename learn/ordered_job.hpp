// The shape of Kroon's data jobs (self-play, rescoring): numbered items made by worker
// threads, each with an engine of its own, and written to the data file in their order
// whichever thread finishes first, so that the file is the same for any thread count and a
// progress mark after the last item written lets a stopped job resume there.
#pragma once

#include <atomic>
#include <cstddef>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <utility>
#include <vector>

#include "play/thinker.hpp"

namespace kroon::learn {

// An engine for making data: a 16 MiB table, no endgame databases (so an item is the same on
// every machine) and no book (the variety comes from the openings, the score from the
// search); then `options` (play/options.hpp), which may change any of them.
std::unique_ptr<play::Thinker> data_engine(const std::vector<std::pair<std::string, std::string>>& options);

// Items 0 .. count-1 made by `threads` threads and handed to `write(i, item)` in the order of
// i, one call at a time. Each thread calls `make_maker()` once for a maker of its own (item =
// maker(i)), which may own an engine. No item is begun once `*stop` is set.
template <typename MakeMaker, typename Write>
void run_in_order(int threads, std::size_t count, const std::atomic<bool>* stop, MakeMaker make_maker, Write write) {
    using Item = decltype(make_maker()(std::size_t{}));
    std::atomic<std::size_t> next{0};
    std::mutex mutex;
    std::map<std::size_t, Item> finished;  // waiting for the items before them
    std::size_t written = 0;
    const auto work = [&] {
        auto make = make_maker();
        for (;;) {
            if (stop && stop->load()) return;
            const std::size_t i = next.fetch_add(1);
            if (i >= count) return;
            Item item = make(i);
            std::lock_guard lock(mutex);
            finished.emplace(i, std::move(item));
            for (auto it = finished.find(written); it != finished.end(); it = finished.find(written)) {
                write(written, it->second);
                finished.erase(it);
                ++written;
            }
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(work);
    work();
    for (auto& t : pool) t.join();
}

}  // namespace kroon::learn
