// `kroon book`: the opening book (docs/book.md): build one from Kroon's searches, merge the
// shards of a build, probe a position, show what a book holds.

#include <cstdio>
#include <iomanip>
#include <map>
#include <ostream>
#include <sstream>

#include "engine/rulebook/rulebook.hpp"
#include "learn/book_builder.hpp"
#include "match/openings.hpp"
#include "platform/signals.hpp"
#include "platform/terminal.hpp"
#include "play/score_text.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

struct BuildArgs {
    learn::BookBuildOptions options;
    Variant variant = Variant::International;
    std::string openings;
    int ballots = 0;
    std::uint64_t nodes = 0;
    double seconds = 0;
    std::string shard;
    EngineArgs engine;
};

// The roots of a build: the openings of a file, every opening of N plies, or the start.
std::vector<Game> build_roots(const BuildArgs& args) {
    const Rulebook& rules = rulebook(args.variant);
    std::vector<match::Opening> openings;
    if (!args.openings.empty()) {
        auto read = match::read_openings_file(args.openings, args.variant);
        if (!read) throw FileError("--openings: " + read.error());
        openings = std::move(*read);
    } else if (args.ballots > 0) {
        openings = match::ballot_openings(args.variant, args.ballots, 1);
        if (openings.empty()) throw UsageError("--ballots: no opening of that many plies");
    }
    std::vector<Game> roots;
    for (const match::Opening& o : openings) {
        Game game(rules, o.start);
        for (const Move& m : o.moves) game.play(m);
        roots.push_back(std::move(game));
    }
    if (roots.empty()) roots.emplace_back(rules);
    return roots;
}

// The progress line on stderr: rewritten in place for a person, a line every 10 s for a log
// (and the last one when the build ends).
void show_progress(const learn::BookBuildProgress& p, bool last = false) {
    static const bool terminal = platform::is_terminal(platform::StandardStream::Err);
    static double shown = -1e9;
    if (!last && p.seconds - shown < (terminal ? 0.5 : 10)) return;
    shown = p.seconds;
    std::fprintf(stderr, "%sbook: %zu positions, %zu moves; added %zu (%.1f s each), last at ply %d, cost %d%s",
                 terminal ? "\r" : "", p.positions, p.moves, p.added,
                 p.added ? p.seconds / static_cast<double>(p.added) : 0.0, p.ply, p.cost, terminal ? "   " : "\n");
    std::fflush(stderr);
}

int run_build(BuildArgs args, const Streams& io) {
    auto& o = args.options;
    if (o.out.empty()) throw UsageError("give --out FILE");
    if ((args.nodes == 0) == (args.seconds == 0)) throw UsageError("give one of --nodes and --movetime");
    if (!args.shard.empty()) std::tie(o.shard, o.shards) = parse_shard(args.shard);
    o.roots = build_roots(args);
    const auto search =
        learn::engine_leaf_search(args.nodes, args.seconds, engine_settings(args.engine, {args.variant, args.variant}));
    o.stop = &platform::stop_on_signals();
    learn::BookBuildProgress latest;
    const auto book = learn::build_book(o, search, [&latest](const learn::BookBuildProgress& p) {
        latest = p;
        show_progress(p);
    });
    if (latest.added) show_progress(latest, true);
    if (platform::is_terminal(platform::StandardStream::Err)) std::fprintf(stderr, "\n");
    if (!book) {
        io.err << "kroon book: " << book.error() << "\n";
        return exit_failure;
    }
    io.out << "book of " << book->size() << " positions, " << book->move_count() << " moves in " << o.out << "\n";
    return o.stop->load() ? exit_interrupted : exit_ok;
}

play::Book read_book(const std::string& path) {
    auto book = play::Book::read(path);
    if (!book) throw FileError(book.error());
    return std::move(*book);
}

int run_merge(const std::vector<std::string>& inputs, const std::string& out, const Streams& io) {
    if (out.empty()) throw UsageError("give --out FILE");
    std::vector<play::Book> books;
    for (const auto& path : inputs) books.push_back(read_book(path));
    auto merged = learn::merge_books(books);
    if (!merged) throw UsageError(merged.error());
    if (auto written = merged->write(out); !written) {
        io.err << "kroon book: " << written.error() << "\n";
        return exit_failure;
    }
    io.out << "merged " << inputs.size() << " books: " << merged->size() << " positions in " << out << "\n";
    return exit_ok;
}

// The book of --book FILE, or the built-in one of the variant.
play::Book chosen_book(const std::string& path, Variant variant) {
    if (!path.empty()) return read_book(path);
    const auto builtin = play::builtin_book(variant);
    if (!builtin)
        throw UsageError(std::string("kroon has no built-in book of ") + std::string(rulebook(variant).name()));
    return *builtin;
}

int run_probe(const PositionArgs& position, const std::string& path, const Streams& io) {
    const play::Book book = chosen_book(path, position.variant);
    if (book.variant() != position.variant) {
        const std::string name(rulebook(book.variant()).name());
        throw UsageError(path + " is a book of " + name + ", not of " + std::string(rulebook(position.variant).name()) +
                         ": give --variant " + name);
    }
    const Position pos = read_position(position);
    const Rulebook& rules = rulebook(position.variant);
    const auto moves = play::book_moves(book, rules, pos);
    if (moves.empty()) {
        io.out << "not in the book\n";
        return exit_ok;
    }
    io.out << std::left << std::setw(10) << "move" << std::setw(9) << "score" << std::setw(7) << "depth"
           << "visits\n";
    for (const auto& m : moves)
        io.out << std::setw(10) << rules.format_move(pos, m.move) << std::setw(9)
               << play::score_text(m.score, play::ScoreStyle::SideToMove) << std::setw(7) << m.depth << m.visits
               << "\n";
    return exit_ok;
}

