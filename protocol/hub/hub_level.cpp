#include "protocol/hub/hub_level.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>

namespace kroon::hub {
namespace {

constexpr double max_seconds = 1e7;
constexpr double min_move_time = 0.001;  // `move-time=0` asks for a move at once

Result<std::int64_t> parse_integer(std::string_view text, std::int64_t low, std::int64_t high) {
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return Error{"not an integer"};
    if (value < low) return Error{"below " + std::to_string(low)};
    return std::min(value, high);
}

Error bad_item(const Item& item, const std::string& why) {
    return Error{"bad level " + item.name + " '" + item.value + "': " + why};
}

}  // namespace

Result<double> parse_seconds(std::string_view text) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return Error{"not a number of seconds"};
    return std::clamp(value, -max_seconds, max_seconds);
}

Result<search::Limits> apply_level(const search::Limits& limits, const Command& level) {
    search::Limits out = limits;
    // The clock items are read together: pydraughts sends `time = remaining - inc`, which can
    // be negative; keep time + inc, the time this move really has, and never a negative time.
    std::optional<double> time, inc;
    for (const Item& item : level.items) {
        if (item.name == "infinite") {
            out.infinite = true;
        } else if (item.name == "depth") {
            const auto d = parse_integer(item.value, 1, 1000);
            if (!d) return bad_item(item, d.error());
            out.depth = static_cast<int>(*d);
        } else if (item.name == "nodes") {
            const auto n = parse_integer(item.value, 1, INT64_MAX);
            if (!n) return bad_item(item, n.error());
            out.nodes = static_cast<std::uint64_t>(*n);
        } else if (item.name == "moves") {
            const auto m = parse_integer(item.value, 0, 10000);
            if (!m) return bad_item(item, m.error());
            out.moves_to_go = static_cast<int>(*m);
        } else if (item.name == "move-time" || item.name == "time" || item.name == "inc") {
            const auto s = parse_seconds(item.value);
            if (!s) return bad_item(item, s.error());
            if (item.name == "move-time") {
                if (*s < 0) return bad_item(item, "negative");
                out.move_time = std::max(*s, min_move_time);
            } else if (item.name == "time") {
                time = *s;
            } else {
                if (*s < 0) return bad_item(item, "negative");
                inc = *s;
            }
        }
    }
    if (time || inc) {
        const double t = time ? *time : std::max(out.time_left, 0.0);
        const double i = inc ? *inc : out.increment;
        out.time_left = std::max(t, 0.0);
        out.increment = std::max(i + std::min(t, 0.0), 0.0);
    }
    return out;
}

}  // namespace kroon::hub
