// `level` (docs/protocols.md, Hub 6): limits for the next search only. Several `level` lines before one `go`
// add up; the session clears them at `pos` and after `go`. Times are real seconds, and the
// increment counts as added before the move (Scan's reading, which pydraughts relies on).
#pragma once

#include "engine/result.hpp"
#include "protocol/hub/hub_line.hpp"
#include "search/searcher.hpp"

namespace kroon::hub {

// The limits with one `level` line applied. A line with a malformed value changes nothing
// and gives an error naming the item; unknown items (lidraughts' `handicap`, `ply`) are ignored.
Result<search::Limits> apply_level(const search::Limits& limits, const Command& level);

// Reads a real number of seconds (finite, at most ~a year); used by level and tests.
Result<double> parse_seconds(std::string_view text);

}  // namespace kroon::hub
