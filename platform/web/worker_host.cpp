// The calls of worker_host.hpp, made into the worker's JavaScript (self.kroonHost) with
// emscripten's EM_JS: the texts are passed as pointer and length into the module's memory.
#include "platform/web/worker_host.hpp"

#include <emscripten.h>

namespace {

// JavaScript inside: not C++ to lay out.
// clang-format off
EM_JS(void, kroon_post_report, (const char* text, int length), {
    self.kroonHost.postReport(UTF8ToString(text, length));
});
EM_JS(int, kroon_stop_requested, (), { return self.kroonHost.stopRequested() ? 1 : 0; });
EM_JS(void, kroon_send_to_page, (const char* text, int length, const char* kind, int kind_length), {
    self.kroonHost.sendToPage(UTF8ToString(text, length), UTF8ToString(kind, kind_length));
});
EM_JS(void, kroon_wake_after, (double seconds), { self.kroonHost.wakeAfter(seconds); });
EM_JS(void, kroon_run_tasks_soon, (), { self.kroonHost.runTasksSoon(); });
EM_JS(void, kroon_start_search, (double id, const char* job, int length), {
    self.kroonHost.startSearch(id, UTF8ToString(job, length));
});
EM_JS(void, kroon_stop_search, (double id), { self.kroonHost.stopSearch(id); });
// clang-format on

int length_of(std::string_view text) { return static_cast<int>(text.size()); }

}  // namespace

namespace kroon::platform {

void post_report(std::string_view text) { kroon_post_report(text.data(), length_of(text)); }
bool stop_requested() { return kroon_stop_requested() != 0; }
void send_to_page(std::string_view text, std::string_view kind) {
    kroon_send_to_page(text.data(), length_of(text), kind.data(), length_of(kind));
}
void wake_after(double seconds) { kroon_wake_after(seconds); }
void run_tasks_soon() { kroon_run_tasks_soon(); }
// Job ids count up from 1 and stay far below 2^53, so a double carries them exactly.
void start_search(std::uint64_t id, std::string_view job) {
    kroon_start_search(static_cast<double>(id), job.data(), length_of(job));
}
void stop_search(std::uint64_t id) { kroon_stop_search(static_cast<double>(id)); }

}  // namespace kroon::platform
