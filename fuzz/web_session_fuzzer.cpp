// The web board's messages (protocol/web/tab and messages): one browser tab's JSON messages, one per
// line, through web::Tab as the server hands them over; a line `timer` is the clock's
// wake-up instead, and a line `wait` waits (up to 100 ms) for the answer of a search under
// way, so that an input can change the game while a review or an analysis runs and meet its
// answer after. Searches run for real on a one-slot pool, and each message gets a few
// milliseconds for their answers before the next. Invariants (docs/web.md, The WebSocket
// protocol): the session never crashes; every message it sends is a JSON object with a known
// type; a state's FEN reads back in its variant; a search's report is for a ply of the line
// shown; a saved game reads back as one PDN game with the tree's main line; nothing is sent
// after the tab closes.
//
// Built a second time as web_message (KROON_FUZZ_SEARCHES_WAIT): there the pool's only slot
// is held by a job that never ends, so every search the session asks for waits in the queue
// and no message waits for an answer. The messages are tried faster there; the answers of
// searches are this target's part.
#include <spdlog/spdlog.h>

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <cstdint>
#include <deque>
#include <functional>
#include <memory>
#include <mutex>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include <nlohmann/json.hpp>

#include "engine/record/move_tree.hpp"
#include "engine/record/pdn.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "fuzz/fuzz_check.hpp"
#include "protocol/web/search_pool.hpp"
#include "protocol/web/tab.hpp"

using namespace kroon;
using kroon::fuzz::require;
using kroon::fuzz::shown;
using Json = nlohmann::json;

namespace {

#ifdef KROON_FUZZ_SEARCHES_WAIT
constexpr bool searches_run = false;
#else
constexpr bool searches_run = true;
#endif

// Messages an input may hold: more would measure the search, not the session. Without
// searches, a few messages reach every state a message can meet and keep runs short.
constexpr int max_messages = searches_run ? 48 : 8;
// How long each message waits for the searches it started (a depth-1 move takes well under
// a millisecond; an analysis runs on and is answered between later messages), and how long a
// `wait` line waits for an answer.
constexpr auto settle_time = std::chrono::milliseconds(3);
constexpr auto wait_time = std::chrono::milliseconds(100);

struct Posted {
    std::mutex mutex;
    std::deque<std::function<void()>> tasks;
    bool closed = false;

