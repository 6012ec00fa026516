#include "bench/tactics.hpp"

#include "platform/file_reader.hpp"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cstring>
#include <fstream>
#include <sstream>

namespace kroon::bench {
namespace {

constexpr int lost = -1000;
constexpr int decisive = 500;  // beyond any material count: a side without a move

int minimax(const Rulebook& rules, const Position& pos, int depth, int alpha, int beta) {
    MoveList moves;
    rules.generate_moves(pos, moves);
    if (moves.empty()) return lost;
    if (depth <= 0 && !moves[0].is_capture()) return material(rules, pos);
    int best = 2 * lost;
    for (const Move& m : moves) {
        Position child = pos;
        rules.play(child, m);
        best = std::max(best, -minimax(rules, child, depth - 1, -beta, -alpha));
        alpha = std::max(alpha, best);
        if (alpha >= beta) break;
    }
    return best;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\r')) s.remove_suffix(1);
    return s;
}

std::optional<int> number(std::string_view s) {
    s = trim(s);
    if (!s.empty() && s.front() == '+') s.remove_prefix(1);
    int value = 0;
    const auto [end, error] = std::from_chars(s.data(), s.data() + s.size(), value);
    if (error != std::errc{} || end != s.data() + s.size()) return std::nullopt;
    return value;
}

// The mover's material lead a few plies on in the game, compared with now: a shot played
// (or a blunder punished) shows as a jump.
int largest_gain_ahead(const Rulebook& rules, const std::vector<Position>& line, std::size_t at) {
    const Color us = line[at].side_to_move();
    const int now = material(rules, line[at]);
    int gain = 0;
    for (std::size_t k = at + 1; k < line.size() && k <= at + 10; ++k) {
        const int m = material(rules, line[k]);
        gain = std::max(gain, (line[k].side_to_move() == us ? m : -m) - now);
    }
    return gain;
}

}  // namespace

int material(const Rulebook& rules, const Position& pos) {
    const int king = rules.squares() == 50 ? 3 : 2;
    const Color us = pos.side_to_move();
    return popcount(pos.men(us)) + king * popcount(pos.kings(us)) - popcount(pos.men(~us)) -
           king * popcount(pos.kings(~us));
}

int material_minimax(const Rulebook& rules, const Position& pos, int depth) {
    return minimax(rules, pos, depth, 2 * lost, -2 * lost);
}

std::optional<Puzzle> find_shot(const Rulebook& rules, const Position& pos, int depth, int min_gain) {
    MoveList moves;
    rules.generate_moves(pos, moves);
    if (moves.size() < 2 || moves[0].is_capture()) return std::nullopt;
    const int base = material(rules, pos);
    if (material_minimax(rules, pos, 2) > base) return std::nullopt;
    int best = 2 * lost, second = 2 * lost;
    Move solution = moves[0];
    for (const Move& m : moves) {
        Position child = pos;
        rules.play(child, m);
        const int v = -material_minimax(rules, child, depth - 1);
        if (v > best) {
            second = best;
            best = v;
            solution = m;
        } else {
            second = std::max(second, v);
        }
    }
    // A won game (a side without a move) is a different kind of puzzle; material only here.
    if (best >= decisive || best < base + min_gain || second > best - 2) return std::nullopt;
    Position after = pos;
    rules.play(after, solution);
    if (!rules.has_capture(after)) return std::nullopt;
    Puzzle puzzle{pos, solution, best - base, depth};
    for (int d = 3; d < depth; ++d)
        if (material_minimax(rules, pos, d) >= best) {
            puzzle.plies = d;
            break;
        }
    return puzzle;
}

void find_shots(const std::vector<PdnGame>& games, int depth, int min_gain,
                const std::function<void(const Puzzle&)>& found) {
    for (const PdnGame& game : games) {
        const Rulebook& rules = rulebook(game.variant);
        std::vector<Position> line{game.start};
        for (const Move& m : game.moves) {
            Position next = line.back();
            rules.play(next, m);
            line.push_back(next);
        }
        for (std::size_t i = 0; i + 1 < line.size(); ++i) {
            if (largest_gain_ahead(rules, line, i) < min_gain) continue;
            if (auto puzzle = find_shot(rules, line[i], depth, min_gain)) found(*puzzle);
        }
    }
}

std::string format_puzzle(const Rulebook& rules, const Puzzle& puzzle) {
    std::ostringstream out;
    out << rules.format_fen(puzzle.position) << "; " << rules.format_move(puzzle.position, puzzle.solution) << "; +"
        << puzzle.gain << "; " << puzzle.plies;
    return out.str();
}

PuzzleFile parse_puzzles(const Rulebook& rules, std::string_view text) {
    PuzzleFile file;
    int line_number = 0;
    while (!text.empty()) {
        const std::size_t end = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        ++line_number;
        if (const std::size_t hash = line.find('#'); hash != std::string_view::npos) line = line.substr(0, hash);
        line = trim(line);
        if (line.empty()) continue;
        std::vector<std::string_view> fields;
        for (std::size_t at = 0;;) {
            const std::size_t semicolon = line.find(';', at);
            fields.push_back(trim(line.substr(at, semicolon - at)));
            if (semicolon == std::string_view::npos) break;
            at = semicolon + 1;
        }
        const auto fail = [&](const std::string& why) {
            file.errors.push_back("line " + std::to_string(line_number) + ": " + why);
        };
        if (fields.size() != 4) {
            fail("expected FEN; MOVE; +GAIN; PLIES");
            continue;
        }
        const auto pos = rules.parse_fen(fields[0]);
        if (!pos.ok()) {
            fail(pos.error());
            continue;
        }
        const auto move = rules.parse_move(*pos, fields[1]);
        if (!move.ok()) {
            fail(move.error());
            continue;
        }
        const auto gain = number(fields[2]), plies = number(fields[3]);
        if (!gain || !plies || *gain < 1 || *plies < 1) {
            fail("the gain and the plies are positive whole numbers");
            continue;
        }
        file.puzzles.push_back({*pos, *move, *gain, *plies});
    }
    return file;
}

Result<PuzzleFile> read_puzzles(const Rulebook& rules, const std::string& path) {
    const auto text = platform::read_file(path, platform::max_text_file_bytes, "tactics set");
    if (!text) return Error{text.error()};
    return parse_puzzles(rules, *text);
}

Attempt solve(play::Thinker& engine, const Rulebook& rules, const Puzzle& puzzle, const search::Limits& limits) {
    engine.new_game();
    engine.set_game(Game(rules, puzzle.position));
    Attempt attempt;
    engine.go(limits, search::Listener{[&](const search::Iteration& it) {
                                           if (it.pv.empty()) return;
                                           if (!(it.pv.front() == puzzle.solution))
                                               attempt.found_after.reset();
                                           else if (!attempt.found_after)
                                               attempt.found_after = it.seconds;
                                       },
                                       [&](const search::Outcome& o) {
                                           if (o.best) attempt.played = *o.best;
                                           attempt.seconds = o.seconds;
                                           attempt.nodes = o.nodes;
                                       }});
    engine.wait();
    attempt.solved = attempt.played == puzzle.solution;
    if (!attempt.solved) attempt.found_after.reset();
    return attempt;
}

}  // namespace kroon::bench
