#include "protocol/hub/level_command.hpp"

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>

namespace kroon::hub {
namespace {

constexpr double min_move_time = 0.001;  // `move-time=0` asks for a move at once

Result<std::int64_t> parse_integer(std::string_view text, std::int64_t low, std::int64_t high) {
    std::int64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec == std::errc::result_out_of_range && !text.empty() && text.front() != '-')
        return Error{"above " + std::to_string(high)};
    if (text.empty() || ec != std::errc() || end != text.data() + text.size()) return Error{"not an integer"};
    if (value < low) return Error{"below " + std::to_string(low)};
    if (value > high) return Error{"above " + std::to_string(high)};
    return value;
}

Error bad_item(const Item& item, const std::string& why) {
    return Error{"bad level " + item.name + " '" + item.value + "': " + why};
}

std::string seconds_text(double s) { return std::to_string(std::lround(s)) + " seconds"; }

}  // namespace

Result<double> parse_seconds(std::string_view text) {
    if (!text.empty() && text.front() == '+') text.remove_prefix(1);
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (text.empty() || ec != std::errc() || end != text.data() + text.size() || !std::isfinite(value))
        return Error{"not a number of seconds"};
    return value;
}

Result<search::Limits> apply_level(const search::Limits& limits, const Command& level) {
    search::Limits out = limits;
    // The clock items are read together: pydraughts sends `time = remaining - inc`, which can
    // be negative; time + inc is the time this move really has. Below zero it is an error.
    std::optional<double> time, inc;
    const Item* time_item = nullptr;
    for (const Item& item : level.items) {
        if (item.name == "infinite") {
            out.infinite = true;
        } else if (item.name == "depth") {
            const auto d = parse_integer(item.value, 1, level_limits::depth);
            if (!d) return bad_item(item, d.error());
            out.depth = static_cast<int>(*d);
        } else if (item.name == "nodes") {
            const auto n = parse_integer(item.value, 1, level_limits::nodes);
            if (!n) return bad_item(item, n.error());
            out.nodes = static_cast<std::uint64_t>(*n);
        } else if (item.name == "moves") {
            const auto m = parse_integer(item.value, 0, level_limits::moves);
            if (!m) return bad_item(item, m.error());
            out.moves_to_go = static_cast<int>(*m);
        } else if (item.name == "move-time" || item.name == "time" || item.name == "inc") {
            const auto s = parse_seconds(item.value);
            if (!s) return bad_item(item, s.error());
            const double most = item.name == "time"        ? level_limits::time
                                : item.name == "move-time" ? level_limits::move_time
                                                           : level_limits::increment;
            if (*s > most) return bad_item(item, "above " + seconds_text(most));
            if (item.name == "move-time") {
                if (*s < 0) return bad_item(item, "negative");
                out.move_time = std::max(*s, min_move_time);
            } else if (item.name == "time") {
                time = *s;
                time_item = &item;
            } else {
                if (*s < 0) return bad_item(item, "negative");
                inc = *s;
            }
        }
    }
    if (time || inc) {
        // An earlier line's clock, back in the Hub's reading.
        const double t = time ? *time : out.time_left >= 0 ? out.time_left - out.increment : 0.0;
        const double i = inc ? *inc : out.increment;
        if (time_item && t + i < 0) return bad_item(*time_item, "the time left, time + inc, is negative");
        // The Hub's time is the clock before this move's increment is added: the mover's
        // clock holds time + inc now, search::Limits' reading.
        out.time_left = std::max(t + i, 0.0);
        out.increment = i;
    }
    return out;
}

}  // namespace kroon::hub
