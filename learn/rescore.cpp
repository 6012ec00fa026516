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
#include "learn/resumable_run.hpp"
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
    auto run = ResumableRun::open({o.out, run_line(o, variant, chosen), "positions", variant, chosen.size(),
                                   o.concurrency, o.stop, o.engine_options, 1.0});
    if (!run) return Error{run.error()};
    ResumableRun& positions = **run;
    const Rulebook& rules = rulebook(variant);
    RescoreResult result;
    result.resumed_after = positions.resumed();
    std::vector<int> changes;  // |new score - old score| of each position searched
    const auto search = [&](play::Thinker& engine, std::size_t i) {
        TrainingPosition p = chosen[i];
        p.score = search_again(engine, rules, o, p.position);
        return p;
    };
    const auto write = [&](TrainingWriter& writer, std::size_t i, const TrainingPosition& p) {
        writer.write(p);
        changes.push_back(std::abs(p.score - chosen[i].score));
        ++result.positions;
        if (progress) progress({result.positions, positions.left(), positions.seconds()});
    };
    if (const auto failure = positions.run(search, write)) return *failure;
    if (!changes.empty()) {
        const auto middle = changes.begin() + static_cast<std::ptrdiff_t>(changes.size() / 2);
        std::nth_element(changes.begin(), middle, changes.end());
        result.median_change = *middle;
    }
    result.seconds = positions.seconds();
    return result;
}

}  // namespace kroon::learn
