// `kroon egdb build|probe|verify|bench|games`: the endgame databases (docs/egdb.md).
#include <algorithm>
#include <array>
#include <chrono>
#include <iomanip>
#include <map>
#include <ostream>
#include <random>
#include <sstream>

#include "egdb/builder.hpp"
#include "egdb/cache.hpp"
#include "egdb/database.hpp"
#include "egdb/indexer.hpp"
#include "egdb/variants.hpp"
#include "engine/record/pdn.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

struct EgdbArgs {
    PositionArgs position;
    int pieces = 4;
    std::string folder;
    int threads = 1;
    int probes = 1000000;
    bool if_missing = false;
    bool all_variants = false;
    std::vector<std::string> pdn_files;
};

// --dir, or the cache folder when it is not given.
std::string folder_of(const EgdbArgs& args) {
    if (!args.folder.empty()) return args.folder;
    const auto cache = egdb::cache_folder();
    if (!cache) throw UsageError("--dir is needed: there is no cache folder (KROON_EGDB=none, or no HOME)");
    return cache->string();
}

std::string megabytes(std::uint64_t bytes) {
    std::ostringstream out;
    out << std::fixed << std::setprecision(2) << static_cast<double>(bytes) / 1e6 << " MB";
    return out.str();
}

void check_variant(Variant variant) {
    if (!egdb::has_databases(variant))
        throw UsageError("no endgame databases for " + std::string(rulebook(variant).name()) + " (" +
                         egdb::variants_with_databases() + " have them)");
}

// `--all-variants`: the command once for every variant with database files of its own, in the
// order of `kroon variants`, each line of output headed by the variant; the worst status.
int for_every_variant(const EgdbArgs& args, const Streams& io, int (*run)(const EgdbArgs&, const Streams&)) {
    int status = exit_ok;
    for (const Variant v : all_variants) {
        if (!egdb::has_databases(v) || egdb::database_files_of(v) != v) continue;
        EgdbArgs one = args;
        one.all_variants = false;
        one.position.variant = v;
        io.out << rulebook(v).name() << ": ";
        io.out.flush();
        status = std::max(status, run(one, io));
    }
    return status;
}

int run_build(const EgdbArgs& args, const Streams& io) {
    if (args.all_variants) return for_every_variant(args, io, run_build);
    check_variant(args.position.variant);
    const std::string folder = folder_of(args);
    if (args.if_missing && egdb::holds_databases(folder, args.position.variant, args.pieces)) {
        io.out << "the " << args.pieces << "-piece databases are in " << folder << " already\n";
        return exit_ok;
    }
    egdb::BuildRequest request{args.position.variant, args.pieces, folder, args.threads, {}};
    request.on_slice = [&io](const egdb::SliceReport& r) {
        io.err << "slice " << r.material.name() << "  " << std::setw(11) << r.positions << " positions  "
               << "win " << r.counts.wins << "  draw " << r.counts.draws << "  loss " << r.counts.losses << "  passes "
               << r.counts.passes << "  " << megabytes(r.file_bytes) << " + " << megabytes(r.distance_bytes)
               << " distances  " << std::fixed << std::setprecision(2) << r.seconds << " s\n";
        io.err.flush();
    };
    const auto summary = egdb::build_databases(request);
    if (!summary) {
        io.err << "kroon egdb build: " << summary.error() << "\n";
        return exit_failure;
    }
    io.out << "built " << summary->slices << " slices, " << summary->positions << " positions, "
           << megabytes(summary->file_bytes) << " of values and " << megabytes(summary->distance_bytes)
           << " of distances in " << folder << ", " << std::fixed << std::setprecision(2) << summary->seconds << " s\n";
    return exit_ok;
}

std::string source_text(const egdb::Probe& p) {
    switch (p.source) {
        case egdb::Source::Stored: return "stored: slice " + p.material.name() + ", index " + std::to_string(p.index);
        case egdb::Source::Captures: return "capture: resolved by search of captures";
        case egdb::Source::GameOver: return "game over: the side to move has no piece or no move";
        case egdb::Source::Missing: return "not in the databases: slice " + p.material.name() + " is missing";
    }
    return "";
}

// The databases of the command's folder, or null (reported on `io.err`) when it holds none.
std::shared_ptr<const egdb::Database> open_databases(const EgdbArgs& args, const char* command, const Streams& io) {
    check_variant(args.position.variant);
    const std::string folder = folder_of(args);
    auto db = egdb::Database::open(folder, args.position.variant);
    if (db->slice_count() > 0) return db;
    io.err << "kroon egdb " << command << ": no database files in " << folder << "\n";
    return nullptr;
}

