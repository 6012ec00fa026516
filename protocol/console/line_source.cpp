#include "protocol/console/line_source.hpp"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace kroon::console {

// Shared with the reader thread, which may outlive the Inbox when it is blocked reading a
// terminal at exit (it is then detached and finishes with the process).
struct Inbox::Shared {
    std::istream* in = nullptr;
    std::mutex mutex;
    std::condition_variable changed;
    std::deque<Event> events;
    bool want_line = false;
    bool reading = false;
    bool closing = false;
    std::thread reader;
};

void Inbox::read_lines(const std::shared_ptr<Inbox::Shared>& shared) {
    for (;;) {
        {
            std::unique_lock lock(shared->mutex);
            shared->changed.wait(lock, [&] { return shared->want_line || shared->closing; });
            if (shared->closing) return;
            shared->want_line = false;
            shared->reading = true;
        }
        std::string line;
        const bool got = static_cast<bool>(std::getline(*shared->in, line));
        while (!line.empty() && (line.back() == '\r' || line.back() == '\n')) line.pop_back();
        std::lock_guard lock(shared->mutex);
        shared->reading = false;
        Event event;
        event.kind = got ? Event::Kind::Line : Event::Kind::EndOfInput;
        event.line = std::move(line);
        shared->events.push_back(std::move(event));
        shared->changed.notify_all();
        if (!got) return;
    }
}

Inbox::Inbox(std::istream& in) : shared_(std::make_shared<Shared>()) {
    shared_->in = &in;
    shared_->reader = std::thread([shared = shared_] { read_lines(shared); });
}

Inbox::~Inbox() {
    bool blocked = false;
    {
        std::lock_guard lock(shared_->mutex);
        shared_->closing = true;
        blocked = shared_->reading;
        shared_->changed.notify_all();
    }
    if (blocked)
        shared_->reader.detach();
    else
        shared_->reader.join();
}

void Inbox::request_line() {
    if (requested_ || ended_) return;
    requested_ = true;
    std::lock_guard lock(shared_->mutex);
    shared_->want_line = true;
    shared_->changed.notify_all();
}

void Inbox::post(Event event) {
    std::lock_guard lock(shared_->mutex);
    shared_->events.push_back(std::move(event));
    shared_->changed.notify_all();
}

Event Inbox::wait() {
    std::unique_lock lock(shared_->mutex);
    shared_->changed.wait(lock, [&] { return !shared_->events.empty(); });
    Event event = std::move(shared_->events.front());
    shared_->events.pop_front();
    if (event.kind == Event::Kind::Line || event.kind == Event::Kind::EndOfInput) requested_ = false;
    if (event.kind == Event::Kind::EndOfInput) ended_ = true;
    return event;
}

}  // namespace kroon::console
