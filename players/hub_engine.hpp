// A Hub engine (docs/protocols.md, Hub) in a child process with Kroon as the GUI, and what
// both of Kroon's Hub clients send and read: the match runner's player (hub_player.hpp) and
// the board's other engine (hub_analyser.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/record/game.hpp"
#include "platform/child_process.hpp"
#include "platform/result.hpp"
#include "players/player.hpp"

namespace kroon::players {

struct HubEngine {
    std::unique_ptr<platform::ChildProcess> process;
    std::string name;                   // from its `id` line, else the command
    std::vector<std::string> variants;  // the values its `variant` parameter offers
    bool declares_variant = false;
    bool declares_multipv = false;  // it reads several analysis lines (Kroon's `multipv`)

    // Whether its `variant` parameter offers v's Hub name.
    bool offers(Variant v) const;
};

// Starts `command` and greets it: `hub` ... `wait` (its id and parameters), the variant of
// `settings` and its Hub options set, `init` ... `ready`, each answer within the start
// timeout. A variant other than international must be one the engine offers.
Result<HubEngine> open_hub_engine(const std::string& command, const PlayerSettings& settings);

// The first word of a line ("" for a blank one).
std::string hub_first_word(const std::string& line);
// Seconds with three decimals, never negative: "1.500".
std::string hub_seconds(double seconds);
// `pos` with the game's start and every move since, so that the engine sees the history.
std::string hub_pos_line(const Game& game);
// An `info score=` value: "0.25" -> 25, "-99.87" -> -9987 (docs/protocols.md, Hub 5: men with
// two decimals); nothing when it is no number.
std::optional<int> parse_hub_score(const std::string& text);
// An `info depth=` value: "14" or "14/20" (some engines add their selective depth) -> 14;
// nothing when it does not start with a number from 1 to max_hub_depth.
constexpr int max_hub_depth = 1000;
std::optional<int> parse_hub_depth(const std::string& text);
// An `info nodes=` or `tbhits=` value: a whole number below 2^63; nothing for anything else
// ("1e18", "-5", "nan", "12abc").
std::optional<std::uint64_t> parse_hub_count(const std::string& text);
// An `info time=` value: seconds, finite, from 0 to a year; nothing for anything else.
std::optional<double> parse_hub_seconds(const std::string& text);
// A `done` or `pv` move in `pos`, in Hub or any other notation the rules read.
Result<Move> parse_hub_move(const Rulebook& rules, const Position& pos, const std::string& text);
// Whether `text` is made of a move's characters (digits, '-', 'x', ':'), legal or not.
bool looks_like_a_move(const std::string& text);
// The moves of a `pv` as far as they are legal from `pos`, at most `max_moves` of them.
std::vector<Move> parse_hub_line(const Rulebook& rules, Position pos, const std::string& text,
                                 std::size_t max_moves = 1000);

}  // namespace kroon::players
