// Rulebook::divide: perft below each root move, on one thread or shared out over several.
#include <algorithm>
#include <atomic>
#include <mutex>
#include <thread>

#include "engine/rulebook/rulebook.hpp"

namespace kroon {

std::vector<DivideEntry> Rulebook::divide(const Position& pos, int depth, const std::function<void(int, int)>& progress,
                                          int threads, PerftTable* table) const {
    MoveList list;
    generate_moves(pos, list);
    std::vector<DivideEntry> entries;
    for (const Move& m : list) entries.push_back({m, 0});
    const int total = static_cast<int>(entries.size());

    // The work is cut into jobs handed out one at a time: subtrees differ in size by an order
    // of magnitude, so a static split would leave threads idle. On several threads the jobs
    // are the replies to each root move, not the root moves alone: a start position has only
    // 9 root moves (international), and the last large one would keep one thread busy alone.
    struct Job {
        int root;
        Position position;
    };
    std::vector<Job> jobs;
    std::vector<int> jobs_left(entries.size(), 0);
    const bool split_replies = threads > 1 && depth >= 3;
    std::mutex progress_mutex;
    int done = 0;
    const auto root_move_done = [&] {
        if (progress) progress(++done, total);
    };
    for (int i = 0; i < total; ++i) {
        const Position child = after(pos, entries[static_cast<std::size_t>(i)].move);
        if (!split_replies) {
            jobs.push_back({i, child});
            jobs_left[static_cast<std::size_t>(i)] = 1;
            continue;
        }
        MoveList replies;
        generate_moves(child, replies);
        for (const Move& reply : replies) jobs.push_back({i, after(child, reply)});
        jobs_left[static_cast<std::size_t>(i)] = replies.size();
        if (replies.empty()) root_move_done();  // no reply: the game is over, nothing below
    }
    const int job_depth = split_replies ? depth - 2 : depth - 1;

    std::vector<std::uint64_t> counts(jobs.size(), 0);
    std::atomic<std::size_t> next{0};
    auto count_jobs = [&] {
        for (std::size_t j = next++; j < jobs.size(); j = next++) {
            const Position& position = jobs[j].position;
            counts[j] = job_depth <= 0 ? 1 : table ? perft(position, job_depth, *table) : perft(position, job_depth);
            const std::lock_guard lock(progress_mutex);
            if (--jobs_left[static_cast<std::size_t>(jobs[j].root)] == 0) root_move_done();
        }
    };
    const int helpers = std::clamp(threads, 1, std::max(static_cast<int>(jobs.size()), 1)) - 1;
    std::vector<std::thread> pool;
    pool.reserve(static_cast<std::size_t>(helpers));
    for (int t = 0; t < helpers; ++t) pool.emplace_back(count_jobs);
    count_jobs();
    for (std::thread& thread : pool) thread.join();
    for (std::size_t j = 0; j < jobs.size(); ++j) entries[static_cast<std::size_t>(jobs[j].root)].nodes += counts[j];
    return entries;
}

}  // namespace kroon