int run_probe(const EgdbArgs& args, const Streams& io) {
    const Position pos = read_position(args.position);
    // A folder without databases (or none at all) answers nothing: a failure, not "unknown".
    const auto db = open_databases(args, "probe", io);
    if (!db) return exit_failure;
    const egdb::Probe p = db->probe(pos);
    io.out << egdb::value_name(p.value) << " (" << source_text(p);
    if (const auto distance = db->distance(pos))
        io.out << "; " << *distance << (*distance == 1 ? " ply" : " plies") << " to conversion";
    io.out << ")\n";
    return exit_ok;
}

int run_verify(const EgdbArgs& args, const Streams& io) {
    if (args.all_variants) return for_every_variant(args, io, run_verify);
    check_variant(args.position.variant);
    const auto summary = egdb::verify_databases(
        folder_of(args), args.position.variant, args.threads, [&io](const egdb::VerifyReport& r) {
            io.err << "slice " << r.material.name() << "  checked " << r.checked << "  mismatches " << r.mismatches
                   << "  distances " << r.distances_checked << "  mismatches " << r.distance_mismatches << "  "
                   << std::fixed << std::setprecision(2) << r.seconds << " s\n";
            io.err.flush();
        });
    if (!summary) {
        io.err << "kroon egdb verify: " << summary.error() << "\n";
        return exit_failure;
    }
    io.out << "verified " << summary->slices << " slices, " << summary->checked << " positions, " << summary->mismatches
           << " mismatches; " << summary->distances_checked << " distances, " << summary->distance_mismatches
           << " mismatches";
    if (summary->skipped)
        io.out << ", " << summary->skipped << " slices skipped (a slice they lead to is missing or damaged)";
    io.out << "\n";
    for (const std::string& damaged : summary->rejected) io.out << "damaged: " << damaged << "\n";
    const bool sound = summary->mismatches == 0 && summary->distance_mismatches == 0 && summary->rejected.empty();
    return sound ? exit_ok : exit_failure;
}

// Probes random positions of every slice twice: the first round reads the files from disk
// (unless the system has them cached already), the second from memory.
int run_bench(const EgdbArgs& args, const Streams& io) {
    const auto db = open_databases(args, "bench", io);
    if (!db) return exit_failure;
    std::vector<Position> positions;
    std::mt19937_64 rng(2026);
    egdb::with_database_rules(args.position.variant, [&](auto tag) {
        using R = typename decltype(tag)::Rules;
        for (const egdb::Material& m : egdb::slices_up_to(egdb::max_database_pieces)) {
            if (!db->slice(m)) continue;
            const egdb::SliceIndexer<R> indexer(m);
            for (int k = 0; k < args.probes / static_cast<int>(db->slice_count()); ++k)
                if (const auto pos = indexer.position(rng() % indexer.size())) positions.push_back(*pos);
        }
    });
    std::shuffle(positions.begin(), positions.end(), rng);
    for (const char* round : {"first", "second"}) {
        const auto start = std::chrono::steady_clock::now();
        std::uint64_t known = 0;
        for (const Position& pos : positions) known += db->probe(pos).value != egdb::Value::Unknown;
        const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
        io.out << round << " round: " << positions.size() << " probes (" << known << " known) in " << std::fixed
               << std::setprecision(3) << seconds << " s, " << std::setprecision(0)
               << static_cast<double>(positions.size()) / seconds << " probes/s\n";
    }
    return exit_ok;
}

// What became of the database endings of one player's games: the first position of a game
// the databases know (the player's value there) against the game's result for the player.
struct EndingTally {
    int games = 0;
    std::array<std::array<int, 3>, 3> by_value{};  // [win, draw, loss at the first known position][won, drawn, lost]
};

int outcome_index(GameResult result, Color side) {
    if (result == GameResult::WhiteWins || result == GameResult::WhitePointsVictory)
        return side == Color::White ? 0 : 2;
    if (result == GameResult::BlackWins || result == GameResult::BlackPointsVictory)
        return side == Color::Black ? 0 : 2;
    return 1;
}

