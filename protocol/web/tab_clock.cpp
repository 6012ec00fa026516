#include "protocol/web/tab_clock.hpp"

#include <algorithm>

#include "play/options.hpp"

namespace kroon::web {

Level read_level(const Request& level) {
    const std::string kind = level.text("kind", 10);
    Level parsed;
    if (kind == "time") {
        parsed.kind = Level::Kind::Time;
        parsed.seconds = level.number("seconds", 0.05, 3600);
    } else if (kind == "depth") {
        parsed.kind = Level::Kind::Depth;
        parsed.depth = level.integer("depth", 1, 60);
    } else if (kind == "clock") {
        const std::string text = level.text("control", 40);
        const auto control = parse_time_control(text);
        if (!control) throw BadRequest{"bad clock '" + text + "': " + control.error()};
        if (control->unlimited() || !(control->periods.front().seconds > 0))
            throw BadRequest{"the clock needs a time, e.g. 5m+2"};
        parsed.kind = Level::Kind::Clock;
        parsed.control = *control;
    } else {
        throw BadRequest{"unknown level kind '" + kind + "' (time, depth or clock)"};
    }
    if (level.has("elo")) {
        const play::OptionSpec& elo = *play::find_option("elo");
        parsed.elo = level.integer("elo", elo.low, elo.high);
    }
    return parsed;
}

Json level_json(const Level& level) {
    Json json;
    switch (level.kind) {
        case Level::Kind::Time: json = {{"kind", "time"}, {"seconds", level.seconds}}; break;
        case Level::Kind::Depth: json = {{"kind", "depth"}, {"depth", level.depth}}; break;
        case Level::Kind::Clock: json = {{"kind", "clock"}, {"control", format_time_control(level.control)}}; break;
    }
    if (level.elo < play::full_strength_elo) json["elo"] = level.elo;
    return json;
}

void TabClock::set_level(const Level& level) {
    level_ = level;
    clock_ = Clock(level_.kind == Level::Kind::Clock ? level_.control : TimeControl{});
    start_turn();
}

void TabClock::restart(bool clocked) {
    clock_ = Clock(clocked ? level_.control : TimeControl{});
    start_turn();
}

void TabClock::start_turn() { turn_started_ = std::chrono::steady_clock::now(); }

double TabClock::elapsed() const {
    return std::chrono::duration<double>(std::chrono::steady_clock::now() - turn_started_).count();
}

bool TabClock::record_move(Color side) { return clock_.record_move(side, elapsed()); }

void TabClock::charge(Color side) { clock_.charge(side, elapsed()); }

bool TabClock::would_flag(Color side) const { return clock_.would_flag(side, elapsed()); }

double TabClock::time_left(Color side) const { return clock_.remaining(side) - elapsed(); }

search::Limits TabClock::limits(Color side) const {
    play::Level level;
    switch (level_.kind) {
        case Level::Kind::Time: level.move_time = level_.seconds; break;
        case Level::Kind::Depth: level.depth = level_.depth; break;
        case Level::Kind::Clock: level.clock = level_.control; break;
    }
    return play::search_limits(level, play::read_clock(clock_, side, elapsed()));
}

Json TabClock::json(std::optional<Color> running) const {
    if (clock_.unlimited()) return nullptr;
    Json clock = {{"control", format_time_control(clock_.control())}};
    for (const Color c : {Color::White, Color::Black}) {
        double left = clock_.remaining(c);
        if (running && c == *running) left -= elapsed();
        clock[color_name(c)] = std::max(0.0, left);
    }
    clock["running"] = running ? Json(color_name(*running)) : Json(nullptr);
    return clock;
}

}  // namespace kroon::web
