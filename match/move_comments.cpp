#include "match/move_comments.hpp"

#include <algorithm>
#include <charconv>
#include <cstdio>
#include <cstdlib>

namespace kroon::match {

std::string clock_text(double seconds) {
    const auto tenths = static_cast<long long>(std::max(0.0, seconds) * 10 + 0.5);
    char text[32];
    std::snprintf(text, sizeof text, "%lld:%02lld:%02lld.%lld", tenths / 36000, tenths / 600 % 60, tenths / 10 % 60,
                  tenths % 10);
    return text;
}

std::optional<double> parse_clock_text(std::string_view text) {
    long long parts[3] = {0, 0, 0};
    for (int i = 0; i < 3; ++i) {
        const char* begin = text.data();
        const auto [end, error] = std::from_chars(begin, text.data() + text.size(), parts[i]);
        if (error != std::errc() || end == begin || parts[i] < 0) return std::nullopt;
        text.remove_prefix(static_cast<std::size_t>(end - begin));
        if (i < 2) {
            if (text.empty() || text.front() != ':') return std::nullopt;
            text.remove_prefix(1);
        }
    }
    if (parts[1] > 59 || parts[2] > 59 || parts[0] > 10'000'000) return std::nullopt;
    double fraction = 0;
    if (!text.empty()) {
        if (text.front() != '.' || text.size() < 2 || text.size() > 10) return std::nullopt;
        double scale = 0.1;
        for (const char c : text.substr(1)) {
            if (c < '0' || c > '9') return std::nullopt;
            fraction += (c - '0') * scale;
            scale /= 10;
        }
    }
    return static_cast<double>(parts[0] * 3600 + parts[1] * 60 + parts[2]) + fraction;
}

std::string move_comment(const MoveNote& note, Color mover) {
    std::string out;
    const auto add = [&out](const std::string& command) { out += (out.empty() ? "" : " ") + command; };
    if (note.clock_left) add("[%clk " + clock_text(*note.clock_left) + "]");
    add("[%emt " + clock_text(note.seconds) + "]");
    if (note.score) {
        const int white_view = mover == Color::White ? *note.score : -*note.score;
        char men[32];
        std::snprintf(men, sizeof men, "%s%d.%02d", white_view < 0 ? "-" : "", std::abs(white_view) / 100,
                      std::abs(white_view) % 100);
        add("[%eval " + std::string(men) + (note.depth && *note.depth > 0 ? "," + std::to_string(*note.depth) : "") +
            "]");
    }
    return out;
}

PdnGame with_move_comments(PdnGame record, const std::vector<MoveNote>& notes) {
    if (notes.empty() || notes.size() > record.moves.size()) return record;
    const std::size_t first = record.moves.size() - notes.size();
    MoveTree tree;
    int node = MoveTree::root;
    Color mover = record.start.side_to_move();
    for (std::size_t i = 0; i < record.moves.size(); ++i, mover = ~mover) {
        node = tree.add(node, record.moves[i]);
        if (i >= first) tree[node].comment = move_comment(notes[i - first], mover);
    }
    record.tree = std::move(tree);
    return record;
}

}  // namespace kroon::match
