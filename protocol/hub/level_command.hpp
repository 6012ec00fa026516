// `level` (docs/protocols.md, Hub 6): limits for the next search only. Several `level` lines before one `go`
// add up; the session clears them at `pos` and after `go`. Times are real seconds, and the
// increment counts as added before the move (Scan's reading, which pydraughts relies on): the
// limits hold time + inc as the time on the clock now, and the increment as coming after the
// move, as every other face reads a clock (search::Limits).
#pragma once

#include <cstdint>

#include "platform/result.hpp"
#include "protocol/hub/line_codec.hpp"
#include "search/searcher.hpp"

namespace kroon::hub {

// The largest values `level` takes (docs/protocols.md, Hub 6); larger ones are errors, not
// searches that outlive their GUI. 120 is the deepest nominal depth the search goes; a week
// of clock covers correspondence play, a day a single move.
namespace level_limits {
constexpr int depth = 120;
constexpr std::int64_t nodes = std::int64_t{1} << 40;
constexpr int moves = 1000;
constexpr double time = 7 * 86400.0;
constexpr double move_time = 86400;
constexpr double increment = 86400;
}  // namespace level_limits

// The limits with one `level` line applied. A line with a malformed value changes nothing
// and gives an error naming the item; unknown items (lidraughts' `handicap`, `ply`) are ignored.
Result<search::Limits> apply_level(const search::Limits& limits, const Command& level);

// Reads a real number of seconds (finite; the limits are checked by apply_level).
Result<double> parse_seconds(std::string_view text);

}  // namespace kroon::hub
