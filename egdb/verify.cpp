// `verify_databases`: every stored value against one ply of moves over the stored values.
#include <atomic>
#include <chrono>
#include <memory>
#include <vector>

#include "egdb/builder.hpp"
#include "egdb/database.hpp"
#include "egdb/distance_file.hpp"
#include "egdb/indexer.hpp"
#include "egdb/parallel.hpp"
#include "egdb/variants.hpp"
#include "engine/movegen/movegen.hpp"

namespace kroon::egdb {
namespace {

using Clock = std::chrono::steady_clock;

// The distance to conversion of a won or lost position from its children's (docs/egdb.md,
// Distance to conversion): `child_distance(child)` gives a child's in the same slice.
template <RuleSet R, class F>
int one_ply_distance(const Position& pos, const MoveList& moves, Value value, const SolvedTables<R>& tables,
                     F&& child_distance) {
    if (moves.empty()) return 0;
    int best = value == Value::Win ? max_distance : 0;
    for (const Move& m : moves) {
        const Position child = pos.after<R>(m);
        if (from_mover(tables.value_of(child)) != value) continue;  // a win goes only through lost children
        const int d = m.captured || m.promotes ? 1 : 1 + child_distance(child);
        best = value == Value::Win ? std::min(best, d) : std::max(best, d);
    }
    return best;
}

// The value of a position from its children's values; Unknown if one is not known.
template <RuleSet R>
Value one_ply(const Position& pos, const MoveList& moves, const SolvedTables<R>& tables) {
    if (moves.empty()) return Value::Loss;
    Value best = Value::Loss;
    for (const Move& m : moves) {
        const Value child = tables.value_of(pos.after<R>(m));
        if (child == Value::Unknown) return Value::Unknown;
        const Value v = from_mover(child);
        if (preference(v) > preference(best)) best = v;
    }
    return best;
}

// Indices of a slice, as one bit each.
class IndexSet {
public:
    explicit IndexSet(std::uint64_t size) : words_((size + 63) / 64, 0) {}
    void insert(std::uint64_t i) { words_[i / 64] |= std::uint64_t{1} << (i % 64); }
    bool contains(std::uint64_t i) const { return words_[i / 64] >> (i % 64) & 1; }

private:
    std::vector<std::uint64_t> words_;
};

// Slice `s` can be checked when every slice before it with no more pieces is there: its
// captures and crownings lead into those.
bool slices_below_present(const Database& db, const std::vector<Material>& all, std::size_t s) {
    for (std::size_t t = 0; t < s; ++t)
        if (all[t].pieces() <= all[s].pieces() && !db.slice(all[t])) return false;
    return true;
}

// The files store free choices where the side to move must capture: the true values there,
// from the slices the captures lead to. Returns those positions.
template <RuleSet R>
IndexSet settle_captures(const SliceIndexer<R>& indexer, PackedValues& values, const SolvedTables<R>& tables,
                         int threads) {
    IndexSet captures(indexer.size());
    parallel_chunks(indexer.size(), threads, [&](std::uint64_t begin, std::uint64_t end) {
        MoveList moves;
        for (std::uint64_t i = begin; i < end; ++i) {
            const auto pos = indexer.position(i);
            if (!pos) continue;
            generate_moves<R>(*pos, moves);
            if (moves.empty() || !moves[0].is_capture()) continue;
            captures.insert(i);
            values.set(i, one_ply<R>(*pos, moves, tables));
        }
    });
    return captures;
}

// Every other position's value, and its distance where the slice has them, against one ply
// over the stored values. A distance file that does not decompress counts as a mismatch.
template <RuleSet R>
VerifyReport check_slice(const Material& m, const SliceIndexer<R>& indexer, const PackedValues& values,
                         const IndexSet& captures, const SolvedTables<R>& tables, const DistanceFile* distance_file,
                         int threads) {
    std::vector<std::uint16_t> distances;
    const bool with_distances = distance_file && distance_file->decode_all(distances);
    const auto child_distance = [&](const Position& child) {
        const std::uint64_t c = indexer.index(child);
        return captures.contains(c) ? 1 : static_cast<int>(distances[c]);
    };
    std::atomic<std::uint64_t> checked{0}, mismatches{0}, distances_checked{0}, distance_mismatches{0};
    parallel_chunks(indexer.size(), threads, [&](std::uint64_t begin, std::uint64_t end) {
        MoveList moves;
        std::uint64_t local_checked = 0, local_mismatches = 0, local_distances = 0, local_distance_mismatches = 0;
        for (std::uint64_t i = begin; i < end; ++i) {
            if (captures.contains(i)) continue;
            const auto pos = indexer.position(i);
            if (!pos) continue;
            generate_moves<R>(*pos, moves);
            ++local_checked;
            const Value value = values.get(i);
            if (one_ply<R>(*pos, moves, tables) != value) ++local_mismatches;
            if (!with_distances || (value != Value::Win && value != Value::Loss)) continue;
            ++local_distances;
            if (one_ply_distance<R>(*pos, moves, value, tables, child_distance) != distances[i])
                ++local_distance_mismatches;
        }
        checked += local_checked;
        mismatches += local_mismatches;
        distances_checked += local_distances;
        distance_mismatches += local_distance_mismatches;
    });
    if (distance_file && !with_distances) ++distance_mismatches;
    return {m, checked, mismatches, distances_checked, distance_mismatches, 0};
}

void add_to(VerifySummary& summary, const VerifyReport& report) {
    ++summary.slices;
    summary.checked += report.checked;
    summary.mismatches += report.mismatches;
    summary.distances_checked += report.distances_checked;
    summary.distance_mismatches += report.distance_mismatches;
}

template <RuleSet R>
Result<VerifySummary> verify_as(const Database& db, int threads,
                                const std::function<void(const VerifyReport&)>& on_slice) {
    auto tables = std::make_unique<SolvedTables<R>>();
    std::vector<std::unique_ptr<PackedValues>> decoded;  // the tables refer to them
    VerifySummary summary;
    const auto all = slices_up_to(max_database_pieces);
    for (std::size_t s = 0; s < all.size(); ++s) {
        const Material& m = all[s];
        const SliceFile* file = db.slice(m);
        if (!file) continue;
        if (!slices_below_present(db, all, s)) {
            ++summary.skipped;
            continue;
        }
        const auto start = Clock::now();
        decoded.push_back(std::make_unique<PackedValues>());
        PackedValues& values = *decoded.back();
        file->decode_all(values);
        tables->add(m, values);
        const SliceIndexer<R> indexer(m);
        const IndexSet captures = settle_captures<R>(indexer, values, *tables, threads);
        VerifyReport report = check_slice<R>(m, indexer, values, captures, *tables, db.distances(m), threads);
        report.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        add_to(summary, report);
        if (on_slice) on_slice(report);
    }
    return summary;
}

}  // namespace

Result<VerifySummary> verify_databases(const std::filesystem::path& folder, Variant variant, int threads,
                                       const std::function<void(const VerifyReport&)>& on_slice) {
    const auto db = Database::open(folder, variant, RejectedFiles::ListOnly);
    std::optional<Result<VerifySummary>> result;
    if (!with_database_rules(variant, [&](auto tag) {
            result.emplace(verify_as<typename decltype(tag)::Rules>(*db, threads, on_slice));
        }))
        return Error{"no endgame databases for this variant"};
    if (db->slice_count() == 0 && db->rejected().empty()) return Error{"no database files in " + folder.string()};
    if (*result) result->value().rejected = db->rejected();
    return *result;
}

}  // namespace kroon::egdb
