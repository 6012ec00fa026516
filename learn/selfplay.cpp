#include "learn/selfplay.hpp"

#include <chrono>
#include <memory>
#include <optional>
#include <random>
#include <sstream>

#include "engine/record/game.hpp"
#include "learn/resumable_run.hpp"
#include "learn/training_data.hpp"
#include "play/thinker.hpp"

namespace kroon::learn {
namespace {

struct PlayedGame {
    std::vector<TrainingPosition> positions;
    GameResult result = GameResult::Draw;
};

// The opening of game `number`: from the file in turn, or random moves from a generator
// seeded by the game's number, so every shard and machine makes the same game.
Game opening_of(const SelfplayOptions& o, int number) {
    const Rulebook& rules = rulebook(o.variant);
    if (!o.openings.empty()) {
        const auto& opening = o.openings[static_cast<size_t>(number) % o.openings.size()];
        Game game(rules, opening.start);
        for (const Move& m : opening.moves) game.play(m);
        return game;
    }
    std::mt19937_64 rng(o.seed * 0x9E3779B97F4A7C15ull + static_cast<std::uint64_t>(number));
    for (;;) {
        Game game(rules);
        while (!game.is_over() && static_cast<int>(game.moves().size()) < o.random_plies) {
            MoveList legal;
            rules.generate_moves(game.position(), legal);
            game.play(legal[static_cast<int>(rng() % static_cast<std::uint64_t>(legal.size()))]);
        }
        if (!game.is_over()) return game;
    }
}

PlayedGame play(const SelfplayOptions& o, int number, play::Thinker& engine) {
    Game game = opening_of(o, number);
    const Rulebook& rules = game.rules();
    engine.new_game();
    search::Limits limits;
    limits.nodes = o.nodes;
    limits.depth = o.depth;
    PlayedGame played;
    while (!game.is_over() && static_cast<int>(game.moves().size()) < o.max_plies) {
        engine.set_game(game);
        const search::Outcome outcome = engine.think(limits);
        if (!outcome.best) break;
        MoveList legal;
        rules.generate_moves(game.position(), legal);
        if (!legal[0].is_capture()) {
            const bool white = game.side_to_move() == Color::White;
            played.positions.push_back({game.position(), 0.5, white ? outcome.score : -outcome.score});
        }
        if (!game.play(*outcome.best)) break;
    }
    played.result = game.is_over() ? game.verdict().result : GameResult::Draw;
    const double white_result = score_fraction(played.result, Color::White);
    for (auto& p : played.positions) p.result = white_result;
    return played;
}

// The run as one line: a stopped run resumes only into a file of the same run.
std::string run_line(const SelfplayOptions& o) {
    std::ostringstream line;
    line << "run " << rulebook(o.variant).name() << " games " << o.games << " nodes " << o.nodes << " depth " << o.depth
         << " random " << o.random_plies << " seed " << o.seed << " shard " << o.shard << "/" << o.shards
         << " max-plies " << o.max_plies << " openings " << o.openings.size();
    std::uint64_t openings = 0xcbf29ce484222325ULL;  // FNV-1a over the openings' positions and moves
    for (const auto& opening : o.openings) {
        for (const std::uint64_t word : {opening.start.hash(), static_cast<std::uint64_t>(opening.moves.size())})
            openings = (openings ^ word) * 0x100000001b3ULL;
        for (const Move& m : opening.moves)
            openings = (openings ^ (static_cast<std::uint64_t>(m.from) << 8 | m.to)) * 0x100000001b3ULL;
    }
    line << " " << std::hex << openings << std::dec;
    for (const auto& [name, value] : o.engine_options) line << " " << name << "=" << value;
    return line.str();
}

}  // namespace

Result<SelfplayResult> selfplay(const SelfplayOptions& o,
                                const std::function<void(const SelfplayProgress&)>& progress) {
    if (o.nodes == 0 && o.depth == 0) return Error{"give a node or depth limit per move"};
    if (o.shards < 1 || o.shard < 0 || o.shard >= o.shards) return Error{"bad shard"};
    std::vector<int> numbers;
    for (int g = o.shard; g < o.games; g += o.shards) numbers.push_back(g);
    auto run = ResumableRun::open(
        {o.out, run_line(o), "games", o.variant, numbers.size(), o.concurrency, o.stop, o.engine_options, 0});
    if (!run) return Error{run.error()};
    ResumableRun& games = **run;
    SelfplayResult result;
    result.resumed_after = static_cast<int>(games.resumed());
    const auto play_game = [&](play::Thinker& engine, std::size_t i) { return play(o, numbers[i], engine); };
    const auto write = [&](TrainingWriter& writer, std::size_t, const PlayedGame& game) {
        for (const auto& p : game.positions) writer.write(p);
        result.positions += game.positions.size();
        ++result.games;
        switch (game.result) {
            case GameResult::WhiteWins: ++result.white_wins; break;
            case GameResult::BlackWins: ++result.black_wins; break;
            default: ++result.draws; break;
        }
        if (progress) progress({result.games, static_cast<int>(games.left()), result.positions, games.seconds()});
    };
    if (const auto failure = games.run(play_game, write)) return *failure;
    result.seconds = games.seconds();
    return result;
}

}  // namespace kroon::learn
