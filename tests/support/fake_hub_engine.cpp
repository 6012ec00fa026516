// A Hub engine that misbehaves on purpose, for the tests of what Kroon does with another
// program's output (docs/robustness.md, Another engine). It knows no rules: it greets like a
// Hub engine and answers every search with the same move (32-28 unless --move says otherwise),
// which is legal in the start position of international draughts.
//
//   fake_hub_engine MODE [--move M] [--lines N] [--starts FILE] [--once FILE] [--exit-after S]
//
// MODE:
//   normal         an `info` and `done` for each search, at once
//   flood          `info` lines without end (or N of them) until `stop`, then `done`
//   multipv-flood  `info multipv=2`, 3, 4, ... until `stop`, then `done`; with --lines N each
//                  iteration is N such lines and then `multipv=1`, else it never reaches 1
//   mute           never reads its input after `init`; writes `done` lines as fast as they are
//                  read
//   hang-start     reads its input and never answers, not even `hub`
//   hang           greets, then reads its input and answers nothing
//   die-after-first-search
//                  answers one search, then exits; with --once FILE only the first time
//                  (FILE does not exist yet: it is made), later starts behave as normal
//   absurd         `info` lines with numbers no engine could mean (nodes=1e18 time=1e-300,
//                  time=inf, nan, a depth of 20 digits), then `done`
// --starts FILE appends a line to FILE each time the program starts; --exit-after S ends it
// after S seconds whatever it is doing (so that a test of a defect cannot hang for good).
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <deque>
#include <fstream>
#include <iostream>
#include <mutex>
#include <string>
#include <thread>

namespace {

const std::string end_of_input = "\x04";

struct Options {
    std::string mode = "normal";
    std::string move = "32-28";
    long long lines = -1;  // -1: without end
    std::string starts;
    std::string once;
    double exit_after = 0;  // 0: never
};

// The lines read from stdin by a thread of their own, so that a flood can notice `stop`.
class Input {
public:
    void start() {
        std::thread([this] {
            for (std::string line; std::getline(std::cin, line);) {
                if (!line.empty() && line.back() == '\r') line.pop_back();
                push(line);
            }
            push(end_of_input);
        }).detach();
    }

    std::string next() {
        std::unique_lock lock(mutex_);
        ready_.wait(lock, [this] { return !lines_.empty(); });
        std::string line = std::move(lines_.front());
        lines_.pop_front();
        return line;
    }

    // Whether `stop` or `quit` came (or the input ended); consumed when it did.
    bool stop_came() {
        std::lock_guard lock(mutex_);
        for (auto it = lines_.begin(); it != lines_.end(); ++it)
            if (*it == "stop" || *it == "quit" || *it == end_of_input) {
                if (*it == "stop") lines_.erase(it);
                return true;
            }
        return false;
    }

private:
    void push(std::string line) {
        {
            std::lock_guard lock(mutex_);
            lines_.push_back(std::move(line));
        }
        ready_.notify_one();
    }

    std::mutex mutex_;
    std::condition_variable ready_;
    std::deque<std::string> lines_;
};

void say(const std::string& line) {
    std::fputs((line + "\n").c_str(), stdout);
    std::fflush(stdout);
}

std::string first_word(const std::string& line) { return line.substr(0, line.find(' ')); }

// `hub` ... `wait`, then `init` ... `ready`, read line by line; false at end of input.
bool greet(bool answer) {
    for (std::string line; std::getline(std::cin, line);) {
        if (!line.empty() && line.back() == '\r') line.pop_back();
        if (!answer) continue;
        const std::string word = first_word(line);
        if (word == "hub") {
            say("id name=Fake version=1.0");
            say("param name=variant value=normal type=enum values=\"normal\"");
            say("param name=multipv value=1 type=int min=1 max=10");
            say("wait");
        } else if (word == "init") {
            say("ready");
            return true;
        } else if (word == "quit") {
            return false;
        }
    }
    return false;
}

void flood(Input& input, const Options& o, bool multipv) {
    std::string batch;
    long long iteration = 0;
    for (long long n = 0; multipv || o.lines < 0 || n < o.lines; ++n) {
        const std::string numbers = " score=0.10 nodes=" + std::to_string(n) + " time=0.5 pv=\"" + o.move + "\"\n";
        if (!multipv) {
            batch += "info depth=" + std::to_string(1 + n % 30) + numbers;
        } else if (o.lines >= 0 && n % (o.lines + 1) == o.lines) {
            batch += "info multipv=1 depth=" + std::to_string(++iteration) + numbers;
        } else {
            const long long k = o.lines >= 0 ? n % (o.lines + 1) : n;
            batch += "info multipv=" + std::to_string(k + 2) + " depth=" + std::to_string(iteration + 1) + numbers;
        }
        if ((n + 1) % 256 == 0) {
            std::fputs(batch.c_str(), stdout);
            std::fflush(stdout);
            batch.clear();
            if (input.stop_came()) break;
        }
    }
    std::fputs(batch.c_str(), stdout);
    say("done move=" + o.move);
}

void absurd(const Options& o) {
    const std::string pv = " pv=\"" + o.move + "\"";
    say("info depth=4 score=1e308 nodes=18446744073709551615 time=inf" + pv);
    say("info depth=99999999999999999999 score=nan nodes=-5 time=nan tbhits=1e400" + pv);
    say("info depth=5 score=-inf nodes=nan time=-1 multipv=-3" + pv);
    say("info depth=6 score=0.20 nodes=1000 time=1e300 multipv=99999999999" + pv);
    say("info depth=3 score=0.10 nodes=1e18 time=1e-300" + pv);
    say("info depth=7 score=0.10 nodes=1000000 time=1e-300" + pv);
    say("done move=" + o.move);
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    if (argc > 1) o.mode = argv[1];
    for (int i = 2; i + 1 < argc; i += 2) {
        const std::string name = argv[i];
        const std::string value = argv[i + 1];
        if (name == "--move") o.move = value;
        if (name == "--lines") o.lines = std::stoll(value);
        if (name == "--starts") o.starts = value;
        if (name == "--once") o.once = value;
        if (name == "--exit-after") o.exit_after = std::stod(value);
    }
    if (o.exit_after > 0)
        std::thread([seconds = o.exit_after] {
            std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
            std::_Exit(0);
        }).detach();
    if (!o.starts.empty()) std::ofstream(o.starts, std::ios::app) << "start\n";
    bool die_after_search = o.mode == "die-after-first-search";
    if (die_after_search && !o.once.empty()) {
        if (std::ifstream(o.once))
            die_after_search = false;  // an earlier start died already
        else
            std::ofstream(o.once) << "died\n";
    }

    if (!greet(o.mode != "hang-start")) return 0;
    if (o.mode == "mute")
        for (;;) say("done move=" + o.move);

    // The reading thread outlives main's objects: it is never destroyed, and the program ends
    // with _Exit.
    Input& input = *new Input;
    input.start();
    for (;;) {
        const std::string line = input.next();
        const std::string word = first_word(line);
        if (line == end_of_input || word == "quit") {
            std::fflush(stdout);
            std::_Exit(0);
        }
        if (word == "ping") say("pong");
        if (word != "go" || o.mode == "hang") continue;
        if (o.mode == "flood" || o.mode == "multipv-flood") {
            flood(input, o, o.mode == "multipv-flood");
        } else if (o.mode == "absurd") {
            absurd(o);
        } else {
            say("info depth=1 score=0.10 nodes=100 time=0.01 pv=\"" + o.move + "\"");
            say("done move=" + o.move);
            if (die_after_search) std::_Exit(0);
        }
    }
}
