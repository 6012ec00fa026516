// Load on `kroon serve` for the soak run and the robustness figures (docs/robustness.md):
//   tab_load PORT SECONDS play [TABS]   TABS - 1 tabs play Kroon (a move as soon as it is their
//                                       turn, a hint now and then, a new game when one ends);
//                                       one quiet tab asks for the state once a second and
//                                       times the answer (median and max, milliseconds)
//   tab_load PORT SECONDS flood [TABS] [REQUESTS]
//                                       TABS tabs each send REQUESTS state requests and read
//                                       nothing for SECONDS, then close
//   tab_load PORT SECONDS other-analysis
//                                       one tab analyses with the server's other engine
//                                       (--engine) for SECONDS, then stops it and times the
//                                       done; a quiet tab asks for the state every 0.1 s and
//                                       times the answers (median and max, milliseconds)
//   tab_load PORT SECONDS other-hints [HINTS]
//                                       one tab asks the other engine for HINTS hints (1,500)
//                                       one after the other, each answered within SECONDS
// Prints one line of figures; status 1 when a tab was refused or a request went unanswered.
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <iostream>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "tests/protocol/web_client.hpp"

namespace {

using kroon::test::WebClient;
using Json = WebClient::Json;
using SteadyClock = std::chrono::steady_clock;

std::atomic<int> errors{0};

void play(unsigned short port, double seconds, unsigned seed) {
    std::mt19937 rng(seed);
    const auto end = SteadyClock::now() + std::chrono::milliseconds(long(seconds * 1000));
    try {
        WebClient tab(port);
        tab.expect("state");
        tab.send({{"type", "new"}, {"kroon", "black"}, {"level", {{"kind", "time"}, {"seconds", 0.1}}}});
        while (SteadyClock::now() < end) {
            const auto message = tab.receive(30);
            if (!message) throw std::runtime_error("no message in 30 s");
            if ((*message)["type"] != "state") continue;
            const Json& state = *message;
            if (state["over"].get<bool>()) {
                tab.send({{"type", "new"}, {"kroon", "black"}});
            } else if (!state["moves"].empty() && state["engine"].is_null()) {
                const Json& moves = state["moves"];
                const auto pick = rng() % moves.size();
                if (rng() % 8 == 0) tab.send({{"type", "hint"}, {"seconds", 0.1}});
                tab.send({{"type", "move"}, {"move", moves[pick]["id"]}});
            }
        }
    } catch (const std::exception& e) {
        ++errors;
        std::cerr << "tab: " << e.what() << "\n";
    }
}

void quiet(unsigned short port, double seconds, std::vector<double>& latencies) {
    const auto end = SteadyClock::now() + std::chrono::milliseconds(long(seconds * 1000));
    try {
        WebClient tab(port);
        tab.expect("state");
        while (SteadyClock::now() < end) {
            const auto asked = SteadyClock::now();
            tab.send({{"type", "state"}});
            tab.expect("state", 30);
            latencies.push_back(std::chrono::duration<double, std::milli>(SteadyClock::now() - asked).count());
            std::this_thread::sleep_for(std::chrono::seconds(1));
        }
    } catch (const std::exception& e) {
        ++errors;
        std::cerr << "quiet tab: " << e.what() << "\n";
    }
}

void flood(unsigned short port, double seconds, int requests) {
    try {
        WebClient tab(port);
        for (int i = 0; i < requests; ++i) tab.send({{"type", "state"}});
        std::this_thread::sleep_for(std::chrono::milliseconds(long(seconds * 1000)));
    } catch (const std::exception&) {
        // The server may drop a tab that reads nothing: that is what it should do.
    }
}

double milliseconds_since(SteadyClock::time_point start) {
    return std::chrono::duration<double, std::milli>(SteadyClock::now() - start).count();
}

void quiet_often(unsigned short port, double seconds, std::vector<double>& latencies) {
    const auto end = SteadyClock::now() + std::chrono::milliseconds(long(seconds * 1000));
    try {
        WebClient tab(port);
        tab.expect("state");
        while (SteadyClock::now() < end) {
            const auto asked = SteadyClock::now();
            tab.send({{"type", "state"}});
            tab.expect("state", 60);
            latencies.push_back(milliseconds_since(asked));
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
        }
    } catch (const std::exception& e) {
        ++errors;
        std::cerr << "quiet tab: " << e.what() << "\n";
    }
}

int other_analysis(unsigned short port, double seconds) {
    std::vector<double> latencies;
    double stop_ms = -1;
    std::thread quiet_tab;
    try {
        WebClient tab(port);
        tab.expect("state");
        tab.send({{"type", "new"}, {"kroon", "none"}});
        tab.expect("state");
        tab.send({{"type", "analyse"}, {"engine", "other"}});
        tab.expect("info", 60);
        quiet_tab = std::thread(quiet_often, port, seconds, std::ref(latencies));
        quiet_tab.join();
        const auto asked = SteadyClock::now();
        tab.send({{"type", "stop"}});
        tab.expect("done", 60);
        stop_ms = milliseconds_since(asked);
    } catch (const std::exception& e) {
        ++errors;
        std::cerr << "analysing tab: " << e.what() << "\n";
        if (quiet_tab.joinable()) quiet_tab.join();
    }
    std::sort(latencies.begin(), latencies.end());
    std::printf(
        "other-analysis: %.0f s; quiet tab: %zu state requests, median %.1f ms, max %.1f ms; stop answered "
        "in %.0f ms; errors %d\n",
        seconds, latencies.size(), latencies.empty() ? 0 : latencies[latencies.size() / 2],
        latencies.empty() ? 0 : latencies.back(), stop_ms, errors.load());
    return errors.load() == 0 ? 0 : 1;
}

int other_hints(unsigned short port, double seconds, int hints) {
    int answered = 0, failed = 0;
    const auto began = SteadyClock::now();
    double slowest = 0;
    try {
        WebClient tab(port);
        tab.expect("state");
        tab.send({{"type", "new"}, {"kroon", "none"}});
        tab.expect("state");
        for (int i = 0; i < hints; ++i) {
            const auto asked = SteadyClock::now();
            tab.send({{"type", "hint"}, {"engine", "other"}, {"seconds", 0.05}});
            const Json done = tab.expect("done", seconds);
            slowest = std::max(slowest, milliseconds_since(asked));
            ++(done["best"].is_null() ? failed : answered);
            tab.clear_skipped();
        }
    } catch (const std::exception& e) {
        ++errors;
        std::cerr << "hint " << answered + failed + 1 << ": " << e.what() << "\n";
    }
    std::printf(
        "other-hints: %d answered with a move, %d with the engine's failure, of %d, in %.1f s (slowest %.0f "
        "ms); errors %d\n",
        answered, failed, hints, milliseconds_since(began) / 1000, slowest, errors.load());
    return errors.load() == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: tab_load PORT SECONDS play [TABS] | flood [TABS] [REQUESTS] | other-analysis | "
                     "other-hints [HINTS]\n";
        return 2;
    }
    const auto port = static_cast<unsigned short>(std::stoi(argv[1]));
    const double seconds = std::stod(argv[2]);
    const std::string mode = argv[3];
    if (mode == "other-analysis") return other_analysis(port, seconds);
    if (mode == "other-hints") return other_hints(port, seconds, argc > 4 ? std::stoi(argv[4]) : 1500);
    const int tabs = argc > 4 ? std::stoi(argv[4]) : 100;
    std::vector<std::thread> threads;
    if (mode == "flood") {
        const int requests = argc > 5 ? std::stoi(argv[5]) : 6000;
        for (int t = 0; t < tabs; ++t) threads.emplace_back(flood, port, seconds, requests);
        for (auto& t : threads) t.join();
        std::printf("flood: %d tabs sent %d state requests each and read nothing\n", tabs, requests);
        return 0;
    }
    std::vector<double> latencies;
    threads.emplace_back(quiet, port, seconds, std::ref(latencies));
    for (int t = 1; t < tabs; ++t) threads.emplace_back(play, port, seconds, static_cast<unsigned>(t));
    for (auto& t : threads) t.join();
    std::sort(latencies.begin(), latencies.end());
    const double median = latencies.empty() ? 0 : latencies[latencies.size() / 2];
    const double most = latencies.empty() ? 0 : latencies.back();
    std::printf("play: %d tabs for %.0f s; quiet tab: %zu state requests, median %.1f ms, max %.1f ms; errors %d\n",
                tabs, seconds, latencies.size(), median, most, errors.load());
    return errors.load() == 0 ? 0 : 1;
}