    void push(std::function<void()> task) {
        std::lock_guard lock(mutex);
        if (!closed) tasks.push_back(std::move(task));
    }
    // Runs what the pool's threads posted, on this (the session's) thread.
    void run_all() {
        for (;;) {
            std::function<void()> task;
            {
                std::lock_guard lock(mutex);
                if (tasks.empty()) return;
                task = std::move(tasks.front());
                tasks.pop_front();
            }
            task();
        }
    }
};

web::SearchPool& pool() {
    // Never destroyed when its slot is held: the holding job never returns to be joined.
    static web::SearchPool* pool = new web::SearchPool(web::PoolOptions{.slots = 1, .hash_mib = 1});
    return *pool;
}

// Holds the pool's only slot for the life of the process (web_message).
void hold_the_slot() {
    // Never destroyed either: exit would wait for the waiting thread to leave them.
    static auto* mutex = new std::mutex;
    static auto* never = new std::condition_variable;
    web::SearchJob holder{Game(rulebook(Variant::International)), {}, {}, {}, {}, {}};
    holder.on_start = [] {
        std::unique_lock lock(*mutex);
        never->wait(lock, [] { return false; });
    };
    pool().submit(std::move(holder));
    while (pool().running() == 0) std::this_thread::sleep_for(std::chrono::milliseconds(1));
}

// Runs what the searches posted; with `until_answered`, waits up to wait_time for a first
// task (a search's answer) instead of settle_time for the pool to be idle.
void settle(Posted& posted, bool until_answered = false) {
    if (!searches_run) return posted.run_all();  // nothing to wait for: every search is queued
    const auto until = std::chrono::steady_clock::now() + (until_answered ? wait_time : settle_time);
    for (;;) {
        if (until_answered) {
            std::lock_guard lock(posted.mutex);
            if (!posted.tasks.empty()) break;
        }
        if (!until_answered) posted.run_all();
        if (!until_answered && pool().running() == 0 && pool().queued() == 0) break;
        if (std::chrono::steady_clock::now() >= until) break;
        std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    posted.run_all();
}

void check_message(const std::string& text, const web::Tab& session) {
    static const std::set<std::string> types = {"welcome", "state",     "thinking", "info", "done",
                                                "draw",    "pdn_games", "pdn",      "error"};
    Json message;
    try {
        message = Json::parse(text);
    } catch (const Json::exception& e) {
        require(false, "the session sends JSON", [&] { return shown(text) + ": " + e.what(); });
    }
    require(message.is_object() && message.contains("type") && message["type"].is_string(),
            "a message is an object with a type", [&] { return shown(text); });
    const std::string type = message["type"];
    require(types.contains(type), "a message has a known type", [&] { return shown(text); });
    if (type == "info" || type == "done") {
        // A search's report is for a position of the line shown, never for a ply past its end.
        const int plies = static_cast<int>(session.game().moves().size());
        require(
            message["ply"].is_number_integer() && message["ply"].get<int>() >= 0 && message["ply"].get<int>() <= plies,
            "a search's report is for a ply of the line shown",
            [&] { return shown(text) + " with " + std::to_string(plies) + " plies shown"; });
    }
    if (type == "state") {
        require(message["fen"].is_string() && message["variant"].is_string(), "a state has its FEN and variant",
                [&] { return shown(text); });
        const auto variant = parse_variant(message["variant"].get<std::string>());
        require(variant.has_value(), "a state names a variant Kroon knows", [&] { return shown(text); });
        const auto pos = rulebook(*variant).parse_fen(message["fen"].get<std::string>());
        require(pos.ok(), "a state's FEN reads back", [&] { return shown(text); });
    } else if (type == "pdn") {
        require(message["text"].is_string(), "a saved game has its text", [&] { return shown(text); });
        const PdnFile file = read_pdn(message["text"].get<std::string>());
        require(file.errors.empty() && file.games.size() == 1, "a saved game reads back as one game",
                [&] { return shown(text); });
        // The game saved is the tree's main line; the line shown may be a variation of it.
        require(file.games[0].moves == session.tree().main_line(), "a saved game reads back with the tree's main line",
                [&] { return shown(text); });
    }
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    spdlog::set_level(spdlog::level::off);
    pool();
    if (!searches_run) hold_the_slot();
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    auto posted = std::make_shared<Posted>();
    // What a session sends before the input's first message never depends on the input:
    // checked on the first run only, which saves a third of every later run.
    static bool opening_checked = false;
    const web::Tab* session_sending = nullptr;
    bool closed = false;
    web::Outlet outlet;
    outlet.send = [&](std::string text, std::string_view) {
        require(!closed, "nothing is sent after the tab closes", [&] { return shown(text); });
        // Checked as it is sent: a saved game is compared with the game as it is now, before
        // a search's answer moves it on.
        if (session_sending) check_message(text, *session_sending);
    };
    outlet.post = [posted](std::function<void()> task) { posted->push(std::move(task)); };
    outlet.wake_after = [](double) {};  // the input says when the timer fires

    {
        web::Tab session(pool(), outlet);
        if (!opening_checked) session_sending = &session;
        session.start();
        // Kroon answers at depth 1 unless the input sets another level: its replies come
        // within the settling time, so the session's answers to them are tried too.
        session.receive(R"({"type":"level","level":{"kind":"depth","depth":1}})");
        opening_checked = true;
        session_sending = &session;
        std::string_view input = fuzz::as_text(data, size);
        for (int count = 0; !input.empty() && count < max_messages; ++count) {
            const size_t end = input.find('\n');
            const std::string_view line = input.substr(0, end);
            input.remove_prefix(end == std::string_view::npos ? input.size() : end + 1);
            if (line == "timer")
                session.on_timer();
            else if (line == "wait")
                settle(*posted, true);
            else
                session.receive(line);
            settle(*posted);
        }
        session.close();
        closed = true;
        settle(*posted);
    }
    {
        std::lock_guard lock(posted->mutex);
        posted->closed = true;
        posted->tasks.clear();  // tasks of a session that is gone never run
    }
    return 0;
}
