#include "protocol/console/report_text.hpp"

#include <cmath>
#include <cstdio>

#include "play/score_text.hpp"

namespace kroon::console {

std::string format_line(const Rulebook& rules, const Position& pos, const std::vector<Move>& moves) {
    std::string out;
    for (const std::string& move : rules.format_line(pos, moves)) out += (out.empty() ? "" : " ") + move;
    return out;
}

// Scores for people from White's side, as the board in the browser shows them: a search's score
// is the side to move's.
std::string white_score_text(search::Score score, Color side_to_move) {
    return play::score_text(side_to_move == Color::White ? score : -score, play::ScoreStyle::White);
}

std::string format_iteration(const Rulebook& rules, const Position& pos, const search::Iteration& it) {
    char head[160];
    const double speed = it.seconds > 0 ? static_cast<double>(it.nodes) / it.seconds / 1e6 : 0;
    const bool several = it.lines.size() > 1;
    // Several lines: the score moves from the head to each line.
    const Color side = pos.side_to_move();
    const std::string score = several ? "" : white_score_text(it.score, side);
    std::snprintf(head, sizeof head, "depth %2d/%-2d %8s %11llu nodes %6.2f s %5.2f Mn/s ", it.depth,
                  it.selective_depth, score.c_str(), static_cast<unsigned long long>(it.nodes), it.seconds, speed);
    if (!several) return std::string(head) + " " + format_line(rules, pos, it.pv);
    std::string text = head;
    text.erase(text.find_last_not_of(' ') + 1);
    for (std::size_t k = 0; k < it.lines.size(); ++k) {
        char number[48];
        std::snprintf(number, sizeof number, "\n  %2zu. %8s  ", k + 1,
                      white_score_text(it.lines[k].score, side).c_str());
        text += number + format_line(rules, pos, it.lines[k].pv);
    }
    return text;
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
