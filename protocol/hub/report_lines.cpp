#include "protocol/hub/report_lines.hpp"

#include <cstdio>
#include <cstdlib>

#include "play/score_text.hpp"
#include "protocol/hub/line_codec.hpp"

namespace kroon::hub {
namespace {

std::string fixed(double value, int decimals) {
    char buffer[64];
    std::snprintf(buffer, sizeof buffer, "%.*f", decimals, value);
    return buffer;
}

std::string join(const std::vector<std::string>& words) {
    std::string out;
    for (const auto& w : words) {
        if (!out.empty()) out += ' ';
        out += w;
    }
    return out;
}

// `number`: the line's multipv= value, 0 for none.
std::string info_line(const Rulebook& rules, const Position& root, const search::Iteration& it,
                      const search::Line& principal, int number) {
    LineBuilder line("info");
    if (it.depth > 0) line.add("depth", std::to_string(it.depth));
    if (number > 0) line.add("multipv", std::to_string(number));
    line.add("score", play::score_text(principal.score, play::ScoreStyle::Hub));
    if (it.nodes > 0) line.add("nodes", std::to_string(it.nodes));
    if (it.seconds >= 0.001) {
        line.add("time", fixed(it.seconds, 3));
        line.add("nps", fixed(static_cast<double>(it.nodes) / it.seconds / 1e6, 1));
    }
    // Not a Scan field: clients keep unknown keys as text (pydraughts) or ignore them.
    if (it.hashfull > 0) line.add("hashfull", std::to_string(it.hashfull));
    if (it.database_hits > 0) line.add("tbhits", std::to_string(it.database_hits));
    const auto pv = rules.format_line(root, principal.pv, MoveNotation::Hub);
    if (!pv.empty()) line.add("pv", join(pv));
    return line.str();
}

}  // namespace

std::string info_line(const Rulebook& rules, const Position& root, const search::Iteration& it) {
    return info_line(rules, root, it, {it.score, it.pv}, 0);
}

std::vector<std::string> info_lines(const Rulebook& rules, const Position& root, const search::Iteration& it) {
    if (it.lines.empty()) return {info_line(rules, root, it, {it.score, it.pv}, 1)};
    std::vector<std::string> lines;
    for (int k = static_cast<int>(it.lines.size()); k >= 1; --k)
        lines.push_back(info_line(rules, root, it, it.lines[static_cast<size_t>(k - 1)], k));
    return lines;
}

std::string done_line(const Rulebook& rules, const Position& root, const search::Outcome& outcome) {
    MoveList legal;
    rules.generate_moves(root, legal);
    if (legal.empty()) return "done";
    std::vector<Move> moves;
    if (outcome.best && legal.contains(*outcome.best)) {
        moves.push_back(*outcome.best);
        if (outcome.ponder) moves.push_back(*outcome.ponder);
    } else {
        moves.push_back(legal[0]);  // our bug, but the GUI still gets a legal move
    }
    const auto text = rules.format_line(root, moves, MoveNotation::Hub);
    LineBuilder line("done");
    if (!text.empty()) line.add("move", text[0]);
    if (text.size() > 1) line.add("ponder", text[1]);
    return line.str();
}

}  // namespace kroon::hub
