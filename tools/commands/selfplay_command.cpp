// `kroon selfplay`: training data from Kroon's games against itself (learn/selfplay).

#include <cmath>
#include <cstdio>
#include <iomanip>
#include <optional>
#include <ostream>
#include <sstream>
#include <string>
#include <tuple>
#include <utility>

#include "learn/rescore.hpp"
#include "learn/selfplay.hpp"
#include "learn/training_data.hpp"
#include "match/openings.hpp"
#include "platform/signals.hpp"
#include "platform/terminal.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

struct SelfplayArgs {
    learn::SelfplayOptions options;
    PositionArgs position;  // only its variant is used
    std::string openings;
    std::string shard;  // I/N
    std::vector<std::string> merge;
    std::string rescore;  // a data file to search again instead of playing
    int every = 1;
    EngineArgs engine;
};

std::string duration(double seconds) {
    const long s = std::lround(seconds);
    std::ostringstream out;
    if (s >= 3600)
        out << s / 3600 << "h" << std::setw(2) << std::setfill('0') << s / 60 % 60 << "m";
    else if (s >= 60)
        out << s / 60 << "m" << std::setw(2) << std::setfill('0') << s % 60 << "s";
    else
        out << s << "s";
    return out.str();
}

// The variant, how many games, and the search per move.
void add_game_options(CLI::App& command, learn::SelfplayOptions& options) {
    add_variant(command, options.variant);
    command.add_option("--games", options.games, "games to play (over all shards)")
        ->check(CLI::Range(1, 100000000))
        ->capture_default_str();
    command.add_option("--nodes", options.nodes, "nodes per move")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    command.add_option("--depth", options.depth, "depth per move (instead of --nodes)")->check(CLI::Range(1, 60));
}

void add_opening_options(CLI::App& command, SelfplayArgs& args) {
    command.add_option("--openings", args.openings, "openings from FILE (FEN lines or PDN), in turn")
        ->type_name("FILE");
    command.add_option("--random-openings", args.options.random_plies, "otherwise random openings of N plies")
        ->type_name("N")
        ->check(CLI::Range(0, 60))
        ->capture_default_str();
    command.add_option("--seed", args.options.seed, "seed of the random openings")->capture_default_str();
}

// How the games are shared out over machines and threads.
void add_sharing_options(CLI::App& command, SelfplayArgs& args) {
    command.add_option("--shard", args.shard, "play shard I of N: the games whose number is I modulo N")
        ->type_name("I/N");
    command.add_option("--concurrency", args.options.concurrency, "games played at once (one thread each)")
        ->check(CLI::Range(1, 256))
        ->capture_default_str();
}

int merge_shards(const std::vector<std::string>& files, const std::string& out, const Streams& io) {
    const auto merged = learn::merge_training_files(files, out);
    if (!merged) {
        io.err << "kroon selfplay: " << merged.error() << "\n";
        return exit_failure;
    }
    io.out << "merged " << files.size() << " files: " << *merged << " positions in " << out << "\n";
    return exit_ok;
}

// The progress line on stderr: rewritten in place for a person, a line every 10 s for a log.
class ProgressLine {
public:
    // `done` of `total` items after `seconds`; items other than positions also give the positions
    // written.
    void show(double done, double total, double seconds, const char* unit,
              std::optional<std::uint64_t> positions = std::nullopt) {
        const bool last = done == total;
        if (!last && seconds - shown_ < (terminal_ ? 0.5 : 10)) return;
        shown_ = seconds;
        const double written = positions ? static_cast<double>(*positions) : done;
        const double rate = seconds > 0 ? written / seconds : 0;
        const double eta = done > 0 ? seconds / done * (total - done) : 0;
        const std::string count = positions ? "  positions " + std::to_string(*positions) : "";
        std::fprintf(stderr, "%s%s %.0f/%.0f%s  %.0f positions/s  ETA %s%s", terminal_ ? "\r" : "", unit, done, total,
                     count.c_str(), rate, duration(eta).c_str(), terminal_ ? "   " : "\n");
        std::fflush(stderr);
    }
    void end() const {
        if (terminal_) std::fprintf(stderr, "\n");
    }

private:
    bool terminal_ = platform::is_terminal(platform::StandardStream::Err);
    double shown_ = -1e9;
};

