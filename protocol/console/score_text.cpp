#include "protocol/console/score_text.hpp"

#include <cmath>
#include <cstdio>

namespace kroon::console {

std::string format_score(search::Score score) {
    if (search::is_decisive(score)) {
        const int plies = search::win_score - std::abs(score);
        return std::string(score > 0 ? "win" : "loss") + " in " + std::to_string(plies) +
               (plies == 1 ? " ply" : " plies");
    }
    char text[32];
    std::snprintf(text, sizeof text, "%s%d.%02d",
                  score > 0   ? "+"
                  : score < 0 ? "-"
                              : "",
                  std::abs(score) / 100, std::abs(score) % 100);
    return text;
}

std::string format_line(const Rulebook& rules, const Position& pos, const std::vector<Move>& moves) {
    std::string out;
    for (const std::string& move : rules.format_line(pos, moves)) out += (out.empty() ? "" : " ") + move;
    return out;
}

std::string format_iteration(const Rulebook& rules, const Position& pos, const search::Iteration& it) {
    char head[160];
    const double speed = it.seconds > 0 ? static_cast<double>(it.nodes) / it.seconds / 1e6 : 0;
    std::snprintf(head, sizeof head, "depth %2d/%-2d %8s %11llu nodes %6.2f s %5.2f Mn/s ", it.depth,
                  it.selective_depth, format_score(it.score).c_str(), static_cast<unsigned long long>(it.nodes),
                  it.seconds, speed);
    return std::string(head) + " " + format_line(rules, pos, it.pv);
}

std::string format_seconds(double seconds) {
    if (seconds < 0) return "-" + format_seconds(-seconds);
    char text[32];
    const long tenths = std::lround(seconds * 10);
    const long whole = tenths / 10;
    if (whole < 60)
        std::snprintf(text, sizeof text, "%ld.%ld s", whole, tenths % 10);
    else if (whole < 3600)
        std::snprintf(text, sizeof text, "%ld:%02ld.%ld", whole / 60, whole % 60, tenths % 10);
    else
        std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", whole / 3600, whole / 60 % 60, whole % 60);
    return text;
}

}  // namespace kroon::console
