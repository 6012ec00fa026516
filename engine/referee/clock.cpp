#include "engine/referee/clock.hpp"

#include "engine/text_blanks.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>

namespace kroon {
namespace {

std::string format_seconds(double s) {
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%.3f", s);
    std::string out(buffer);
    while (out.back() == '0') out.pop_back();
    if (out.back() == '.') out.pop_back();
    return out;
}

// The longest period and increment, and the most moves in a period, a time control may have:
// a week covers correspondence play; beyond it a number is a mistake, not a clock.
constexpr double longest_period = 7 * 86400.0;
constexpr double longest_increment = 86400;
constexpr int most_moves = 1000;

// A plain decimal number ("90", "1.5", "2e3"), as std::from_chars reads one; not every
// standard library offers from_chars for double (emscripten's libc++ does not), so strtod
// reads it after the characters are checked: no blanks, sign, hexadecimal, infinity or NaN.
std::optional<double> read_decimal(std::string_view text) {
    if (text.empty()) return std::nullopt;
    for (std::size_t i = 0; i < text.size(); ++i) {
        const char c = text[i];
        const bool exponent_sign = (c == '+' || c == '-') && i > 0 && (text[i - 1] == 'e' || text[i - 1] == 'E');
        if (!std::isdigit(static_cast<unsigned char>(c)) && c != '.' && c != 'e' && c != 'E' && !exponent_sign &&
            !(c == '-' && i == 0))
            return std::nullopt;
    }
    const std::string copy(text);
    char* end = nullptr;
    errno = 0;
    const double value = std::strtod(copy.c_str(), &end);
    if (end != copy.c_str() + copy.size() || errno == ERANGE) return std::nullopt;
    return value;
}

// "90", "1.5", "90s", "5m", "2h" -> seconds, at most `most`.
Result<double> parse_seconds(std::string_view text, double most) {
    text = trim_blanks(text);
    double unit = 1;
    if (!text.empty()) {
        const char last = static_cast<char>(std::tolower(static_cast<unsigned char>(text.back())));
        if (last == 's' || last == 'm' || last == 'h') {
            unit = last == 's' ? 1 : last == 'm' ? 60 : 3600;
            text.remove_suffix(1);
        }
    }
    const auto read = read_decimal(text);
    const double value = read.value_or(0);
    if (!read || !std::isfinite(value) || value < 0)
        return Error{"'" + std::string(text) + "' is not a number of seconds"};
    if (value * unit > most)
        return Error{"'" + std::string(text) + "' is more than " + format_seconds(most) + " seconds"};
    return value * unit;
}

}  // namespace

TimeControl TimeControl::sudden_death(double seconds, double increment) {
    return TimeControl{{{0, seconds}}, increment};
}

TimeControl TimeControl::moves_in(int moves, double seconds) { return TimeControl{{{moves, seconds}}, 0}; }

TimeControl TimeControl::frisian_championship() { return TimeControl{{{50, 7200}, {25, 3600}}, 0}; }

Result<TimeControl> parse_time_control(std::string_view text) {
    text = trim_blanks(text);
    TimeControl tc;
    if (text.empty() || text == "-") return tc;
    if (const auto plus = text.find('+'); plus != std::string_view::npos) {
        const auto inc = parse_seconds(text.substr(plus + 1), longest_increment);
        if (!inc) return Error{"bad increment in time control '" + std::string(text) + "': " + inc.error()};
        tc.increment = *inc;
        text = text.substr(0, plus);
    }
    size_t start = 0;
    for (;;) {
        const size_t colon = text.find(':', start);
        const std::string_view part = trim_blanks(text.substr(start, colon - start));
        TimePeriod period;
        std::string_view time = part;
        if (const auto slash = part.find('/'); slash != std::string_view::npos) {
            int moves = 0;
            const std::string_view m = trim_blanks(part.substr(0, slash));
            const auto [end, ec] = std::from_chars(m.data(), m.data() + m.size(), moves);
            if (m.empty() || ec != std::errc() || end != m.data() + m.size() || moves <= 0 || moves > most_moves)
                return Error{"bad move count '" + std::string(m) + "' in time control (1-" +
                             std::to_string(most_moves) + ")"};
            period.moves = moves;
            time = part.substr(slash + 1);
        }
        const auto seconds = parse_seconds(time, longest_period);
        if (!seconds) return Error{"bad time control '" + std::string(part) + "': " + seconds.error()};
        period.seconds = *seconds;
        if (!tc.periods.empty() && tc.periods.back().moves == 0)
            return Error{"a rest-of-game period must come last in a time control"};
        tc.periods.push_back(period);
        if (colon == std::string_view::npos) break;
        start = colon + 1;
    }
    if (tc.periods.front().seconds <= 0 && tc.increment <= 0) return Error{"a time control needs some time"};
    return tc;
}

std::string format_time_control(const TimeControl& control) {
    if (control.unlimited()) return "-";
    std::string out;
    for (const TimePeriod& p : control.periods) {
        if (!out.empty()) out += ':';
        if (p.moves > 0) out += std::to_string(p.moves) + "/";
        out += format_seconds(p.seconds);
    }
    if (control.increment > 0) out += "+" + format_seconds(control.increment);
    return out;
}

Clock::Clock(TimeControl control) : control_(std::move(control)) {
    for (Side& s : sides_) s.remaining = control_.unlimited() ? 0 : control_.periods.front().seconds;
}

const TimePeriod& Clock::period_of(const Side& s) const { return control_.periods[s.period]; }

int Clock::moves_to_go(Color side) const {
    if (unlimited()) return 0;
    const Side& s = sides_[index(side)];
    const TimePeriod& p = period_of(s);
    return p.moves > 0 ? p.moves - s.moves_in_period : 0;
}

bool Clock::would_flag(Color side, double seconds) const {
    return !unlimited() && seconds > sides_[index(side)].remaining;
}

bool Clock::record_move(Color side, double seconds) {
    Side& s = sides_[index(side)];
    ++s.moves;
    if (unlimited()) return true;
    if (s.flagged || seconds > s.remaining) {  // KNDB art. 10.5: the move came too late
        s.remaining = std::min(s.remaining, 0.0);
        s.flagged = true;
        return false;
    }
    s.remaining += control_.increment - seconds;
    const TimePeriod& p = period_of(s);
    if (p.moves > 0 && ++s.moves_in_period == p.moves) {
        // KNDB art. 10.2: the next period's time is added to what is left.
        if (s.period + 1 < static_cast<int>(control_.periods.size())) ++s.period;
        s.moves_in_period = 0;
        s.remaining += period_of(s).seconds;
    }
    return true;
}

void Clock::charge(Color side, double seconds) {
    if (unlimited()) return;
    Side& s = sides_[index(side)];
    s.remaining = std::max(0.0, s.remaining - std::max(0.0, seconds));
    if (s.remaining == 0) s.flagged = true;
}

}  // namespace kroon
