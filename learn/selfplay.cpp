#include "learn/selfplay.hpp"

#include <atomic>
#include <chrono>
#include <map>
#include <mutex>
#include <random>
#include <thread>

#include "engine/record/game.hpp"
#include "learn/training_data.hpp"
#include "play/engine.hpp"

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

PlayedGame play(const SelfplayOptions& o, int number, play::Engine& engine) {
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

}  // namespace

Result<SelfplayResult> selfplay(const SelfplayOptions& o,
                                const std::function<void(const SelfplayProgress&)>& progress) {
    if (o.nodes == 0 && o.depth == 0) return Error{"give a node or depth limit per move"};
    if (o.shards < 1 || o.shard < 0 || o.shard >= o.shards) return Error{"bad shard"};
    auto writer = TrainingWriter::open(o.out, o.variant);
    if (!writer) return Error{writer.error()};

    std::vector<int> numbers;
    for (int g = o.shard; g < o.games; g += o.shards) numbers.push_back(g);
    const auto start = std::chrono::steady_clock::now();
    std::atomic<size_t> next{0};
    std::mutex mutex;
    std::map<size_t, PlayedGame> finished;  // waiting to be written in game order
    size_t written = 0;
    SelfplayResult result;
    std::optional<Error> failure;

    const auto work = [&] {
        play::Engine engine;
        engine.set_option("hash", "16");
        engine.set_option("egdb", "none");
        for (const auto& [name, value] : o.engine_options) engine.set_option(name, value);
        for (;;) {
            const size_t i = next.fetch_add(1);
            if (i >= numbers.size()) return;
            PlayedGame game = play(o, numbers[i], engine);
            std::lock_guard lock(mutex);
            finished.emplace(i, std::move(game));
            for (auto it = finished.find(written); it != finished.end(); it = finished.find(written)) {
                for (const auto& p : it->second.positions) (*writer)->write(p);
                result.positions += it->second.positions.size();
                ++result.games;
                switch (it->second.result) {
                    case GameResult::WhiteWins: ++result.white_wins; break;
                    case GameResult::BlackWins: ++result.black_wins; break;
                    default: ++result.draws; break;
                }
                finished.erase(it);
                ++written;
                if (const auto error = (*writer)->flush(); error && !failure) failure = error;
                if (progress) {
                    const double seconds =
                        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
                    progress({result.games, static_cast<int>(numbers.size()), result.positions, seconds});
                }
            }
        }
    };
    std::vector<std::thread> threads;
    for (int t = 1; t < o.concurrency; ++t) threads.emplace_back(work);
    work();
    for (auto& t : threads) t.join();
    if (failure) return *failure;
    result.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    return result;
}

}  // namespace kroon::learn
