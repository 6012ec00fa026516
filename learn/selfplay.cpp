#include "learn/selfplay.hpp"

#include <chrono>
#include <memory>
#include <optional>
#include <random>
#include <sstream>

#include "engine/record/game.hpp"
#include "learn/ordered_job.hpp"
#include "learn/run_progress.hpp"
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

// The games of one run, played by the worker threads and written in the order of their
// numbers, each followed by the progress mark.
class SelfplayRun {
public:
    SelfplayRun(const SelfplayOptions& o, std::vector<int> numbers, TrainingWriter& writer, RunProgress done,
                std::string progress_path, const std::function<void(const SelfplayProgress&)>& progress)
        : o_(o),
          numbers_(std::move(numbers)),
          writer_(writer),
          done_(std::move(done)),
          resumed_(done_.done),
          progress_path_(std::move(progress_path)),
          progress_(progress) {}

    Result<SelfplayResult> run() {
        result_.resumed_after = static_cast<int>(resumed_);
        const auto make_player = [this] {
            return [this, engine = std::shared_ptr<play::Thinker>(data_engine(o_.engine_options))](std::size_t i) {
                return play(o_, numbers_[i], *engine);
            };
        };
        run_in_order(o_.concurrency, numbers_.size(), o_.stop, make_player,
                     [this](std::size_t i, const PlayedGame& game) { record(i, game); });
        if (failure_) return *failure_;
        result_.seconds = seconds();
        return result_;
    }

private:
    // Writes game i's positions, counts it, and marks the progress (one call at a time).
    void record(std::size_t i, const PlayedGame& game) {
        for (const auto& p : game.positions) writer_.write(p);
        result_.positions += game.positions.size();
        ++result_.games;
        switch (game.result) {
            case GameResult::WhiteWins: ++result_.white_wins; break;
            case GameResult::BlackWins: ++result_.black_wins; break;
            default: ++result_.draws; break;
        }
        if (const auto error = mark_run_progress(writer_, o_.out, "games", progress_path_, done_, resumed_ + i + 1);
            error && !failure_)
            failure_ = error;
        if (progress_) progress_({result_.games, static_cast<int>(numbers_.size()), result_.positions, seconds()});
    }

    double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

    const SelfplayOptions& o_;
    const std::vector<int> numbers_;
    TrainingWriter& writer_;
    RunProgress done_;
    const std::size_t resumed_;
    const std::string progress_path_;
    const std::function<void(const SelfplayProgress&)>& progress_;
    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    SelfplayResult result_;
    std::optional<Error> failure_;
};

}  // namespace

Result<SelfplayResult> selfplay(const SelfplayOptions& o,
                                const std::function<void(const SelfplayProgress&)>& progress) {
    if (o.nodes == 0 && o.depth == 0) return Error{"give a node or depth limit per move"};
    if (o.shards < 1 || o.shard < 0 || o.shard >= o.shards) return Error{"bad shard"};
    const std::string progress_path = o.out + ".progress";
    const auto resumed = resume_run(run_line(o), "games", o.out, progress_path);
    if (!resumed) return Error{resumed.error()};
    auto writer = TrainingWriter::open(o.out, o.variant);
    if (!writer) return Error{writer.error()};
    std::vector<int> numbers;
    for (int g = o.shard; g < o.games; g += o.shards) numbers.push_back(g);
    RunProgress done = *resumed;
    done.done = std::min(done.done, numbers.size());
    numbers.erase(numbers.begin(), numbers.begin() + static_cast<std::ptrdiff_t>(done.done));
    return SelfplayRun(o, std::move(numbers), **writer, done, progress_path, progress).run();
}

}  // namespace kroon::learn
