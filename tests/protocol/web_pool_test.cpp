// The search pool of `kroon serve`: never more searches than slots, first come first served,
// and a stopped request (queued or running) ends, long before anything else would end it.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

#include "protocol/web/search_pool.hpp"

namespace kroon::web {
namespace {

// Collects the results of jobs, waiting with a deadline.
struct Results {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<JobResult> done;
    std::atomic<int> started{0};

    SearchJob job(search::Limits limits) {
        SearchJob job;
        job.limits = limits;
        job.on_start = [this] { ++started; };
        job.on_done = [this](const JobResult& r) {
            std::lock_guard lock(mutex);
            done.push_back(r);
            changed.notify_all();
        };
        return job;
    }
    bool wait_for(std::size_t count, std::chrono::milliseconds timeout) {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, timeout, [&] { return done.size() >= count; });
    }
};

// These searches are about the pool, not the opening book: from the start it would answer at once.
const std::vector<std::pair<std::string, std::string>> no_book = {{"book", "false"}};

search::Limits depth(int d) {
    search::Limits l;
    l.depth = d;
    return l;
}

search::Limits endless() {
    search::Limits l;
    l.infinite = true;
    l.analysis = true;
    return l;
}

TEST(WebPool, RunsNoMoreSearchesThanSlots) {
    Results results;  // outlives the pool, whose last searches report to it
    SearchPool pool(PoolOptions{.slots = 2, .hash_mib = 8, .slice = 10, .engine_options = no_book});
    for (int i = 0; i < 8; ++i) pool.submit(results.job(depth(7)));
    ASSERT_TRUE(results.wait_for(8, std::chrono::seconds(60)));
    EXPECT_EQ(pool.peak_running(), 2);
    EXPECT_EQ(pool.finished(), 8u);
    for (const JobResult& r : results.done) {
        EXPECT_TRUE(r.started);
        EXPECT_TRUE(r.outcome.best.has_value());
        EXPECT_EQ(r.outcome.depth, 7);
    }
}

TEST(WebPool, AStoppedRequestEndsQueuedOrRunning) {
    Results results;  // outlives the pool, whose last searches report to it
    SearchPool pool(PoolOptions{.slots = 1, .hash_mib = 8, .slice = 1000, .engine_options = no_book});
    const auto running = pool.submit(results.job(endless()));
    const auto waiting = pool.submit(results.job(depth(3)));
    while (results.started == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    EXPECT_EQ(pool.running(), 1);
    EXPECT_EQ(pool.queued(), 1);

    // Nothing else ends these requests: the running one has a slice of 1000 s and no limit, so
    // reports well inside the waits below come from the stops (bounds generous for a loaded
    // machine and the sanitizer build).
    pool.stop(waiting);
    ASSERT_TRUE(results.wait_for(1, std::chrono::seconds(30)));
    EXPECT_FALSE(results.done[0].started) << "the queued request never ran";

    pool.stop(running);
    ASSERT_TRUE(results.wait_for(2, std::chrono::seconds(30)));
    EXPECT_TRUE(results.done[1].started);
    EXPECT_TRUE(results.done[1].outcome.best.has_value()) << "a stopped search reports what it found";
    EXPECT_FALSE(results.done[1].preempted);
    pool.stop(running);  // a finished id is ignored
    pool.stop(12345);
}

TEST(WebPool, AnEndlessAnalysisGivesWayAfterItsSlice) {
    Results results;  // outlives the pool, whose last searches report to it
    SearchPool pool(PoolOptions{.slots = 1, .hash_mib = 8, .slice = 0.3, .engine_options = no_book});
    pool.submit(results.job(endless()));
    while (results.started == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    std::this_thread::sleep_for(std::chrono::milliseconds(100));
    pool.submit(results.job(depth(3)));
    ASSERT_TRUE(results.wait_for(2, std::chrono::seconds(5)));
    EXPECT_TRUE(results.done[0].preempted);
    EXPECT_FALSE(results.done[1].preempted);
    EXPECT_EQ(results.done[1].outcome.depth, 3);
}

// Deep searches hold every slot: a waiting request is still served within about a slice,
// the searches that gave way reporting what they found. (Only endless analyses gave way
// before: two tabs at depth 60 kept a third waiting for minutes.)
TEST(WebPool, DeepSearchesGiveWayToAWaitingRequest) {
    Results results;  // outlives the pool, whose last searches report to it
    SearchPool pool(PoolOptions{
        .slots = 2, .hash_mib = 8, .slice = 0.3, .max_seconds = 1000, .max_depth = 60, .engine_options = no_book});
    pool.submit(results.job(depth(60)));
    pool.submit(results.job(depth(60)));
    while (results.started < 2) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    pool.submit(results.job(depth(3)));
    ASSERT_TRUE(results.wait_for(1, std::chrono::seconds(5)));
    EXPECT_TRUE(results.done[0].preempted);
    EXPECT_TRUE(results.done[0].outcome.best.has_value());
    ASSERT_TRUE(results.wait_for(2, std::chrono::seconds(5)));
}

// A tab cannot ask for more than the server allows: the deepest and the longest search.
TEST(WebPool, TheServerBoundsDepthAndTime) {
    Results results;  // outlives the pool, whose last searches report to it
    SearchPool pool(PoolOptions{
        .slots = 1, .hash_mib = 8, .slice = 1000, .max_seconds = 0.2, .max_depth = 5, .engine_options = no_book});
    pool.submit(results.job(depth(60)));
    ASSERT_TRUE(results.wait_for(1, std::chrono::seconds(5)));
    EXPECT_LE(results.done[0].outcome.depth, 5);
    EXPECT_FALSE(results.done[0].preempted);
}

TEST(WebPool, ShuttingDownEndsEverySearch) {
    Results results;
    {
        SearchPool pool(PoolOptions{.slots = 2, .hash_mib = 8, .slice = 1000, .engine_options = no_book});
        for (int i = 0; i < 5; ++i) pool.submit(results.job(endless()));
        while (results.started < 2) std::this_thread::sleep_for(std::chrono::milliseconds(1));
    }
    EXPECT_EQ(results.done.size(), 5u) << "every request is answered";
}

}  // namespace
}  // namespace kroon::web
