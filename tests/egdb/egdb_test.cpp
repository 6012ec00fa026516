// The databases against the rules and against search: values that a plain search can prove,
// the known king endings, the file format and its checks.
#include <gtest/gtest.h>

#include <fstream>
#include <random>

#include "egdb/indexer.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/solver.hpp"
#include "engine/movegen/movegen.hpp"
#include "engine/rules/rulebook.hpp"
#include "tests/egdb/egdb_support.hpp"

namespace kroon::egdb {
namespace {

using test::ScratchFolder;

Position fen(std::string_view text) {
    const auto pos = rulebook(Variant::International).parse_fen(text);
    if (!pos) throw std::runtime_error("bad test FEN: " + pos.error());
    return *pos;
}

// The 2- and 3-piece international databases, built once per test process.
const Database& three_pieces() {
    static const ScratchFolder folder("three");
    static const auto built = test::build_into(folder.path(), Variant::International, 3);
    static const auto db = Database::open(folder.path(), Variant::International);
    return *db;
}

// A plain depth-limited search: Win or Loss when it is proved within `depth` plies, Unknown
// otherwise (it knows nothing about draws).
template <RuleSet R>
Value bounded_search(const Position& pos, int depth) {
    MoveList moves;
    generate_moves<R>(pos, moves);
    if (moves.empty() || !pos.pieces(pos.side_to_move())) return Value::Loss;
    if (depth == 0) return Value::Unknown;
    bool all_lost = true;
    for (const Move& m : moves) {
        const Value child = bounded_search<R>(pos.after<R>(m), depth - 1);
        if (child == Value::Loss) return Value::Win;
        if (child != Value::Win) all_lost = false;
    }
    return all_lost ? Value::Loss : Value::Unknown;
}

bool has_capture(const Position& pos) {
    MoveList moves;
    generate_moves<International>(pos, moves);
    return !moves.empty() && moves[0].is_capture();
}

TEST(Egdb, OneKingAgainstOneKingIsADrawUnlessOneTakesTheOther) {
    const Database& db = three_pieces();
    const Material m{0, 1, 0, 1};
    const SliceIndexer<Board10> indexer(m);
    std::uint64_t draws = 0, wins = 0;
    for (std::uint64_t i = 0; i < indexer.size(); ++i) {
        const Position pos = *indexer.position(i);
        const Probe p = db.probe(pos);
        if (has_capture(pos)) {
            // Taking the last piece wins at once.
            ASSERT_EQ(p.value, Value::Win);
            ASSERT_EQ(p.source, Source::Captures);
            ++wins;
        } else {
            ASSERT_EQ(p.value, Value::Draw) << rulebook(Variant::International).format_fen(pos);
            ASSERT_EQ(p.source, Source::Stored);
            ++draws;
        }
    }
    EXPECT_GT(draws, wins);
    EXPECT_GT(wins, 0u);
}

TEST(Egdb, ProbesAgreeWithAPlainSearchWhereItProvesAResult) {
    const Database& db = three_pieces();
    std::mt19937_64 rng(14);
    int proved = 0, draws = 0;
    for (const Material& m : slices_up_to(3)) {
        const SliceIndexer<Board10> indexer(m);
        for (int k = 0; k < 150; ++k) {
            const auto pos = indexer.position(rng() % indexer.size());
            if (!pos) continue;
            const Value stored = db.probe(*pos).value;
            const Value searched = bounded_search<International>(*pos, 4);
            ASSERT_NE(stored, Value::Unknown);
            if (searched != Value::Unknown) {
                ASSERT_EQ(stored, searched) << rulebook(Variant::International).format_fen(*pos);
                ++proved;
            }
            if (stored == Value::Draw) ++draws;
        }
    }
    EXPECT_GT(proved, 300);  // the check compared enough decided positions
    EXPECT_GT(draws, 100);
}

TEST(Egdb, AManAgainstAKingThatCannotStopIt) {
    const Database& db = three_pieces();
    // White to move crowns at once on 1 or 2 and the black king on 50 is then taken: 6-1, and
    // on 45-... Black cannot take a king standing on the far row unless it is in line.
    EXPECT_EQ(db.probe(fen("W:WK23,6:BK50")).value, bounded_search<International>(fen("W:WK23,6:BK50"), 5));
    // A lone man against a king is lost when the king holds its path: the man must move on.
    EXPECT_EQ(db.probe(fen("W:W46:BK5")).value, Value::Loss);
    EXPECT_EQ(db.probe(fen("B:W46:BK5")).value, Value::Win);
}

TEST(Egdb, CapturePositionsAreResolvedByPlayingTheCaptures) {
    const Database& db = three_pieces();
    // White must take 28x... with the king and is left king against king: a draw.
    const Probe p = db.probe(fen("W:WK46,K1:BK28"));
    EXPECT_EQ(p.source, Source::Captures);
    EXPECT_EQ(p.value, Value::Win);  // the last black piece goes
    const Probe q = db.probe(fen("W:WK46:BK28,K1"));
    EXPECT_EQ(q.source, Source::Captures);
    EXPECT_EQ(q.value, Value::Draw);
}

TEST(Egdb, FilesHoldWhatTheSolverFound) {
    const ScratchFolder folder("roundtrip");
    SolvedTables<Board10> tables;
    std::vector<std::unique_ptr<SolvedSlice>> solved;
    for (const Material& m : slices_up_to(3)) {
        solved.push_back(std::make_unique<SolvedSlice>(solve_slice<International>(m, tables, 1)));
        tables.add(m, solved.back()->values);
        const SolvedSlice& s = *solved.back();
        const auto path = folder.path() / slice_file_name("international", m);
        ASSERT_TRUE(write_slice_file(path, 20, s).ok());
        const auto file = SliceFile::open(path, 20, m, s.values.size());
        ASSERT_TRUE(file.ok()) << file.error();
        PackedValues decoded;
        (*file)->decode_all(decoded);
        for (std::uint64_t i = 0; i < s.values.size(); ++i) {
            if (s.is_free_choice(i)) continue;
            ASSERT_EQ(decoded.get(i), s.values.get(i)) << m.name() << " " << i;
            ASSERT_EQ((*file)->get(i), s.values.get(i)) << m.name() << " " << i;
        }
        EXPECT_EQ(s.counts.wins + s.counts.draws + s.counts.losses + s.counts.not_positions, s.values.size());
    }
}

// Rewrites `path` with `edit` applied to its bytes.
void edit_file(const std::filesystem::path& path, const std::function<void(std::string&)>& edit) {
    std::ifstream in(path, std::ios::binary);
    std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    in.close();
    edit(bytes);
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

TEST(Egdb, CorruptOrTruncatedFilesAreReportedAndIgnored) {
    const ScratchFolder folder("corrupt");
    test::build_into(folder.path(), Variant::International, 3);
    const Material kk{0, 1, 0, 1}, kkk{0, 2, 0, 1}, mk{1, 0, 0, 1}, mmk{2, 0, 0, 1}, kmk{0, 1, 1, 1};
    const auto path = [&](const Material& m) { return folder.path() / slice_file_name("international", m); };
    edit_file(path(kk), [](std::string& b) { b.resize(b.size() - 3); });     // truncated
    edit_file(path(kkk), [](std::string& b) { b[b.size() / 2] ^= 0x10; });   // a payload bit
    edit_file(path(mk), [](std::string& b) { b[17] = 3; });                  // the header's material
    edit_file(path(mmk), [](std::string& b) { b.resize(20); });              // cut inside the header
    edit_file(path(kmk), [](std::string& b) { b.assign(b.size(), '\0'); });  // zeros
    std::ofstream(folder.path() / "international-wm0wk0bm0bk1.egdb") << "not a slice";

    const auto db = Database::open(folder.path(), Variant::International);
    for (const Material& m : {kk, kkk, mk, mmk, kmk}) EXPECT_EQ(db->slice(m), nullptr) << m.name();
    EXPECT_EQ(db->slice_count(), slices_up_to(3).size() - 5);
    EXPECT_EQ(db->complete_pieces(), 0);
    // What they held is not known any more; nothing else changes.
    EXPECT_EQ(db->probe(fen("W:WK1:BK50")).value, Value::Unknown);
    EXPECT_EQ(db->probe(fen("W:WK1:BK50")).source, Source::Missing);
    EXPECT_EQ(db->probe(fen("W:WK1:BK50,K49")).value, three_pieces().probe(fen("W:WK1:BK50,K49")).value);

    const auto truncated = SliceFile::open(path(kk), 20, kk, SliceIndexer<Board10>(kk).size());
    ASSERT_FALSE(truncated.ok());
    EXPECT_NE(truncated.error().find("truncated"), std::string::npos) << truncated.error();
    const auto flipped = SliceFile::open(path(kkk), 20, kkk, SliceIndexer<Board10>(kkk).size());
    ASSERT_FALSE(flipped.ok());
    EXPECT_NE(flipped.error().find("checksum"), std::string::npos) << flipped.error();
}

TEST(Egdb, VerifyAcceptsABuildAndFindsAWrongValue) {
    const ScratchFolder folder("verify");
    test::build_into(folder.path(), Variant::International, 3);
    const auto clean = verify_databases(folder.path(), Variant::International, 1, {});
    ASSERT_TRUE(clean.ok()) << clean.error();
    EXPECT_EQ(clean->slices, 16);
    EXPECT_EQ(clean->mismatches, 0u);
    EXPECT_GT(clean->checked, 1000000u);

    // One stored win of two kings against one king made a draw, with a valid checksum.
    const Material m{0, 2, 0, 1};
    const auto db = Database::open(folder.path(), Variant::International);
    SolvedSlice slice{m, {}, {}, {}};
    db->slice(m)->decode_all(slice.values);
    slice.free_choice.assign((slice.values.size() + 63) / 64, 0);
    const SliceIndexer<Board10> indexer(m);
    std::uint64_t changed = 0;
    for (std::uint64_t i = 0; i < indexer.size(); ++i)
        if (slice.values.get(i) == Value::Win && !has_capture(*indexer.position(i))) {
            slice.values.set(i, Value::Draw);
            changed = i;
            break;
        }
    ASSERT_NE(changed, 0u);
    ASSERT_TRUE(write_slice_file(folder.path() / slice_file_name("international", m), 20, slice).ok());
    const auto broken = verify_databases(folder.path(), Variant::International, 1, {});
    ASSERT_TRUE(broken.ok());
    EXPECT_GT(broken->mismatches, 0u);
}

TEST(Egdb, EightByEightVariantsBuildAndVerify) {
    for (const Variant v : {Variant::English, Variant::Brazilian}) {
        const ScratchFolder folder("small_" + std::string(rulebook(v).name()));
        const auto built = test::build_into(folder.path(), v, 3);
        EXPECT_EQ(built.slices, 16);
        const auto checked = verify_databases(folder.path(), v, 1, {});
        ASSERT_TRUE(checked.ok());
        EXPECT_EQ(checked->mismatches, 0u);
        const auto db = Database::open(folder.path(), v);
        EXPECT_EQ(db->complete_pieces(), 3);
    }
}

TEST(Egdb, VariantsWithoutDatabasesAreRefused) {
    const ScratchFolder folder("frisian");
    EXPECT_FALSE(build_databases({Variant::Frisian, 2, folder.path(), 1, {}}).ok());
    EXPECT_EQ(Database::open(folder.path(), Variant::Frisian)->slice_count(), 0u);
}

}  // namespace
}  // namespace kroon::egdb
