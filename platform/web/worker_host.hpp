// What a worker of the static site (docs/web.md, "The static site") asks of the JavaScript
// around the module: the functions the worker's script puts on `self.kroonHost`. Declared
// here without the browser's headers, which only worker_host.cpp includes.
#pragma once

#include <cstdint>
#include <string_view>

namespace kroon::platform {

// The search worker: a report about the running job to the session's worker, and whether
// that job is to stop now (a flag in a SharedArrayBuffer; never where there is none).
void post_report(std::string_view text);
bool stop_requested();

// The session's worker: a message to the page (`kind` as web::Outlet::send has it), a call of
// the session's timer after `seconds` (negative: none), a turn of the session's task queue
// soon, and a job for the search worker or its end.
void send_to_page(std::string_view text, std::string_view kind);
void wake_after(double seconds);
void run_tasks_soon();
void start_search(std::uint64_t id, std::string_view job);
void stop_search(std::uint64_t id);

}  // namespace kroon::platform