int run_games(const EgdbArgs& args, const Streams& io) {
    const auto db = open_databases(args, "games", io);
    if (!db) return exit_failure;
    std::map<std::string, EndingTally> players;
    std::vector<std::string> order;
    int games = 0, known = 0;
    for (const std::string& path : args.pdn_files) {
        const auto file = read_pdn_file(path, args.position.variant);
        if (!file) {
            io.err << "kroon egdb games: " << file.error() << "\n";
            return exit_failure;
        }
        for (const PdnGame& record : file->games) {
            if (record.variant != db->variant() || record.result == GameResult::Ongoing) continue;
            const auto game = replay(record);
            if (!game) continue;
            ++games;
            std::optional<Position> first;
            for (const Position& pos : game->positions())
                if (db->probe(pos).value != egdb::Value::Unknown) {
                    first = pos;
                    break;
                }
            for (const Color side : {Color::White, Color::Black}) {
                const std::string name = record.tag(side == Color::White ? "White" : "Black").value_or("?");
                if (!players.count(name)) order.push_back(name);
                EndingTally& tally = players[name];
                ++tally.games;
                if (!first) continue;
                const egdb::Value v = db->probe(*first).value;
                const egdb::Value mine = first->side_to_move() == side ? v : egdb::from_mover(v);
                const int value_index = mine == egdb::Value::Win ? 0 : mine == egdb::Value::Draw ? 1 : 2;
                ++tally.by_value[value_index][outcome_index(record.result, side)];
            }
            known += first.has_value();
        }
    }
    io.out << games << " games, " << known << " reached the databases\n";
    for (const std::string& name : order) {
        const auto& t = players[name].by_value;
        io.out << name << ": " << players[name].games << " games; won endings " << t[0][0] + t[0][1] + t[0][2]
               << " (converted " << t[0][0] << ", drawn " << t[0][1] << ", lost " << t[0][2] << "); drawn endings "
               << t[1][0] + t[1][1] + t[1][2] << " (won " << t[1][0] << ", held " << t[1][1] << ", lost " << t[1][2]
               << "); lost endings " << t[2][0] + t[2][1] + t[2][2] << " (won " << t[2][0] << ", drawn " << t[2][1]
               << ", lost " << t[2][2] << ")\n";
    }
    return exit_ok;
}

}  // namespace

Run add_egdb(CLI::App& kroon, const Streams& io) {
    auto* egdb = kroon.add_subcommand("egdb",
                                      "Endgame databases: build them, probe a position, verify them "
                                      "(docs/egdb.md).");
    egdb->require_subcommand(1);
    auto args = std::make_shared<EgdbArgs>();

    auto* build = egdb->add_subcommand("build",
                                       "Solves every position of 2..N pieces and writes one file per slice, "
                                       "with a line per slice on stderr.");
    add_variant(*build, args->position.variant);
    build->add_option("--pieces", args->pieces, "pieces on the board, at most")
        ->check(CLI::Range(2, egdb::max_database_pieces))
        ->capture_default_str();
    const std::string cache = "the folder of the files (default: the cache folder, " + cache_folder_text() + ")";
    build->add_option("--dir", args->folder, cache)->type_name("DIR");
    build->add_option("--threads", args->threads, "threads")->check(CLI::Range(1, 64))->capture_default_str();
    build->add_flag("--if-missing", args->if_missing,
                    "build only when the folder does not hold every slice of up to --pieces pieces already");
    const std::string every =
        "every variant with databases (" + egdb::variants_with_databases() + "), one after another";
    build->add_flag("--all-variants", args->all_variants, every)->excludes("--variant");

    auto* probe = egdb->add_subcommand("probe", "Prints win, loss or draw for the side to move, and how it is known.");
    add_variant(*probe, args->position.variant);
    probe->add_option("--fen", args->position.fen, "the position as PDN FEN")->required()->type_name("FEN");
    probe->add_option("--dir", args->folder, cache)->type_name("DIR");

    auto* verify = egdb->add_subcommand("verify",
                                        "Recomputes every stored value and distance to conversion from one ply over "
                                        "the stored ones; "
                                        "status 1 on any mismatch.");
    add_variant(*verify, args->position.variant);
    verify->add_option("--dir", args->folder, cache)->type_name("DIR");
    verify->add_option("--threads", args->threads, "threads")->check(CLI::Range(1, 64))->capture_default_str();
    verify->add_flag("--all-variants", args->all_variants, every)->excludes("--variant");

    auto* bench = egdb->add_subcommand("bench",
                                       "Probes random positions of every slice, twice, and prints the "
                                       "probes per second (probes include the capture check).");
    add_variant(*bench, args->position.variant);
    bench->add_option("--dir", args->folder, cache)->type_name("DIR");
    bench->add_option("--probes", args->probes, "positions to probe")
        ->check(CLI::Range(1000, 100000000))
        ->capture_default_str();

    auto* games = egdb->add_subcommand("games",
                                       "For each player of the games in PDN files: the first position of each game "
                                       "the databases know, won, drawn or lost for the player, against how the game "
                                       "ended (won endings converted, drawn endings held).");
    add_variant(*games, args->position.variant);
    games->add_option("--dir", args->folder, cache)->type_name("DIR");
    games->add_option("PDN", args->pdn_files, "PDN files (such as kroon match writes)")->required();

    return [args, io, build, probe, bench, games] {
        if (build->parsed()) return run_build(*args, io);
        if (probe->parsed()) return run_probe(*args, io);
        if (bench->parsed()) return run_bench(*args, io);
        if (games->parsed()) return run_games(*args, io);
        return run_verify(*args, io);
    };
}

}  // namespace kroon::cli
