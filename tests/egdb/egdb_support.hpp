// Databases built by the tests themselves, in a folder of their own per test process.
#pragma once

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <iterator>
#include <map>
#include <memory>
#include <random>
#include <string>

#include "egdb/builder.hpp"
#include "egdb/database.hpp"
#include "egdb/distance_file.hpp"
#include "egdb/indexer.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/solver.hpp"
#include "egdb/variants.hpp"
#include "engine/movegen/movegen.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/process.hpp"

namespace kroon::test {

// A fresh folder under the system's temporary folder, removed when the object goes.
class ScratchFolder {
public:
    explicit ScratchFolder(const std::string& name)
        : path_(std::filesystem::temp_directory_path() /
                ("kroon_egdb_" + name + "_" + std::to_string(kroon::platform::current_process_id()))) {
        std::filesystem::remove_all(path_);
        std::filesystem::create_directories(path_);
    }
    ~ScratchFolder() {
        std::error_code ec;
        std::filesystem::remove_all(path_, ec);
    }
    ScratchFolder(const ScratchFolder&) = delete;
    ScratchFolder& operator=(const ScratchFolder&) = delete;
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

// Rewrites `path` with `edit` applied to its bytes.
inline void edit_file(const std::filesystem::path& path, const std::function<void(std::string&)>& edit) {
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    in.close();
    edit(bytes);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

// Makes a database file's payload size and checksums right again after its bytes were edited
// (docs/egdb.md, File format), so that the checks after them are what a test meets.
inline void seal_checksums(std::string& file) {
    const auto put = [&](std::size_t at, std::uint64_t value) {
        for (int b = 0; b < 8; ++b) file[at + b] = static_cast<char>(value >> (8 * b));
    };
    const auto* bytes = reinterpret_cast<const std::uint8_t*>(file.data());
    put(40, file.size() - egdb::header_bytes);
    put(48, egdb::fnv1a64(bytes + egdb::header_bytes, file.size() - egdb::header_bytes));
    put(56, egdb::fnv1a64(bytes, 56));
}

// A plain depth-limited search: Win or Loss when it is proved within `depth` plies, Unknown
// otherwise (it knows nothing about draws).
template <RuleSet R>
egdb::Value bounded_search(const Position& pos, int depth) {
    MoveList moves;
    generate_moves<R>(pos, moves);
    if (moves.empty() || !pos.pieces(pos.side_to_move())) return egdb::Value::Loss;
    if (depth == 0) return egdb::Value::Unknown;
    bool all_lost = true;
    for (const Move& m : moves) {
        const egdb::Value child = bounded_search<R>(pos.after<R>(m), depth - 1);
        if (child == egdb::Value::Loss) return egdb::Value::Win;
        if (child != egdb::Value::Win) all_lost = false;
    }
    return all_lost ? egdb::Value::Loss : egdb::Value::Unknown;
}

// The retrograde walk (un-moves) and the forward fixpoint (the generator alone) are two
// independent ways to the values: they must agree on every index.
template <RuleSet R>
void expect_methods_agree(int pieces, int threads = 1) {
    using namespace egdb;
    SolvedTables<R> tables;
    std::vector<std::unique_ptr<SolvedSlice>> solved;
    for (const Material& m : slices_up_to(pieces)) {
        const SolvedSlice fixpoint = solve_slice<R>(m, tables, threads, Method::Fixpoint);
        solved.push_back(std::make_unique<SolvedSlice>(solve_slice<R>(m, tables, threads, Method::Retrograde)));
        const SolvedSlice& retro = *solved.back();
        tables.add(m, retro.values);
        SliceCounts a = fixpoint.counts, b = retro.counts;
        a.passes = b.passes = 0;
        EXPECT_EQ(a, b) << R::name << " " << m.name();
        for (std::uint64_t i = 0; i < retro.values.size(); ++i)
            ASSERT_EQ(fixpoint.values.get(i), retro.values.get(i)) << R::name << " " << m.name() << " " << i;
    }
}

// Builds the variant's databases of up to `pieces` pieces into `folder`; a failure fails the test.
inline egdb::BuildSummary build_into(const std::filesystem::path& folder, Variant variant, int pieces) {
    const auto summary = egdb::build_databases({variant, pieces, folder, 2, {}});
    if (!summary) throw std::runtime_error("build failed: " + summary.error());
    return *summary;
}

// The variant's 2- and 3-piece databases, built once per test process.
inline const egdb::Database& three_pieces(Variant variant = Variant::International) {
    struct Built {
        ScratchFolder folder;
        std::shared_ptr<const egdb::Database> db;
        explicit Built(Variant v) : folder("three_" + std::string(rulebook(v).name())) {
            build_into(folder.path(), v, 3);
            db = egdb::Database::open(folder.path(), v);
        }
    };
    static std::map<Variant, std::unique_ptr<const Built>> built;
    auto& slot = built[variant];
    if (!slot) slot = std::make_unique<const Built>(variant);
    return *slot->db;
}

// Random indices of every 2-3 piece slice (150 a slice): wherever a plain search of four
// plies proves a result, the databases say the same. Counts the proved and the drawn ones.
template <RuleSet R>
void expect_probes_agree_with_search(const egdb::Database& db, Variant variant, std::uint64_t seed, int min_proved,
                                     int min_draws) {
    using namespace egdb;
    std::mt19937_64 rng(seed);
    int proved = 0, draws = 0;
    for (const Material& m : slices_up_to(3)) {
        const SliceIndexer<R> indexer(m);
        for (int k = 0; k < 150; ++k) {
            const auto pos = indexer.position(rng() % indexer.size());
            if (!pos) continue;
            const Value stored = db.probe(*pos).value;
            ASSERT_NE(stored, Value::Unknown);
            const Value searched = bounded_search<R>(*pos, 4);
            if (searched != Value::Unknown) {
                ASSERT_EQ(stored, searched) << rulebook(variant).format_fen(*pos);
                ++proved;
            }
            if (stored == Value::Draw) ++draws;
        }
    }
    EXPECT_GT(proved, min_proved);  // the check compared enough decided positions
    EXPECT_GT(draws, min_draws);
}

// Writes the files (values and distances) of slice `target` and of every slice its captures
// and crownings can lead to, and no other: a larger slice without building all of them.
template <RuleSet R>
void build_slice_with_its_endings(const std::filesystem::path& folder, Variant variant, const egdb::Material& target) {
    using namespace egdb;
    SolvedTables<R> tables;
    std::vector<std::unique_ptr<SolvedSlice>> solved;
    const std::string name(rulebook(variant).name());
    for (const Material& m : slices_up_to(target.pieces())) {
        // A capture removes a piece, a crowning turns a man into a king.
        if (m.white_men > target.white_men || m.white() > target.white() || m.black_men > target.black_men ||
            m.black() > target.black())
            continue;
        solved.push_back(std::make_unique<SolvedSlice>(solve_slice<R>(m, tables, 2)));
        tables.add(m, solved.back()->values);
        const int code = variant_code(variant);
        if (!write_slice_file(folder / slice_file_name(name, m), code, *solved.back()).ok() ||
            !write_distance_file(folder / distance_file_name(name, m), code, *solved.back()).ok())
            throw std::runtime_error("cannot write the files of " + m.name());
    }
}

}  // namespace kroon::test