int run_stats(const std::string& path, Variant variant, const Streams& io) {
    const play::Book book = chosen_book(path, variant);
    std::map<int, std::size_t> by_ply;
    std::map<int, std::size_t> by_depth;
    for (const auto& [key, entry] : book.entries()) {
        ++by_ply[entry.ply];
        int best = -1 << 30, depth = 0;
        for (const auto& m : entry.moves)
            if (m.score > best) best = m.score, depth = m.depth;
        ++by_depth[depth];
    }
    io.out << "variant " << rulebook(book.variant()).name() << "\npositions " << book.size() << "\nmoves "
           << book.move_count() << "\nbytes " << book.serialize().size() << "\nplies from the root:";
    for (const auto& [ply, count] : by_ply) io.out << " " << ply << ":" << count;
    io.out << "\ndepth of the best move:";
    for (const auto& [depth, count] : by_depth) io.out << " " << depth << ":" << count;
    io.out << "\n";
    return exit_ok;
}

void add_build(CLI::App& book, const Streams& io, std::vector<std::pair<CLI::App*, Run>>& runs) {
    auto* command = book.add_subcommand(
        "build",
        "Grows a book from Kroon's searches by drop-out expansion: every move of a book position scored, the "
        "cheapest line (score lost against the best move on the way, plus a cost per ply) grown next. Resumable: "
        "a build started again on its --out file continues it.");
    auto args = std::make_shared<BuildArgs>();
    add_variant(*command, args->variant);
    command->add_option("--out", args->options.out, "the book FILE, read first when it exists")->type_name("FILE");
    command->add_option("--openings", args->openings, "grow from each opening of FILE (FEN lines or PDN)")
        ->type_name("FILE");
    command->add_option("--ballots", args->ballots, "or from every opening of N plies (default: the start position)")
        ->check(CLI::Range(1, 8));
    command->add_option("--nodes", args->nodes, "search each new position to N nodes")
        ->check(CLI::Range(std::uint64_t{1}, std::uint64_t{1} << 40));
    add_seconds(*command, "--movetime", args->seconds, "or for SECONDS", 0.001, 3600);
    command->add_option("--positions", args->options.positions, "stop when the book holds N positions")
        ->check(CLI::Range(std::size_t{1}, std::size_t{100000000}))
        ->capture_default_str();
    command->add_option("--ply-cost", args->options.ply_cost, "hundredths of a man a line pays per ply")
        ->check(CLI::Range(0, 1000))
        ->capture_default_str();
    command->add_option("--drop", args->options.drop, "follow no move more than M hundredths of a man below the best")
        ->check(CLI::Range(0, 10000))
        ->capture_default_str();
    command->add_option("--max-ply", args->options.max_ply, "no position more than N plies below its root")
        ->check(CLI::Range(1, 200))
        ->capture_default_str();
    command->add_option("--shard", args->shard, "build shard I of N (join them with kroon book merge)")
        ->type_name("I/N");
    add_seconds(*command, "--save-every", args->options.save_every, "write the book every SECONDS", 1, 86400);
    add_engine_options(*command, args->engine, {"hash", "threads", "eval", "eval-file", "egdb"});
    runs.emplace_back(command, [args, io] { return run_build(*args, io); });
}

void add_merge(CLI::App& book, const Streams& io, std::vector<std::pair<CLI::App*, Run>>& runs) {
    auto* command = book.add_subcommand("merge", "Joins the books of the shards of a build into one.");
    auto inputs = std::make_shared<std::vector<std::string>>();
    auto out = std::make_shared<std::string>();
    command->add_option("books", *inputs, "the books to join")->required()->type_name("FILE");
    command->add_option("--out", *out, "the book FILE to write")->type_name("FILE");
    runs.emplace_back(command, [inputs, out, io] { return run_merge(*inputs, *out, io); });
}

void add_probe(CLI::App& book, const Streams& io, std::vector<std::pair<CLI::App*, Run>>& runs) {
    auto* command = book.add_subcommand("probe", "Lists a position's book moves: score, depth and visits.");
    auto position = std::make_shared<PositionArgs>();
    auto path = std::make_shared<std::string>();
    add_position(*command, *position);
    command->add_option("--book", *path, "the book FILE (default: the built-in one)")->type_name("FILE");
    runs.emplace_back(command, [position, path, io] { return run_probe(*position, *path, io); });
}

void add_stats(CLI::App& book, const Streams& io, std::vector<std::pair<CLI::App*, Run>>& runs) {
    auto* command = book.add_subcommand("stats", "Positions, moves, size and depths of a book.");
    auto path = std::make_shared<std::string>();
    auto variant = std::make_shared<Variant>(Variant::International);
    add_variant(*command, *variant);
    command->add_option("--book", *path, "the book FILE (default: the built-in one)")->type_name("FILE");
    runs.emplace_back(command, [path, variant, io] { return run_stats(*path, *variant, io); });
}

}  // namespace

Run add_book(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand("book", "The opening book (docs/book.md): build, merge, probe, stats.");
    command->require_subcommand(1);
    auto runs = std::make_shared<std::vector<std::pair<CLI::App*, Run>>>();
    add_build(*command, io, *runs);
    add_merge(*command, io, *runs);
    add_probe(*command, io, *runs);
    add_stats(*command, io, *runs);
    return [runs] {
        for (const auto& [sub, run] : *runs)
            if (sub->parsed()) return run();
        return exit_usage;
    };
}

}  // namespace kroon::cli
