// Hub-specific helpers on top of EngineProcess for the tests that drive `kroon hub`: start
// and handshake, run one search and check every line of its report, and check a move the
// engine sent against the move generator.
#pragma once

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"
#include "tests/protocol/engine_process.hpp"

namespace kroon::test {

// A `kroon hub` child process (the path comes from the build: KROON_BINARY), without the
// opening book unless `extra_args` give one.
std::unique_ptr<EngineProcess> start_hub(const std::vector<std::string>& extra_args = {});

// `hub` ... `wait`, the given set-param lines, `init` ... `ready`. Returns what was read, or
// nothing on timeout.
std::optional<std::vector<std::string>> handshake(EngineProcess& engine,
                                                  const std::vector<std::string>& set_params = {});

// Whether a line is an `info` line in Scan's format: only known key=value items in Scan's
// order and units (score with 2 decimals, time with 3, nps with 1, pv quoted iff it has spaces),
// and Kroon's multipv= after depth.
bool is_scan_info(const std::string& line);

struct Done {
    std::string move;    // "" for a bare `done`
    std::string ponder;  // "" when absent
    std::vector<std::string> infos;
};

// Reads a search report up to `done`: every line before it must be a well-formed info line.
// Failures are recorded with gtest; nothing is returned on timeout or a stray line.
std::optional<Done> read_search(EngineProcess& engine, std::chrono::milliseconds timeout = 20s);
std::optional<Done> parse_done(const std::string& line);

// True when `text` is a legal move of `pos` written in canonical Hub notation (from, to, then
// every captured square ascending); `played` receives the move.
bool is_canonical_hub_move(Variant variant, const Position& pos, const std::string& text, Move* played = nullptr);

// The info items of a line as name -> value.
std::vector<std::pair<std::string, std::string>> info_items(const std::string& line);

}  // namespace kroon::test
