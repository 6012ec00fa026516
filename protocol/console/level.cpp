#include "protocol/console/level.hpp"

#include <cctype>
#include <charconv>
#include <cstdio>
#include <vector>

#include "protocol/console/report_text.hpp"

namespace kroon::console {
namespace {

Result<double> parse_number(std::string_view text, const std::string& what) {
    double value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || !(value >= 0) || value > 1e9)
        return Error{"bad " + what + " '" + std::string(text) + "'"};
    return value;
}

// "90", "90s", "1.5m", "2h" -> seconds.
Result<double> parse_duration(std::string_view text) {
    double unit = 1;
    if (!text.empty()) {
        switch (text.back()) {
            case 's':
                unit = 1;
                text.remove_suffix(1);
                break;
            case 'm':
                unit = 60;
                text.remove_suffix(1);
                break;
            case 'h':
                unit = 3600;
                text.remove_suffix(1);
                break;
            default: break;
        }
    }
    const auto n = parse_number(text, "time");
    if (!n) return n;
    return *n * unit;
}

Result<std::uint64_t> parse_count(std::string_view text, const std::string& what, std::uint64_t low,
                                  std::uint64_t high) {
    std::uint64_t value = 0;
    const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
    if (ec != std::errc{} || end != text.data() + text.size() || value < low || value > high)
        return Error{what + " must be a whole number from " + std::to_string(low) + " to " + std::to_string(high) +
                     " (got '" + std::string(text) + "')"};
    return value;
}

}  // namespace

Result<int> parse_whole(std::string_view text, const std::string& what, int low, int high) {
    const auto n = parse_count(text, what, static_cast<std::uint64_t>(low), static_cast<std::uint64_t>(high));
    if (!n) return Error{n.error()};
    return static_cast<int>(*n);
}

Result<play::Level> parse_level(const std::vector<std::string>& words) {
    if (words.empty()) return Error{"level needs arguments"};
    std::string kind = words[0];
    std::string value = words.size() > 1 ? words[1] : "";
    if (words.size() == 1 && !kind.empty() && std::isdigit(static_cast<unsigned char>(kind[0]))) {
        value = kind;
        kind = "depth";
    }
    if (value.empty()) return Error{"level " + kind + " needs a value"};
    if (words.size() > 2) return Error{"too many arguments for level"};
    // How long the engine thinks: one of these at a time.
    play::Level level;
    if (kind == "depth") {
        const auto d = parse_count(value, "depth", 1, 99);
        if (!d) return Error{d.error()};
        level.depth = static_cast<int>(*d);
    } else if (kind == "nodes") {
        const auto n = parse_count(value, "nodes", 1, 1'000'000'000'000ULL);
        if (!n) return Error{n.error()};
        level.nodes = *n;
    } else if (kind == "time" || kind == "movetime") {
        const auto t = parse_duration(value);
        if (!t) return Error{t.error()};
        if (*t <= 0) return Error{"time per move must be more than 0"};
        level.move_time = *t;
    } else if (kind == "clock") {
        const auto control = parse_time_control(value);
        if (!control) return Error{control.error()};
        if (control->unlimited()) return Error{"the clock needs a time, e.g. clock 5m+2"};
        level.clock = *control;
    } else {
        return Error{"unknown level '" + kind + "' (depth, nodes, time or clock)"};
    }
    return level;
}

namespace {

std::string describe_clock(const TimeControl& control) {
    std::string s = "clock";
    for (std::size_t i = 0; i < control.periods.size(); ++i) {
        const TimePeriod& p = control.periods[i];
        s += i == 0 ? ": " : ", then ";
        s += p.moves ? std::to_string(p.moves) + " moves in " : "the game in ";
        s += format_seconds(p.seconds);
    }
    if (control.periods.back().moves > 0) s += " (repeated)";
    if (control.increment > 0) s += " + " + format_seconds(control.increment) + " per move";
    return s;
}

}  // namespace

std::string describe_level(const play::Level& level) {
    std::vector<std::string> parts;
    if (level.depth > 0) parts.push_back("fixed depth " + std::to_string(level.depth));
    if (level.nodes > 0) parts.push_back(std::to_string(level.nodes) + " nodes per move");
    if (level.move_time > 0) {
        char text[48];
        std::snprintf(text, sizeof text, "%g s per move", level.move_time);
        parts.push_back(text);
    }
    if (!level.clock.unlimited()) parts.push_back(describe_clock(level.clock));
    if (parts.empty()) return "no limit";
    std::string s;
    for (const std::string& part : parts) s += (s.empty() ? "" : ", ") + part;
    return s;
}

}  // namespace kroon::console
