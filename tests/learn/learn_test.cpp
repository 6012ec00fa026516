// The training pipeline on a tiny scale: self-play writes quiet positions with their game's
// result, shards merge into the same data as one run, the same seed gives the same games and
// the same weights (whatever the thread count), training lowers the loss, and damaged data
// files are refused.
#include <gtest/gtest.h>

#include <atomic>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <tuple>
#include <utility>

#include "engine/rulebook/rulebook.hpp"
#include "eval/evaluate.hpp"
#include "learn/rescore.hpp"
#include "learn/selfplay.hpp"
#include "learn/trainer.hpp"
#include "learn/training_data.hpp"

namespace kroon::learn {
namespace {

namespace fs = std::filesystem;

class Learn : public ::testing::Test {
protected:
    void SetUp() override {
        dir_ = fs::temp_directory_path() / ("kroon_learn_" + std::to_string(::getpid()) + "_" +
                                            ::testing::UnitTest::GetInstance()->current_test_info()->name());
        fs::remove_all(dir_);
        fs::create_directories(dir_);
    }
    void TearDown() override { fs::remove_all(dir_); }
    std::string path(const std::string& name) const { return (dir_ / name).string(); }

    SelfplayOptions options(const std::string& out) const {
        SelfplayOptions o;
        o.games = 6;
        o.nodes = 300;
        o.random_plies = 6;
        o.seed = 5;
        o.engine_options = {{"hash", "4"}};
        o.out = path(out);
        return o;
    }
    static std::string bytes(const std::string& file) {
        std::ifstream in(file, std::ios::binary);
        std::ostringstream s;
        s << in.rdbuf();
        return s.str();
    }
    fs::path dir_;
};

TEST_F(Learn, SelfplayWritesQuietPositionsWithTheirResults) {
    const auto result = selfplay(options("all.kpos"));
    ASSERT_TRUE(result.ok()) << result.error();
    EXPECT_EQ(result->games, 6);
    EXPECT_EQ(result->white_wins + result->black_wins + result->draws, 6);
    const auto file = read_training_file(path("all.kpos"));
    ASSERT_TRUE(file.ok()) << file.error();
    ASSERT_EQ(file->positions.size(), result->positions);
    ASSERT_GT(file->positions.size(), 60u);
    const Rulebook& rules = rulebook(file->variant);
    for (const auto& p : file->positions) {
        MoveList legal;
        rules.generate_moves(p.position, legal);
        ASSERT_FALSE(legal.empty());
        EXPECT_FALSE(legal[0].is_capture()) << rules.format_fen(p.position);  // quiet
        EXPECT_TRUE(p.result == 0 || p.result == 0.5 || p.result == 1);
    }
    // Again, the same games: the same bytes.
    const auto again = selfplay(options("again.kpos"));
    ASSERT_TRUE(again.ok());
    EXPECT_EQ(bytes(path("all.kpos")), bytes(path("again.kpos")));
}

// A run stopped after a few games (and with a game written in part after them) goes on where
// it stopped when started again, and ends with the same bytes as a run never stopped; a run
// with other options appends as a new one.
TEST_F(Learn, AStoppedRunResumesWhereItStopped) {
    ASSERT_TRUE(selfplay(options("whole.kpos")).ok());
    SelfplayOptions stopped = options("resumed.kpos");
    std::atomic<bool> stop{false};
    stopped.stop = &stop;
    const auto first = selfplay(stopped, [&](const SelfplayProgress& p) {
        if (p.games_done >= 2) stop = true;
    });
    ASSERT_TRUE(first.ok()) << first.error();
    ASSERT_GE(first->games, 2);
    ASSERT_LT(first->games, 6);
    std::ofstream(path("resumed.kpos"), std::ios::binary | std::ios::app) << std::string(30, 'x');  // cut short
    const auto second = selfplay(options("resumed.kpos"));
    ASSERT_TRUE(second.ok()) << second.error();
    EXPECT_EQ(second->resumed_after, first->games);
    EXPECT_EQ(second->games, 6 - first->games);
    EXPECT_EQ(bytes(path("resumed.kpos")), bytes(path("whole.kpos")));
    // Finished: started again, it plays nothing more.
    const auto third = selfplay(options("resumed.kpos"));
    ASSERT_TRUE(third.ok());
    EXPECT_EQ(third->games, 0);
    EXPECT_EQ(bytes(path("resumed.kpos")), bytes(path("whole.kpos")));
    // Another seed is another run: its games are appended.
    SelfplayOptions other = options("resumed.kpos");
    other.seed = 6;
    const auto appended = selfplay(other);
    ASSERT_TRUE(appended.ok());
    EXPECT_EQ(appended->resumed_after, 0);
    EXPECT_EQ(appended->games, 6);
    EXPECT_GT(bytes(path("resumed.kpos")).size(), bytes(path("whole.kpos")).size());
}

TEST_F(Learn, ShardsMergeIntoTheWholeRun) {
    SelfplayOptions whole = options("whole.kpos");
    whole.concurrency = 2;
    ASSERT_TRUE(selfplay(whole).ok());
    std::vector<std::string> shards;
    for (int i = 0; i < 3; ++i) {
        SelfplayOptions shard = options("shard" + std::to_string(i) + ".kpos");
        shard.shard = i;
        shard.shards = 3;
        ASSERT_TRUE(selfplay(shard).ok());
        shards.push_back(shard.out);
    }
    const auto merged = merge_training_files(shards, path("merged.kpos"));
    ASSERT_TRUE(merged.ok()) << merged.error();
    auto a = read_training_file(path("whole.kpos"))->positions;
    auto b = read_training_file(path("merged.kpos"))->positions;
    EXPECT_EQ(a.size(), *merged);
    // The same positions, in another order of the games.
    const auto key = [](const TrainingPosition& p) { return std::tuple(p.position.hash(), p.score, p.result); };
    const auto less = [&](const TrainingPosition& x, const TrainingPosition& y) { return key(x) < key(y); };
    std::sort(a.begin(), a.end(), less);
    std::sort(b.begin(), b.end(), less);
    EXPECT_EQ(a, b);
    // Shards of two variants do not merge.
    SelfplayOptions english = options("english.kpos");
    english.variant = Variant::English;
    english.games = 1;
    ASSERT_TRUE(selfplay(english).ok());
    EXPECT_FALSE(merge_training_files({shards[0], english.out}, path("mixed.kpos")).ok());
}

RescoreOptions rescore_options(const std::string& data, const std::string& out) {
    RescoreOptions o;
    o.data = data;
    o.out = out;
    o.nodes = 3000;
    o.every = 2;
    o.engine_options = {{"hash", "4"}};
    return o;
}

// Every other position of a self-play file searched again, ten times deeper than its game:
// the same positions and results, new scores, the same bytes every time.
TEST_F(Learn, RescoringSearchesTheChosenPositionsAgain) {
    ASSERT_TRUE(selfplay(options("games.kpos")).ok());
    const auto games = read_training_file(path("games.kpos"));
    ASSERT_TRUE(games.ok());
    const auto result = rescore(rescore_options(path("games.kpos"), path("deeper.kpos")));
    ASSERT_TRUE(result.ok()) << result.error();
    const auto deeper = read_training_file(path("deeper.kpos"));
    ASSERT_TRUE(deeper.ok()) << deeper.error();
    const auto& old = games->positions;
    const auto& now = deeper->positions;
    ASSERT_EQ(now.size(), (old.size() + 1) / 2);
    EXPECT_EQ(result->positions, now.size());
    int changed = 0;
    for (std::size_t k = 0; k < now.size(); ++k) {
        EXPECT_EQ(now[k].position, old[2 * k].position) << k;
        EXPECT_EQ(now[k].result, old[2 * k].result) << k;
        changed += now[k].score != old[2 * k].score;
    }
    EXPECT_GT(changed, static_cast<int>(now.size()) / 4);
    EXPECT_GT(result->median_change, 0);
    // Each position from an empty table: two threads give the same bytes as one.
    RescoreOptions two = rescore_options(path("games.kpos"), path("two.kpos"));
    two.concurrency = 2;
    ASSERT_TRUE(rescore(two).ok());
    EXPECT_EQ(bytes(path("deeper.kpos")), bytes(path("two.kpos")));
}

// Stopped, cut short and started again, a rescoring ends as one never stopped; shards merge
// into the same positions; bad requests are refused.
TEST_F(Learn, RescoringResumesAndShards) {
    ASSERT_TRUE(selfplay(options("games.kpos")).ok());
    const std::string data = path("games.kpos");
    ASSERT_TRUE(rescore(rescore_options(data, path("whole.kpos"))).ok());

    RescoreOptions stopped = rescore_options(data, path("resumed.kpos"));
    std::atomic<bool> stop{false};
    stopped.stop = &stop;
    const auto first = rescore(stopped, [&](const RescoreProgress& p) {
        if (p.done >= 5) stop = true;
    });
    ASSERT_TRUE(first.ok()) << first.error();
    ASSERT_GE(first->positions, 5u);
    ASSERT_LT(first->positions, read_training_file(path("whole.kpos"))->positions.size());
    std::ofstream(path("resumed.kpos"), std::ios::binary | std::ios::app) << std::string(30, 'x');  // cut short
    const auto second = rescore(rescore_options(data, path("resumed.kpos")));
    ASSERT_TRUE(second.ok()) << second.error();
    EXPECT_EQ(second->resumed_after, first->positions);
    EXPECT_EQ(bytes(path("resumed.kpos")), bytes(path("whole.kpos")));
    const auto third = rescore(rescore_options(data, path("resumed.kpos")));
    ASSERT_TRUE(third.ok());
    EXPECT_EQ(third->positions, 0u);
    EXPECT_EQ(bytes(path("resumed.kpos")), bytes(path("whole.kpos")));

    std::vector<std::string> shards;
    for (int i = 0; i < 2; ++i) {
        RescoreOptions shard = rescore_options(data, path("shard" + std::to_string(i) + ".kpos"));
        shard.shard = i;
        shard.shards = 2;
        ASSERT_TRUE(rescore(shard).ok());
        shards.push_back(shard.out);
    }
    ASSERT_TRUE(merge_training_files(shards, path("merged.kpos")).ok());
    auto a = read_training_file(path("whole.kpos"))->positions;
    auto b = read_training_file(path("merged.kpos"))->positions;
    const auto key = [](const TrainingPosition& p) { return std::tuple(p.position.hash(), p.score, p.result); };
    const auto less = [&](const TrainingPosition& x, const TrainingPosition& y) { return key(x) < key(y); };
    std::sort(a.begin(), a.end(), less);
    std::sort(b.begin(), b.end(), less);
    EXPECT_EQ(a, b);

    RescoreOptions bad = rescore_options(data, data);
    EXPECT_FALSE(rescore(bad).ok());  // onto itself
    bad = rescore_options(data, path("x.kpos"));
    bad.every = 0;
    EXPECT_FALSE(rescore(bad).ok());
    bad = rescore_options(data, path("x.kpos"));
    bad.nodes = 0;
    EXPECT_FALSE(rescore(bad).ok());
    std::ofstream(path("junk.kpos"), std::ios::binary) << "not a data file";
    EXPECT_FALSE(rescore(rescore_options(path("junk.kpos"), path("x.kpos"))).ok());
}

// The first `count` pattern weights of `trained` are those of `init` to the unit.
void expect_tables_kept(const eval::Weights& trained, const eval::Weights& init, std::size_t count) {
    for (std::size_t i = 0; i < count; ++i) {
        ASSERT_EQ(trained.patterns[i].mg, init.patterns[i].mg) << i;
        ASSERT_EQ(trained.patterns[i].eg, init.patterns[i].eg) << i;
    }
}

TEST_F(Learn, TrainingIsDeterministicAndLowersTheLoss) {
    SelfplayOptions o = options("data.kpos");
    o.games = 16;
    o.concurrency = 2;
    ASSERT_TRUE(selfplay(o).ok());
    TrainOptions t;
    t.data = {o.out};
    t.epochs = 6;
    t.batch = 256;
    t.threads = 1;
    std::vector<EpochReport> reports;
    const auto one = train(t, [&](const EpochReport& r) { reports.push_back(r); });
    ASSERT_TRUE(one.ok()) << one.error();
    ASSERT_EQ(reports.size(), 6u);
    EXPECT_LT(reports.back().train_loss, reports.front().train_loss);
    EXPECT_GT(one->validation_positions, 0u);
    t.threads = 2;
    const auto two = train(t);
    ASSERT_TRUE(two.ok());
    EXPECT_EQ(eval::serialize(one->weights), eval::serialize(two->weights));
    t.seed = 2;
    const auto other = train(t);
    ASSERT_TRUE(other.ok());
    EXPECT_NE(eval::serialize(one->weights), eval::serialize(other->weights));
    // Trained weights start where --init says.
    ASSERT_FALSE(eval::write_weights_file(path("w.kw"), one->weights));
    t.init = path("w.kw");
    t.epochs = 1;
    EXPECT_TRUE(train(t).ok());
    // From one table a window to two, split by the side to move: both start from the one.
    t.by_side_to_move = true;
    t.epochs = 2;
    const auto split = train(t);
    ASSERT_TRUE(split.ok()) << split.error();
    EXPECT_TRUE(split->weights.by_side_to_move);
    EXPECT_EQ(split->weights.patterns.size(), 2 * one->weights.patterns.size());
    const std::size_t half = one->weights.patterns.size();
    int apart = 0;
    for (std::size_t i = 0; i < half; ++i)
        apart += split->weights.patterns[i].mg != split->weights.patterns[half + i].mg;
    EXPECT_GT(apart, 0);  // trained apart
    // The shifted windows added to --init's: its tables start where they were, the new ones
    // from 0, and both are trained.
    t.by_side_to_move = false;
    t.shifted_windows = true;
    const auto wide = train(t);
    ASSERT_TRUE(wide.ok()) << wide.error();
    EXPECT_TRUE(wide->weights.shifted_windows());
    EXPECT_EQ(wide->weights.windows, 25);
    int shifted_trained = 0;
    for (std::size_t i = half; i < wide->weights.patterns.size(); ++i)
        shifted_trained += wide->weights.patterns[i].mg != 0;
    EXPECT_GT(shifted_trained, 0);
    // The shifted windows alone: the base tables and the counts stay those of --init to the unit.
    t.shifted_only = true;
    const auto shifted_alone = train(t);
    ASSERT_TRUE(shifted_alone.ok()) << shifted_alone.error();
    const auto init = eval::read_weights_file(t.init);
    ASSERT_TRUE(init.ok());
    expect_tables_kept(shifted_alone->weights, **init, half);
    for (int d = 0; d < eval::dense_count; ++d) ASSERT_EQ(shifted_alone->weights.dense[d].mg, (*init)->dense[d].mg);
    shifted_trained = 0;
    for (std::size_t i = half; i < shifted_alone->weights.patterns.size(); ++i)
        shifted_trained += shifted_alone->weights.patterns[i].mg != 0;
    EXPECT_GT(shifted_trained, 0);
    // It needs weights to keep: from material only it is refused with a reason.
    const std::string kept_init = t.init;
    t.init.clear();
    EXPECT_FALSE(train(t).ok());
    t.init = kept_init;
    t.shifted_only = false;
    t.shifted_windows = false;
    // The counts alone: the tables stay those of --init to the unit, the counts move.
    t.counts_only = true;
    const auto counts = train(t);
    ASSERT_TRUE(counts.ok()) << counts.error();
    expect_tables_kept(counts->weights, **init, half);
    int moved = 0;
    for (int d = 0; d < eval::dense_count; ++d) moved += counts->weights.dense[d].mg != (*init)->dense[d].mg;
    EXPECT_GT(moved, 0);
}

// The loss the trainer reports is the loss of the weights it writes, even where the data
// pushes weights against the 16 bits a file holds: the fit stays inside that range. White
// a man up wins every game, the start is drawn: the few weights that tell the two apart
// would grow without end (a wide logistic curve keeps the losses measurable).
TEST_F(Learn, TheReportedLossIsTheWrittenWeightsLoss) {
    const Rulebook& rules = rulebook(Variant::International);
    const Position start = rules.start_position();
    const Position man_up = Position::from_sets(start.pieces(Color::White),
                                                start.pieces(Color::Black) & ~bit(lowest_bit(start.men(Color::Black))),
                                                start.kings(), Color::White);
    {
        auto writer = TrainingWriter::open(path("won.kpos"), Variant::International);
        ASSERT_TRUE(writer.ok()) << writer.error();
        for (int i = 0; i < 200; ++i) {
            (*writer)->write({man_up, 1.0, 0});
            (*writer)->write({start, 0.5, 0});
        }
        ASSERT_FALSE((*writer)->flush());
    }
    TrainOptions t;
    t.data = {path("won.kpos")};
    t.epochs = 6;
    t.batch = 32;
    t.threads = 1;
    t.lambda = 1;
    t.scale = 10000;
    t.learning_rate = 100;
    const auto trained = train(t);
    ASSERT_TRUE(trained.ok()) << trained.error();
    EXPECT_EQ(trained->weights.dense[int(eval::Dense::Men)].mg, 32767);
    double loss = 0;
    for (const auto& [pos, target] : {std::pair{man_up, 1.0}, std::pair{start, 0.5}}) {
        const double score = eval::feature_score(trained->weights, eval::features(rules, pos));
        const double q = 1 / (1 + std::exp(-score / t.scale));
        loss -= (target * std::log(q) + (1 - target) * std::log(1 - q)) / 2;
    }
    EXPECT_NEAR(loss, trained->validation_loss, 0.001 * loss);
}

TEST_F(Learn, DamagedDataIsRefused) {
    ASSERT_TRUE(selfplay(options("good.kpos")).ok());
    const std::string good = bytes(path("good.kpos"));
    const auto write = [&](const std::string& name, const std::string& content) {
        std::ofstream(path(name), std::ios::binary) << content;
        return path(name);
    };
    EXPECT_FALSE(read_training_file(write("cut.kpos", good.substr(0, good.size() - 5))).ok());
    EXPECT_FALSE(read_training_file(write("empty.kpos", "")).ok());
    EXPECT_FALSE(read_training_file(write("text.kpos", "W:W31:B20\n")).ok());
    std::string bad_flags = good;
    bad_flags[header_size + 21] = static_cast<char>(0xff);
    const auto refused = read_training_file(write("flags.kpos", bad_flags));
    ASSERT_FALSE(refused.ok());
    EXPECT_NE(refused.error().find("record 1"), std::string::npos) << refused.error();
    TrainOptions t;
    t.data = {path("cut.kpos")};
    EXPECT_FALSE(train(t).ok());
    t.data = {path("good.kpos")};
    t.variant = Variant::Frisian;  // an international file
    EXPECT_FALSE(train(t).ok());
}

}  // namespace
}  // namespace kroon::learn
