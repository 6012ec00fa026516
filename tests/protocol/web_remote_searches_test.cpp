// The static site's searches (protocol/web/worker/): the JSON that carries a job and its
// reports between the two workers, and a tab whose searches go through RemoteSearches to an
// engine that runs each job to its end on the test's thread, as the search worker does.
#include <gtest/gtest.h>

#include <deque>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "engine/rulebook/rulebook.hpp"
#include "play/thinker.hpp"
#include "protocol/web/tab.hpp"
#include "protocol/web/worker/remote_searches.hpp"
#include "protocol/web/worker/search_codec.hpp"

namespace kroon::web {
namespace {

using Json = nlohmann::json;

TEST(WebSearchCodec, AGameGoesAcrossWithItsMovesAndRuleOptions) {
    RuleOptions options;
    options.points_victory = true;
    Game game(rulebook(Variant::International), options);
    for (const char* move : {"32-28", "19-23", "28x19", "14x23"}) ASSERT_TRUE(game.play_text(move));
    const auto back = game_from_json(Json::parse(game_json(game).dump()));
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(back->rule_options(), options);
    EXPECT_EQ(back->moves(), game.moves());
    EXPECT_EQ(back->position(), game.position());

    Game russian(rulebook(Variant::Russian));
    ASSERT_TRUE(russian.play_text("c3-d4"));
    const auto russian_back = game_from_json(game_json(russian));
    ASSERT_TRUE(russian_back.ok());
    EXPECT_EQ(russian_back->variant(), Variant::Russian);
    EXPECT_EQ(russian_back->position(), russian.position());

    EXPECT_FALSE(game_from_json(Json{{"variant", "chess"}}).ok());
    Json illegal = game_json(game);
    illegal["moves"].push_back("1-2");
    EXPECT_FALSE(game_from_json(illegal).ok());
}

TEST(WebSearchCodec, AnIterationAndAnOutcomeGoAcrossAsMoves) {
    const Game game(rulebook(Variant::International));
    play::Thinker engine;
    engine.set_option("egdb", "none");
    engine.set_option("book", "false");
    engine.set_game(game);
    std::optional<search::Iteration> last;
    search::Outcome outcome;
    search::Limits limits;
    limits.depth = 5;
    limits.multi_pv = 2;
    engine.go(limits, search::Listener{[&](const search::Iteration& it) { last = it; },
                                       [&](const search::Outcome& o) { outcome = o; }});
    engine.wait();
    ASSERT_TRUE(last && outcome.best);
    const search::Iteration it = iteration_from_json(game, Json::parse(iteration_json(game, *last).dump()));
    EXPECT_EQ(it.pv, last->pv);
    EXPECT_EQ(it.depth, last->depth);
    EXPECT_EQ(it.score, last->score);
    EXPECT_EQ(it.nodes, last->nodes);
    ASSERT_EQ(it.lines.size(), 2u);
    EXPECT_EQ(it.lines[1].pv, last->lines[1].pv);
    const search::Outcome o = outcome_from_json(game, outcome_json(game, outcome));
    EXPECT_EQ(o.best, outcome.best);
    EXPECT_EQ(o.score, outcome.score);
    // A line that leaves the rules ends where it does.
    Json broken = iteration_json(game, *last);
    broken["pv"] = Json::array({broken["pv"][0], "1-2"});
    EXPECT_EQ(iteration_from_json(game, broken).pv.size(), 1u);
}

// A tab whose searches run, as the search worker runs them, on an engine of the test's own:
// each job from its JSON, its reports back as JSON. Jobs and the tab's tasks wait in queues
// that run() works off, as the workers' event loops would. `ends_worker`: a stop ends the
// worker instead (no SharedArrayBuffer), and the job's last iteration stands.
// `stop_at_iteration`: the page's Stop comes while the search runs, after that iteration.
struct SiteTab {
    explicit SiteTab(bool ends_worker = false) : ends_worker_(ends_worker) {
        engine.set_option("egdb", "none");
        Outlet out;
        out.send = [this](std::string text, std::string_view) { sent.push_back(Json::parse(text)); };
        out.post = [this](std::function<void()> task) { tasks.push_back(std::move(task)); };
        out.wake_after = [](double) {};
        tab.emplace(searches, out);
        tab->start();
    }

    // Works off every job and task, as long as any come.
    void run() {
        while (!jobs.empty() || !tasks.empty()) {
            if (!tasks.empty()) {
                auto task = std::move(tasks.front());
                tasks.pop_front();
                task();
                continue;
            }
            const auto [id, text] = jobs.front();
            jobs.pop_front();
            run_job(id, text);
        }
    }

