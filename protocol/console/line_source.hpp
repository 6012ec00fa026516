// What the console waits for: lines from its input and reports from the search thread, in one
// queue so that the console can react to whichever comes first (a `stop` typed while the
// engine thinks, the engine's move, an analysis update).
//
// Lines are read by a helper thread one at a time and only when asked for, so a script piped
// into the console is never read ahead of the command being run.
#pragma once

#include <istream>
#include <memory>
#include <string>

#include "search/searcher.hpp"

namespace kroon::console {

struct Event {
    enum class Kind { Line, EndOfInput, Iteration, Done };
    Kind kind = Kind::Line;
    std::string line;             // Line: without the end-of-line characters
    search::Iteration iteration;  // Iteration
    search::Outcome outcome;      // Done
};

class Inbox {
public:
    explicit Inbox(std::istream& in);
    ~Inbox();
    Inbox(const Inbox&) = delete;
    Inbox& operator=(const Inbox&) = delete;

    // Asks the reader for the next line, unless a line is already asked for or input ended.
    void request_line();
    bool line_requested() const { return requested_; }
    bool input_ended() const { return ended_; }
    // From any thread (the search's callbacks).
    void post(Event event);
    // Blocks until an event arrives.
    Event wait();

private:
    struct Shared;
    static void read_lines(const std::shared_ptr<Shared>& shared);
    std::shared_ptr<Shared> shared_;
    bool requested_ = false;  // main thread's view: a line is asked for and not yet received
    bool ended_ = false;
};

}  // namespace kroon::console
