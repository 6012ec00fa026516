// `verify_databases`: every stored value against one ply of moves over the stored values.
#include <atomic>
#include <chrono>
#include <memory>
#include <vector>

#include "egdb/builder.hpp"
#include "egdb/database.hpp"
#include "egdb/indexer.hpp"
#include "egdb/parallel.hpp"
#include "egdb/variants.hpp"
#include "engine/movegen/movegen.hpp"

namespace kroon::egdb {
namespace {

using Clock = std::chrono::steady_clock;

// The value of a position from its children's values; Unknown if one is not known.
template <RuleSet R>
Value one_ply(const Position& pos, const MoveList& moves, const SolvedTables<typename R::Board>& tables) {
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

template <RuleSet R>
Result<VerifySummary> verify_as(const Database& db, int threads,
                                const std::function<void(const VerifyReport&)>& on_slice) {
    using B = typename R::Board;
    auto tables = std::make_unique<SolvedTables<B>>();
    std::vector<std::unique_ptr<PackedValues>> decoded;
    VerifySummary summary;
    const auto all = slices_up_to(max_database_pieces);
    for (std::size_t s = 0; s < all.size(); ++s) {
        const Material& m = all[s];
        const SliceFile* file = db.slice(m);
        if (!file) continue;
        // Its captures and crownings lead into slices before it with fewer pieces or men.
        bool complete = true;
        for (std::size_t t = 0; t < s; ++t)
            if (all[t].pieces() <= m.pieces() && !db.slice(all[t])) complete = false;
        if (!complete) {
            ++summary.skipped;
            continue;
        }
        const auto start = Clock::now();
        decoded.push_back(std::make_unique<PackedValues>());
        PackedValues& values = *decoded.back();
        file->decode_all(values);
        tables->add(m, values);
        const SliceIndexer<B> indexer(m);
        // The files store free choices where the side to move must capture: first the true
        // values there, from the slices the captures lead to.
        std::vector<std::uint64_t> captures((indexer.size() + 63) / 64, 0);
        parallel_chunks(indexer.size(), threads, [&](std::uint64_t begin, std::uint64_t end) {
            MoveList moves;
            for (std::uint64_t i = begin; i < end; ++i) {
                const auto pos = indexer.position(i);
                if (!pos) continue;
                generate_moves<R>(*pos, moves);
                if (moves.empty() || !moves[0].is_capture()) continue;
                captures[i / 64] |= std::uint64_t{1} << (i % 64);
                values.set(i, one_ply<R>(*pos, moves, *tables));
            }
        });
        std::atomic<std::uint64_t> checked{0}, mismatches{0};
        parallel_chunks(indexer.size(), threads, [&](std::uint64_t begin, std::uint64_t end) {
            MoveList moves;
            std::uint64_t local_checked = 0, local_mismatches = 0;
            for (std::uint64_t i = begin; i < end; ++i) {
                if (captures[i / 64] >> (i % 64) & 1) continue;
                const auto pos = indexer.position(i);
                if (!pos) continue;
                generate_moves<R>(*pos, moves);
                ++local_checked;
                if (one_ply<R>(*pos, moves, *tables) != values.get(i)) ++local_mismatches;
            }
            checked += local_checked;
            mismatches += local_mismatches;
        });
        const VerifyReport report{m, checked, mismatches, std::chrono::duration<double>(Clock::now() - start).count()};
        ++summary.slices;
        summary.checked += report.checked;
        summary.mismatches += report.mismatches;
        if (on_slice) on_slice(report);
    }
    return summary;
}

}  // namespace

Result<VerifySummary> verify_databases(const std::filesystem::path& folder, Variant variant, int threads,
                                       const std::function<void(const VerifyReport&)>& on_slice) {
    const auto db = Database::open(folder, variant);
    std::optional<Result<VerifySummary>> result;
    if (!with_database_rules(variant, [&](auto tag) {
            result.emplace(verify_as<typename decltype(tag)::Rules>(*db, threads, on_slice));
        }))
        return Error{"no endgame databases for this variant"};
    if (db->slice_count() == 0) return Error{"no database files in " + folder.string()};
    return *result;
}

}  // namespace kroon::egdb