    void run_job(Searches::JobId id, const std::string& text) {
        const Json job = Json::parse(text);
        const auto game = game_from_json(job["game"]);
        ASSERT_TRUE(game.ok());
        searches.report(id, R"({"type":"started"})");
        engine.set_strength(strength_from_json(job));
        engine.set_game(*game);
        search::Limits limits = limits_from_json(job["limits"]);
        // The worker searches an analysis until the stop flag: here, a few iterations, then
        // the stop comes as it would from the page.
        if (limits.infinite) limits = {.depth = 6, .analysis = true, .multi_pv = limits.multi_pv};
        int iterations = 0;
        engine.go(limits, search::Listener{[&](const search::Iteration& it) {
                                               Json m = iteration_json(*game, it);
                                               m["type"] = "iteration";
                                               searches.report(id, m.dump());
                                               if (++iterations == stop_at_iteration)
                                                   tab->receive(R"({"type":"stop"})");
                                           },
                                           [&](const search::Outcome& o) {
                                               if (ends_worker_ && stop_asked) return;
                                               Json m = outcome_json(*game, o);
                                               m["type"] = "done";
                                               searches.report(id, m.dump());
                                           }});
        engine.wait();
        if (ends_worker_ && stop_asked) searches.report(id, R"({"type":"ended"})");
        stop_asked = false;
    }

    void send(const Json& message) {
        tab->receive(message.dump());
        run();
    }
    const Json* last(const std::string& type) const {
        for (auto it = sent.rbegin(); it != sent.rend(); ++it)
            if ((*it)["type"] == type) return &*it;
        return nullptr;
    }

    bool ends_worker_;
    bool stop_asked = false;
    int stop_at_iteration = 0;
    play::Thinker engine;
    std::deque<std::pair<Searches::JobId, std::string>> jobs;
    std::vector<std::string> job_texts;  // every job sent to the search worker
    std::deque<std::function<void()>> tasks;
    RemoteSearches searches{RemoteSearches::Host{[this](Searches::JobId id, const std::string& job) {
                                                     jobs.emplace_back(id, job);
                                                     job_texts.push_back(job);
                                                 },
                                                 [this](Searches::JobId) {
                                                     stop_asked = true;
                                                     engine.stop();
                                                 }}};
    std::optional<kroon::web::Tab> tab;
    std::vector<Json> sent;
};

TEST(WebRemoteSearches, KroonAnswersAMoveThroughTheSearchWorker) {
    SiteTab site;
    site.send({{"type", "new"}, {"kroon", "black"}, {"level", {{"kind", "depth"}, {"depth", 3}}}});
    site.send({{"type", "move"}, {"move", "32-28"}});
    const Json* state = site.last("state");
    ASSERT_NE(state, nullptr);
    EXPECT_EQ((*state)["plies"], 2);
    EXPECT_EQ((*state)["engine"], nullptr);
    EXPECT_EQ((*state)["side"], "white");
}

// The level's strength reaches the search worker with Kroon's move, and only with it: a hint
// is searched at full strength.
TEST(WebRemoteSearches, AWeakLevelReachesTheSearchWorker) {
    const int weakest = play::elo_steps().front().elo;
    SiteTab site;
    site.send({{"type", "new"}, {"kroon", "black"}, {"level", {{"kind", "depth"}, {"depth", 3}, {"elo", weakest}}}});
    site.send({{"type", "move"}, {"move", "32-28"}});
    ASSERT_EQ(site.job_texts.size(), 1u);
    const Json move_job = Json::parse(site.job_texts.back());
    EXPECT_EQ(strength_from_json(move_job), play::strength_of_elo(weakest)) << move_job.dump();
    EXPECT_FALSE(strength_from_json(move_job).full());
    const Json* state = site.last("state");
    ASSERT_NE(state, nullptr);
    EXPECT_EQ((*state)["plies"], 2);

    site.send({{"type", "hint"}, {"seconds", 0.05}});
    ASSERT_EQ(site.job_texts.size(), 2u);
    EXPECT_TRUE(strength_from_json(Json::parse(site.job_texts.back())).full());
    EXPECT_TRUE(strength_from_json(Json::parse(R"({"skill":"high"})")).full());
    EXPECT_EQ(strength_from_json(Json::parse(R"({"skill":-5})")).skill, 0);
}

TEST(WebRemoteSearches, AnAnalysisOfThreeLinesReportsThemAndEndsWithDone) {
    SiteTab site;
    site.send({{"type", "new"}, {"kroon", "none"}});
    site.send({{"type", "analyse"}, {"ply", 0}, {"lines", 3}});
    const Json* info = site.last("info");
    ASSERT_NE(info, nullptr);
    EXPECT_EQ((*info)["lines"].size(), 3u);
    site.send({{"type", "stop"}});
    const Json* done = site.last("done");
    ASSERT_NE(done, nullptr);
    EXPECT_EQ((*done)["task"], "analysis");
    EXPECT_NE((*done)["best"], nullptr);
}

TEST(WebRemoteSearches, AWorkerEndedToStopLeavesItsLastIterationAsTheResult) {
    SiteTab site(true);
    site.stop_at_iteration = 3;
    site.send({{"type", "new"}, {"kroon", "none"}});
    site.send({{"type", "analyse"}, {"ply", 0}});
    const Json* info = site.last("info");
    const Json* done = site.last("done");
    ASSERT_NE(info, nullptr);
    ASSERT_NE(done, nullptr);
    EXPECT_EQ((*done)["task"], "analysis");
    EXPECT_EQ((*done)["depth"], (*info)["depth"]);
    EXPECT_EQ((*done)["best"]["id"], (*info)["pv_ids"][0]);
}

}  // namespace
}  // namespace kroon::web
