// The search worker of the static site (docs/web.md, "The static site"): the module's entry
// points that search-worker.js calls. One play::Thinker runs each job on this worker's one
// thread to its end, reporting its start, every iteration and its end to the session's
// worker; the session stops it through the stop flag the engine's stop poll reads.
#include <bit>
#include <memory>
#include <string>

#include <nlohmann/json.hpp>

#include "platform/web/worker_host.hpp"
#include "play/thinker.hpp"
#include "protocol/web/worker/search_codec.hpp"

namespace {

using Json = nlohmann::json;

kroon::play::Thinker& engine() {
    static kroon::play::Thinker* const made = [] {
        auto* e = new kroon::play::Thinker();
        e->set_option("egdb", "none");
        e->set_stop_poll([] { return kroon::platform::stop_requested(); });
        return e;
    }();
    return *made;
}

void post(Json message) { kroon::platform::post_report(message.dump()); }

}  // namespace

extern "C" {

// What the worker's script needs to know of a job before it runs it, as JSON: the variant
// ({"variant": "international", "pieces": 3}) and the pieces on the board, so that it fetches
// the variant's databases first where they decide the search. The text lives until the next call.
const char* kroon_search_facts(const char* text) {
    static std::string facts;
    const Json job = Json::parse(text, nullptr, false);
    const auto game = job.is_object() && job.contains("game") ? kroon::web::game_from_json(job.at("game"))
                                                              : kroon::Result<kroon::Game>(kroon::Error{"no game"});
    facts = game
                ? Json{{"variant", game->rules().name()}, {"pieces", std::popcount(game->position().occupied())}}.dump()
                : Json{{"variant", ""}, {"pieces", 0}}.dump();
    return facts.c_str();
}

// The endgame databases are in `folder` (its files written by the worker's script): a new
// shelf opens them, each variant's when a game first needs them.
void kroon_search_databases(const char* folder) { engine().set_option("egdb", folder); }

// Sets an engine option (play/options.hpp): hash, egdb, book, ...; 0 when it was set.
int kroon_search_option(const char* name, const char* value) { return engine().set_option(name, value) ? 0 : 1; }

// Runs a job, {"game": ..., "limits": ..., "skill": ...} (search_codec.hpp), to its end: "started", then
// an "iteration" after each one, then "done". A job that cannot be read ends at once, with no
// move.
void kroon_search_run(const char* text) {
    const Json job = Json::parse(text, nullptr, false);
    auto game = job.is_object() && job.contains("game") ? kroon::web::game_from_json(job.at("game"))
                                                        : kroon::Result<kroon::Game>(kroon::Error{"no game"});
    post({{"type", "started"}});
    if (!game) {
        post({{"type", "done"}, {"best", nullptr}, {"failure", game.error()}});
        return;
    }
    const kroon::search::Limits limits =
        kroon::web::limits_from_json(job.contains("limits") ? job.at("limits") : Json::object());
    const kroon::Game& searched = *game;
    engine().set_strength(kroon::web::strength_from_json(job));
    engine().set_game(searched);
    engine().go(limits, kroon::search::Listener{[&searched](const kroon::search::Iteration& it) {
                                                    Json message = kroon::web::iteration_json(searched, it);
                                                    message["type"] = "iteration";
                                                    post(std::move(message));
                                                },
                                                [&searched](const kroon::search::Outcome& outcome) {
                                                    Json message = kroon::web::outcome_json(searched, outcome);
                                                    message["type"] = "done";
                                                    post(std::move(message));
                                                }});
}

}  // extern "C"
