// The console's `level` command: its words read into the engine's one level (play/level.hpp)
// and the level written back for a person.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "platform/result.hpp"
#include "play/level.hpp"

namespace kroon::console {

// `depth 8`, `nodes 100000`, `time 2.5` (seconds per move), `clock 5m+2`, `clock 40/10m`
// (any PDN TimeControl text, engine/referee/clock.hpp); a bare number is a depth.
Result<play::Level> parse_level(const std::vector<std::string>& words);
std::string describe_level(const play::Level& level);
// A whole number in [low, high], or an error naming `what`.
Result<int> parse_whole(std::string_view text, const std::string& what, int low, int high);

}  // namespace kroon::console
