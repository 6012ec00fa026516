#include "learn/rescore.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <filesystem>
#include <memory>
#include <optional>
#include <sstream>

#include "engine/record/game.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "learn/ordered_job.hpp"
#include "learn/run_progress.hpp"
#include "learn/training_data.hpp"
#include "play/thinker.hpp"

namespace kroon::learn {
namespace {

// The job as one line: a stopped run resumes only into a file of the same job. The chosen
// positions enter by a checksum, so another data file of the same name is another job.
std::string run_line(const RescoreOptions& o, Variant variant, const std::vector<TrainingPosition>& chosen) {
    std::uint64_t sum = 0xcbf29ce484222325ULL;  // FNV-1a over the positions and their old scores
    for (const auto& p : chosen)
        for (const std::uint64_t word : {p.position.hash(), static_cast<std::uint64_t>(p.score)})
            sum = (sum ^ word) * 0x100000001b3ULL;
    std::ostringstream line;
    line << "rescore " << rulebook(variant).name() << " positions " << chosen.size() << " " << std::hex << sum
         << std::dec << " nodes " << o.nodes << " depth " << o.depth << " every " << o.every << " shard " << o.shard
         << "/" << o.shards;
    for (const auto& [name, value] : o.engine_options) line << " " << name << "=" << value;
    return line.str();
}

// The new score of one position, for White, from a search begun with an empty table.
int search_again(play::Thinker& engine, const Rulebook& rules, const RescoreOptions& o, const Position& position) {
    engine.new_game();
    engine.set_game(Game(rules, position));
    search::Limits limits;
    limits.nodes = o.nodes;
    limits.depth = o.depth;
    const search::Outcome outcome = engine.think(limits);
    return position.side_to_move() == Color::White ? outcome.score : -outcome.score;
}

// The shard's positions, searched by the worker threads and written in their order.
class RescoreRun {
public:
    RescoreRun(const RescoreOptions& o, Variant variant, std::vector<TrainingPosition> todo, TrainingWriter& writer,
               RunProgress done, std::string progress_path, const std::function<void(const RescoreProgress&)>& progress)
        : o_(o),
          rules_(rulebook(variant)),
          todo_(std::move(todo)),
          writer_(writer),
          done_(std::move(done)),
          resumed_(done_.done),
          progress_path_(std::move(progress_path)),
          progress_(progress) {}

    Result<RescoreResult> run() {
        result_.resumed_after = resumed_;
        const auto make_searcher = [this] {
            return [this, engine = std::shared_ptr<play::Thinker>(data_engine(o_.engine_options))](std::size_t i) {
                TrainingPosition p = todo_[i];
                p.score = search_again(*engine, rules_, o_, p.position);
                return p;
            };
        };
        run_in_order(o_.concurrency, todo_.size(), o_.stop, make_searcher,
                     [this](std::size_t i, const TrainingPosition& p) { record(i, p); });
        mark(resumed_ + result_.positions);
        if (failure_) return *failure_;
        if (!changes_.empty()) {
            const auto middle = changes_.begin() + static_cast<std::ptrdiff_t>(changes_.size() / 2);
            std::nth_element(changes_.begin(), middle, changes_.end());
            result_.median_change = *middle;
        }
        result_.seconds = seconds();
        return result_;
    }

private:
    // Writes position i with its new score; the progress is marked at most once a second
    // (one call at a time).
    void record(std::size_t i, const TrainingPosition& p) {
        writer_.write(p);
        changes_.push_back(std::abs(p.score - todo_[i].score));
        ++result_.positions;
        if (seconds() - marked_ >= 1.0) mark(resumed_ + i + 1);
        if (progress_) progress_({result_.positions, todo_.size(), seconds()});
    }

    void mark(std::size_t done) {
        marked_ = seconds();
        if (const auto error = mark_run_progress(writer_, o_.out, "positions", progress_path_, done_, done);
            error && !failure_)
            failure_ = error;
    }

    double seconds() const { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count(); }

    const RescoreOptions& o_;
    const Rulebook& rules_;
    const std::vector<TrainingPosition> todo_;
    TrainingWriter& writer_;
    RunProgress done_;
    const std::size_t resumed_;
    const std::string progress_path_;
    const std::function<void(const RescoreProgress&)>& progress_;
    const std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now();
    double marked_ = 0;
    std::vector<int> changes_;  // |new score - old score| of each position searched
    RescoreResult result_;
    std::optional<Error> failure_;
};

}  // namespace

Result<RescoreResult> rescore(const RescoreOptions& o, const std::function<void(const RescoreProgress&)>& progress) {
    if (o.nodes == 0 && o.depth == 0) return Error{"give a node or depth limit per position"};
    if (o.shards < 1 || o.shard < 0 || o.shard >= o.shards) return Error{"bad shard"};
    if (o.every < 1) return Error{"--every must be 1 or more"};
    std::error_code ec;
    if (std::filesystem::equivalent(o.data, o.out, ec)) return Error{"--out must not be the data file itself"};
    std::vector<TrainingPosition> chosen;
    Variant variant;
    {
        const auto file = read_training_file(o.data);
        if (!file) return Error{file.error()};
        variant = file->variant;
        const auto& all = file->positions;
        for (std::size_t i = 0, k = 0; i < all.size(); i += static_cast<std::size_t>(o.every), ++k)
            if (k % static_cast<std::size_t>(o.shards) == static_cast<std::size_t>(o.shard)) chosen.push_back(all[i]);
    }
    const std::string progress_path = o.out + ".progress";
    const auto resumed = resume_run(run_line(o, variant, chosen), "positions", o.out, progress_path);
    if (!resumed) return Error{resumed.error()};
    auto writer = TrainingWriter::open(o.out, variant);
    if (!writer) return Error{writer.error()};
    RunProgress done = *resumed;
    done.done = std::min(done.done, chosen.size());
    chosen.erase(chosen.begin(), chosen.begin() + static_cast<std::ptrdiff_t>(done.done));
    return RescoreRun(o, variant, std::move(chosen), **writer, done, progress_path, progress).run();
}

}  // namespace kroon::learn
