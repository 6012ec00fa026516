// Load on `kroon serve` for the soak run and the robustness figures (docs/robustness.md):
//   tab_load PORT SECONDS play [TABS]   TABS - 1 tabs play Kroon (a move as soon as it is their
//                                       turn, a hint now and then, a new game when one ends);
//                                       one quiet tab asks for the state once a second and
//                                       times the answer (median and max, milliseconds)
//   tab_load PORT SECONDS flood [TABS] [REQUESTS]
//                                       TABS tabs each send REQUESTS state requests and read
//                                       nothing for SECONDS, then close
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

}  // namespace

int main(int argc, char** argv) {
    if (argc < 4) {
        std::cerr << "usage: tab_load PORT SECONDS play [TABS] | flood [TABS] [REQUESTS]\n";
        return 2;
    }
    const auto port = static_cast<unsigned short>(std::stoi(argv[1]));
    const double seconds = std::stod(argv[2]);
    const std::string mode = argv[3];
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
