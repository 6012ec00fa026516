// The search thread behind a DXP connection: answers every job with a legal move, and a stop
// that comes before or during a job ends it quickly without losing the answer.
#include <gtest/gtest.h>

#include <chrono>
#include <condition_variable>
#include <mutex>

#include "engine/movegen/movegen.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "protocol/dxp/engine_worker.hpp"

namespace kroon::dxp {
namespace {

using namespace std::chrono_literals;

struct Answers {
    std::mutex mutex;
    std::condition_variable changed;
    std::vector<std::pair<int, std::optional<Move>>> got;

    SearchJob job(int id, search::Limits limits) {
        SearchJob j;
        j.id = id;
        j.limits = limits;
        j.done = [this](int done_id, std::optional<Move> move, const search::Outcome&) {
            std::lock_guard lock(mutex);
            got.emplace_back(done_id, move);
            changed.notify_all();
        };
        return j;
    }
    bool wait_for(size_t count, std::chrono::seconds timeout = 30s) {
        std::unique_lock lock(mutex);
        return changed.wait_for(lock, timeout, [&] { return got.size() >= count; });
    }
};

bool legal_at_start(const std::optional<Move>& move) {
    MoveList legal;
    rulebook(Variant::International).generate_moves(rulebook(Variant::International).start_position(), legal);
    return move && legal.contains(*move);
}

TEST(DxpEngineWorker, AnswersWithALegalMove) {
    Answers answers;
    EngineWorker worker({{"hash", "8"}, {"egdb", "none"}});
    search::Limits limits;
    limits.depth = 3;
    worker.think(answers.job(1, limits));
    ASSERT_TRUE(answers.wait_for(1));
    EXPECT_EQ(answers.got[0].first, 1);
    EXPECT_TRUE(legal_at_start(answers.got[0].second));
}

TEST(DxpEngineWorker, StopBeforeOrDuringTheSearchStillAnswers) {
    Answers answers;
    EngineWorker worker({{"hash", "8"}, {"egdb", "none"}});
    search::Limits infinite;
    infinite.infinite = true;
    // Stopped before it could start: it runs, stops at once, and answers.
    worker.think(answers.job(1, infinite));
    worker.stop(1);
    ASSERT_TRUE(answers.wait_for(1));
    EXPECT_TRUE(legal_at_start(answers.got[0].second));
    // Stopped while searching without limit.
    worker.think(answers.job(2, infinite));
    std::this_thread::sleep_for(50ms);
    worker.stop(2);
    ASSERT_TRUE(answers.wait_for(2));
    EXPECT_EQ(answers.got[1].first, 2);
    EXPECT_TRUE(legal_at_start(answers.got[1].second));
}

TEST(DxpEngineWorker, DestroyedWhileSearching) {
    Answers answers;
    {
        EngineWorker worker({{"hash", "8"}, {"egdb", "none"}});
        search::Limits infinite;
        infinite.infinite = true;
        worker.think(answers.job(1, infinite));
        // Until the worker has taken the job it is only queued, and a queued job is dropped.
        const auto give_up = std::chrono::steady_clock::now() + 30s;
        while (worker.running_job() != 1 && std::chrono::steady_clock::now() < give_up)
            std::this_thread::sleep_for(1ms);
        ASSERT_EQ(worker.running_job(), 1);
    }  // must not hang: the destructor stops the search and joins
    // The running job still answered before the thread ended.
    ASSERT_EQ(answers.got.size(), 1u);
    EXPECT_TRUE(legal_at_start(answers.got[0].second));
}

}  // namespace
}  // namespace kroon::dxp