// The positions of a data file searched again (learn/rescore), its shard to --out.
int run_rescore(const SelfplayArgs& args, const Streams& io) {
    learn::RescoreOptions o;
    o.data = args.rescore;
    o.out = args.options.out;
    o.nodes = args.options.nodes;
    o.depth = args.options.depth;
    o.every = args.every;
    o.concurrency = args.options.concurrency;
    if (!args.shard.empty()) std::tie(o.shard, o.shards) = parse_shard(args.shard);
    const auto variant = learn::training_file_variant(o.data);
    if (!variant) {
        io.err << "kroon selfplay: " << o.data << ": " << variant.error() << "\n";
        return exit_failure;
    }
    o.engine_options = engine_settings(args.engine, {*variant, std::nullopt});
    // Ctrl-C, SIGTERM or SIGHUP: the positions being searched are finished and written.
    o.stop = &platform::stop_on_signals();
    ProgressLine progress;
    const auto result = learn::rescore(o, [&](const learn::RescoreProgress& p) {
        progress.show(static_cast<double>(p.done), static_cast<double>(p.total), p.seconds, "positions");
    });
    progress.end();
    if (!result) {
        io.err << "kroon selfplay: " << result.error() << "\n";
        return exit_failure;
    }
    io.out << "searched " << result->positions << " positions again (" << result->resumed_after
           << " done before), appended to " << o.out << " in " << duration(result->seconds)
           << "; the scores moved a median " << result->median_change << " hundredths of a man\n";
    return exit_ok;
}

int run_selfplay(const SelfplayArgs& args, const Streams& io) {
    auto o = args.options;
    if (o.out.empty()) throw UsageError("give --out FILE");
    if (!args.merge.empty()) return merge_shards(args.merge, o.out, io);
    if ((o.nodes == 0) == (o.depth == 0)) throw UsageError("give one of --nodes and --depth");
    if (!args.rescore.empty()) return run_rescore(args, io);
    if (!args.shard.empty()) std::tie(o.shard, o.shards) = parse_shard(args.shard);
    if (!args.openings.empty()) {
        auto openings = match::read_openings_file(args.openings, o.variant);
        if (!openings) throw FileError("--openings: " + openings.error());
        o.openings = std::move(openings.value());
    }
    o.engine_options = engine_settings(args.engine, {o.variant, std::nullopt});
    ProgressLine progress;
    const auto result = learn::selfplay(o, [&](const learn::SelfplayProgress& p) {
        progress.show(p.games_done, p.games_total, p.seconds, "games", p.positions);
    });
    progress.end();
    if (!result) {
        io.err << "kroon selfplay: " << result.error() << "\n";
        return exit_failure;
    }
    io.out << "played " << result->games << " games (+" << result->white_wins << " =" << result->draws << " -"
           << result->black_wins << " for White), " << result->positions << " positions appended to " << o.out << " in "
           << duration(result->seconds) << "\n";
    return exit_ok;
}

}  // namespace

Run add_selfplay(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "selfplay",
        "Plays Kroon against itself to make training data for the learned evaluation: every quiet position "
        "(no capture for the side to move) with the game's result and the search's score, in the binary format of "
        "docs/evaluation.md. Moves are searched to a fixed node count or depth, so the games are the same on every "
        "machine; --shard I/N plays every N-th game from game I (for N machines), --merge joins the shards, "
        "--rescore searches the positions of a data file again for deeper scores.");
    auto args = std::make_shared<SelfplayArgs>();
    add_game_options(*command, args->options);
    command->add_option("--out", args->options.out, "append the positions to FILE")->type_name("FILE");
    add_opening_options(*command, *args);
    add_sharing_options(*command, *args);
    command->add_option("--max-plies", args->options.max_plies, "a longer game counts as a draw")
        ->check(CLI::Range(10, 10000))
        ->capture_default_str();
    add_engine_options(*command, args->engine, {"hash", "eval", "eval-file"}, {{"hash", "16"}});
    command->add_option("--merge", args->merge, "join these data files into --out instead of playing")
        ->type_name("FILE");
    command
        ->add_option("--rescore", args->rescore,
                     "instead of playing, search the positions of FILE again to --nodes or --depth (each from an "
                     "empty table) and append them to --out with the new score and the game's result; --shard and "
                     "--concurrency share the work, a stopped run resumes (docs/evaluation.md)")
        ->type_name("FILE");
    command->add_option("--every", args->every, "with --rescore, every K-th position of FILE (from the first)")
        ->type_name("K")
        ->check(CLI::Range(1, 1000000))
        ->capture_default_str();
    return [args, io] { return run_selfplay(*args, io); };
}

}  // namespace kroon::cli
