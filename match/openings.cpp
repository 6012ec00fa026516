#include "match/openings.hpp"

#include "platform/file_reader.hpp"

#include <algorithm>
#include <fstream>
#include <random>
#include <sstream>
#include <unordered_map>

#include "engine/record/pdn.hpp"

namespace kroon::match {
namespace {

bool looks_like_pdn(std::string_view text) {
    size_t at = 0;
    while (at < text.size()) {
        const size_t end = text.find('\n', at);
        std::string_view line = text.substr(at, end == std::string_view::npos ? std::string_view::npos : end - at);
        const size_t first = line.find_first_not_of(" \t\r");
        if (first != std::string_view::npos) {
            const char c = line[first];
            if (c == '[' || c == '{') return true;
            if (c != '#' && c != '%') {
                // "1. 32-28 ..." is move text; "W:W31,..." is a FEN.
                const size_t dot = line.find('.');
                return dot != std::string_view::npos && line.find(':') == std::string_view::npos;
            }
        }
        if (end == std::string_view::npos) break;
        at = end + 1;
    }
    return false;
}

std::optional<Error> check_playable(const Opening& o, Variant variant, const std::string& where) {
    Game g(rulebook(variant), o.start);
    for (size_t i = 0; i < o.moves.size(); ++i)
        if (!g.play(o.moves[i])) return Error{where + ": move " + std::to_string(i + 1) + " cannot be played"};
    if (g.is_over()) return Error{where + " is already decided: " + g.termination()};
    return std::nullopt;
}

}  // namespace

Result<std::vector<Opening>> read_openings(std::string_view text, Variant variant) {
    std::vector<Opening> out;
    if (looks_like_pdn(text)) {
        const PdnFile file = read_pdn(text, variant);
        if (!file.errors.empty()) return Error{"opening " + file.errors.front().text()};
        for (size_t i = 0; i < file.games.size(); ++i) {
            const PdnGame& g = file.games[i];
            if (g.variant != variant)
                return Error{"opening game " + std::to_string(i + 1) + " is " +
                             std::string(rulebook(g.variant).name()) + ", not " +
                             std::string(rulebook(variant).name())};
            Opening o{g.start, g.moves, "opening " + std::to_string(i + 1)};
            if (const auto e = check_playable(o, variant, o.label)) return *e;
            out.push_back(std::move(o));
        }
    } else {
        std::istringstream lines{std::string(text)};
        std::string line;
        for (int number = 1; std::getline(lines, line); ++number) {
            const size_t first = line.find_first_not_of(" \t\r");
            if (first == std::string::npos || line[first] == '#' || line[first] == '%') continue;
            const auto pos = rulebook(variant).parse_fen(line);
            if (!pos) return Error{"openings line " + std::to_string(number) + ": " + pos.error()};
            Opening o{*pos, {}, "line " + std::to_string(number)};
            if (const auto e = check_playable(o, variant, "the opening on line " + std::to_string(number))) return *e;
            out.push_back(std::move(o));
        }
    }
    if (out.empty()) return Error{"no openings found"};
    return out;
}

Result<std::vector<Opening>> read_openings_file(const std::string& path, Variant variant) {
    const auto text = platform::read_file(path, platform::max_text_file_bytes, "openings file");
    if (!text) return Error{text.error()};
    auto openings = read_openings(*text, variant);
    if (!openings) return Error{path + ": " + openings.error()};
    return openings;
}

std::vector<Opening> random_openings(Variant variant, int count, int plies, std::uint32_t seed) {
    std::mt19937 rng(seed);
    std::vector<Opening> out;
    for (int tries = 0; static_cast<int>(out.size()) < count && tries < 100 * count; ++tries) {
        Game g(rulebook(variant));
        while (!g.is_over() && static_cast<int>(g.moves().size()) < plies) {
            MoveList legal;
            g.rules().generate_moves(g.position(), legal);
            g.play(legal[static_cast<int>(rng() % static_cast<unsigned>(legal.size()))]);
        }
        if (g.is_over()) continue;
        out.push_back({g.start(), g.moves(), "random " + std::to_string(out.size() + 1)});
    }
    return out;
}

std::vector<Opening> ballot_openings(Variant variant, int plies, std::uint32_t seed, std::size_t limit) {
    std::vector<Opening> out;
    // Depth-first over the move tree, `g` being the game along the current branch.
    const auto visit = [&](const auto& self, const Game& g) -> void {
        MoveList legal;
        g.rules().generate_moves(g.position(), legal);
        for (const Move& m : legal) {
            if (out.size() >= limit) return;
            Game next = g;
            next.play(m);
            if (next.is_over()) continue;
            if (static_cast<int>(next.moves().size()) == plies)
                out.push_back({next.start(), next.moves(), {}});
            else
                self(self, next);
        }
    };
    visit(visit, Game(rulebook(variant)));
    // Move orders that reach the same position are one opening: both would play the same game.
    const std::vector<int> classes = opening_classes(out, variant);
    std::vector<Opening> distinct;
    for (size_t i = 0; i < out.size(); ++i)
        if (classes[i] == static_cast<int>(i)) distinct.push_back(std::move(out[i]));
    out = std::move(distinct);
    std::shuffle(out.begin(), out.end(), std::mt19937(seed));
    for (size_t i = 0; i < out.size(); ++i) out[i].label = "ballot " + std::to_string(i + 1);
    return out;
}

std::vector<int> opening_classes(const std::vector<Opening>& openings, Variant variant) {
    const Rulebook& rules = rulebook(variant);
    std::unordered_multimap<std::uint64_t, int> seen;  // the position's hash: the openings that reach it
    std::vector<Position> reached;
    std::vector<int> classes;
    for (const Opening& o : openings) {
        Position p = o.start;
        for (const Move& m : o.moves) p = rules.after(p, m);
        const int index = static_cast<int>(reached.size());
        int first = index;
        const auto [from, to] = seen.equal_range(p.hash());
        for (auto it = from; it != to && first == index; ++it)
            if (reached[it->second] == p) first = it->second;
        if (first == index) seen.emplace(p.hash(), index);
        reached.push_back(p);
        classes.push_back(first);
    }
    return classes;
}

}  // namespace kroon::match
