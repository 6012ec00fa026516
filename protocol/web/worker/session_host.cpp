// The session's worker of the static site (docs/web.md, "The static site"): the module's entry
// points that session-worker.js calls. One Tab, as `kroon serve` has one per WebSocket, whose
// Outlet is the worker's postMessage, its timer the worker's setTimeout, and its searches
// the search worker's (RemoteSearches).
#include <deque>
#include <functional>
#include <memory>
#include <string>

#include "platform/web/worker_host.hpp"
#include "protocol/web/tab.hpp"
#include "protocol/web/worker/remote_searches.hpp"

namespace {

using namespace kroon::web;

struct Session {
    std::deque<std::function<void()>> tasks;
    RemoteSearches searches{
        RemoteSearches::Host{[](Searches::JobId id, const std::string& job) { kroon::platform::start_search(id, job); },
                             [](Searches::JobId id) { kroon::platform::stop_search(id); }}};
    std::unique_ptr<Tab> tab;
};

Session& session() {
    static Session* const made = new Session();
    return *made;
}

Outlet outlet() {
    Outlet out;
    out.send = [](std::string text, std::string_view kind) { kroon::platform::send_to_page(text, kind); };
    out.post = [](std::function<void()> task) {
        session().tasks.push_back(std::move(task));
        kroon::platform::run_tasks_soon();
    };
    out.wake_after = [](double seconds) { kroon::platform::wake_after(seconds); };
    return out;
}

}  // namespace

extern "C" {

// The welcome and the first state.
void kroon_session_start() {
    Session& s = session();
    s.tab = std::make_unique<Tab>(s.searches, outlet());
    s.tab->start();
}

// One message of the page (docs/web.md).
void kroon_session_receive(const char* text) {
    if (session().tab) session().tab->receive(text);
}

// The time asked for with wake_after has come.
void kroon_session_timer() {
    if (session().tab) session().tab->on_timer();
}

// Runs the tasks posted so far (search reports on their way to the tab).
void kroon_session_run_tasks() {
    auto& tasks = session().tasks;
    for (std::size_t n = tasks.size(); n > 0 && !tasks.empty(); --n) {
        auto task = std::move(tasks.front());
        tasks.pop_front();
        task();
    }
}

// A report of the search worker about job `id` (RemoteSearches::report).
void kroon_session_search_report(double id, const char* text) {
    session().searches.report(static_cast<Searches::JobId>(id), text);
}

}  // extern "C"
