// The databases against the rules and against search: values that a plain search can prove,
// the known king endings, the file format and its checks.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <string>
#include <vector>

#include "egdb/cache.hpp"
#include "egdb/indexer.hpp"
#include "egdb/slice_file.hpp"
#include "egdb/solver.hpp"
#include "engine/movegen/movegen.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/environment.hpp"
#include "platform/folders.hpp"
#include "tests/egdb/egdb_support.hpp"
#include "tests/support/captured_log.hpp"

namespace kroon::egdb {
namespace {

using test::ScratchFolder;

Position fen(std::string_view text) {
    const auto pos = rulebook(Variant::International).parse_fen(text);
    if (!pos) throw std::runtime_error("bad test FEN: " + pos.error());
    return *pos;
}

using test::bounded_search;
using test::edit_file;
using test::expect_methods_agree;
using test::three_pieces;

bool has_capture(const Position& pos) {
    MoveList moves;
    generate_moves<International>(pos, moves);
    return !moves.empty() && moves[0].is_capture();
}

TEST(Egdb, OneKingAgainstOneKingIsADrawUnlessOneTakesTheOther) {
    const Database& db = three_pieces();
    const Material m{0, 1, 0, 1};
    const SliceIndexer<International> indexer(m);
    const Rulebook& rules = rulebook(Variant::International);
    // The one exception: the kings in the two corners of the long diagonal. The side to move
    // can only step onto the diagonal, in front of the other king, which takes it; and a king
    // that can go to the free corner while the other stands in its corner wins that way.
    const Bitboard corners = bit(rules.bit_of_square(5)) | bit(rules.bit_of_square(46));
    const auto in_corners = [&](const Position& p) { return p.kings() == corners; };
    std::uint64_t draws = 0, wins = 0, losses = 0;
    for (std::uint64_t i = 0; i < indexer.size(); ++i) {
        const Position pos = *indexer.position(i);
        const Probe p = db.probe(pos);
        const std::string text = rules.format_fen(pos);
        MoveList moves;
        generate_moves<International>(pos, moves);
        if (moves[0].is_capture()) {
            // Taking the last piece wins at once.
            ASSERT_EQ(p.value, Value::Win) << text;
            ASSERT_EQ(p.source, Source::Captures);
            ++wins;
            continue;
        }
        ASSERT_EQ(p.source, Source::Stored);
        const bool to_corner = std::any_of(
            moves.begin(), moves.end(), [&](const Move& move) { return in_corners(pos.after<International>(move)); });
        const Value expected = in_corners(pos) ? Value::Loss : to_corner ? Value::Win : Value::Draw;
        ASSERT_EQ(p.value, expected) << text;
        ++(expected == Value::Draw ? draws : expected == Value::Win ? wins : losses);
    }
    EXPECT_EQ(losses, 4u);
    EXPECT_EQ(wins + draws + losses, indexer.size());
    EXPECT_GT(draws, wins);
    EXPECT_GT(wins, 0u);
}

// Three kings against one, by who holds the long diagonal (the side to move is the lone king,
// no capture on the board). On 8x8 (Brazilian) the three kings win when they hold it and
// the lone king draws when it holds it; on 10x10 three kings do not win in general (a fourth
// is needed, hence the 16-move rule of KNDB art. 9): only tactics win.
struct DiagonalCounts {
    std::uint64_t strong_holds_draw = 0, strong_holds_loss = 0;  // a strong king on it, the lone king off
    std::uint64_t lone_holds_draw = 0, lone_holds_loss = 0;      // the lone king on it, no strong king
};

template <RuleSet R>
DiagonalCounts three_kings_against_one(Variant variant, const std::vector<int>& diagonal) {
    SolvedTables<R> tables;
    std::vector<std::unique_ptr<SolvedSlice>> solved;
    for (const Material& m : {Material{0, 1, 0, 1}, Material{0, 2, 0, 1}, Material{0, 3, 0, 1}}) {
        solved.push_back(std::make_unique<SolvedSlice>(solve_slice<R>(m, tables, 2)));
        tables.add(m, solved.back()->values);
    }
    const Rulebook& rules = rulebook(variant);
    Bitboard on_diagonal = 0;
    for (int square : diagonal) on_diagonal |= bit(rules.bit_of_square(square));
    const SliceIndexer<R> indexer({0, 3, 0, 1});
    DiagonalCounts counts;
    for (std::uint64_t i = indexer.per_side(); i < indexer.size(); ++i) {  // Black (the lone king) to move
        const Position pos = *indexer.position(i);
        MoveList moves;
        generate_moves<R>(pos, moves);
        if (moves[0].is_capture()) continue;
        const bool strong_on = pos.kings(Color::White) & on_diagonal;
        const bool lone_on = pos.kings(Color::Black) & on_diagonal;
        const Value v = solved.back()->values.get(i);
        if (strong_on && !lone_on) ++(v == Value::Loss ? counts.strong_holds_loss : counts.strong_holds_draw);
        if (lone_on && !strong_on) ++(v == Value::Loss ? counts.lone_holds_loss : counts.lone_holds_draw);
    }
    return counts;
}

TEST(Egdb, ThreeKingsAgainstOneOnEightByEightWinWithTheLongDiagonal) {
    const auto c = three_kings_against_one<Brazilian>(Variant::Brazilian, {29, 25, 22, 18, 15, 11, 8, 4});
    EXPECT_EQ(c.lone_holds_loss, 0u);
    EXPECT_GT(c.lone_holds_draw, 10000u);
    EXPECT_GT(c.strong_holds_loss, 990 * (c.strong_holds_loss + c.strong_holds_draw) / 1000);
}

TEST(Egdb, ThreeKingsAgainstOneOnTenByTenDoNotWinInGeneral) {
    const auto c =
        three_kings_against_one<International>(Variant::International, {46, 41, 37, 32, 28, 23, 19, 14, 10, 5});
    EXPECT_EQ(c.lone_holds_loss, 0u);
    EXPECT_GT(c.lone_holds_draw, 50000u);
    // Holding the long diagonal is not enough: almost all of these are draws.
    EXPECT_GT(c.strong_holds_draw, 95 * (c.strong_holds_loss + c.strong_holds_draw) / 100);
    EXPECT_GT(c.strong_holds_loss, 0u);  // the tactics
}

TEST(Egdb, ProbesAgreeWithAPlainSearchWhereItProvesAResult) {
    test::expect_probes_agree_with_search<International>(three_pieces(), Variant::International, 14, 300, 100);
}

TEST(Egdb, AManAgainstAKingOnItsPath) {
    const Database& db = three_pieces();
    // The man on 46 can only step to 41, on the long diagonal, where the king on it takes it;
    // with Black to move the king stays on the diagonal and waits.
    for (const char* text : {"W:W46:BK5", "B:W46:BK5"}) {
        const Position pos = fen(text);
        const Value searched = bounded_search<International>(pos, 4);
        EXPECT_EQ(searched, pos.side_to_move() == Color::White ? Value::Loss : Value::Win) << text;
        EXPECT_EQ(db.probe(pos).value, searched) << text;
    }
}

TEST(Egdb, CapturePositionsAreResolvedByPlayingTheCaptures) {
    const Database& db = three_pieces();
    // White takes the last black piece: a win, found by playing the capture.
    const Probe p = db.probe(fen("W:WK46,K1:BK28"));
    EXPECT_EQ(p.source, Source::Captures);
    EXPECT_EQ(p.value, Value::Win);  // the last black piece goes
    // White takes one of two kings and is left king against king.
    const Probe q = db.probe(fen("W:WK46:BK28,K1"));
    EXPECT_EQ(q.source, Source::Captures);
    EXPECT_EQ(q.value, Value::Draw);
}

TEST(Egdb, RetrogradeAndFixpointAgree) {
    expect_methods_agree<International>(3);
    expect_methods_agree<English>(3);
    expect_methods_agree<Brazilian>(3);
    expect_methods_agree<Frisian>(3);  // the un-moves carry the art. 17 states back
}

TEST(Egdb, FilesHoldWhatTheSolverFound) {
    const ScratchFolder folder("roundtrip");
    SolvedTables<International> tables;
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

    const auto truncated = SliceFile::open(path(kk), 20, kk, SliceIndexer<International>(kk).size());
    ASSERT_FALSE(truncated.ok());
    EXPECT_NE(truncated.error().find("truncated"), std::string::npos) << truncated.error();
    const auto flipped = SliceFile::open(path(kkk), 20, kkk, SliceIndexer<International>(kkk).size());
    ASSERT_FALSE(flipped.ok());
    EXPECT_NE(flipped.error().find("checksum"), std::string::npos) << flipped.error();
}

// Files that change after they were opened (a new build copied over the folder, a file cut
// short) cannot take the process down: the databases are read into memory when opened, so
// probes go on with what was read. (A mapped file cut short killed the process with SIGBUS.)
TEST(Egdb, FilesChangedWhileOpenDoNotStopTheProbes) {
    const ScratchFolder folder("changed");
    test::build_into(folder.path(), Variant::International, 3);
    const auto db = Database::open(folder.path(), Variant::International);
    ASSERT_EQ(db->complete_pieces(), 3);
    const Position pos = fen("W:WK1:BK50,K49");
    const Value before = db->probe(pos).value;
    for (const auto& entry : std::filesystem::directory_iterator(folder.path()))
        std::filesystem::resize_file(entry.path(), 0);
    EXPECT_EQ(db->probe(pos).value, before);
    EXPECT_EQ(db->distance(pos), three_pieces().distance(pos));
    // Opened again, the cut files are refused with the reason.
    const auto again = Database::open(folder.path(), Variant::International, RejectedFiles::ListOnly);
    EXPECT_EQ(again->slice_count(), 0u);
    ASSERT_FALSE(again->rejected().empty());
    EXPECT_NE(again->rejected().front().find("truncated"), std::string::npos) << again->rejected().front();
}

// A folder whose every file is refused (an older format, a copy cut short) is warned about in
// a few lines that name the reason and one that counts the rest; the list keeps every file.
TEST(Egdb, AFolderOfRefusedFilesIsWarnedAboutInAFewLines) {
    const ScratchFolder folder("refused");
    test::build_into(folder.path(), Variant::International, 3);
    std::size_t files = 0;
    for (const auto& entry : std::filesystem::directory_iterator(folder.path())) {
        std::filesystem::resize_file(entry.path(), 10);
        ++files;
    }
    ASSERT_GT(files, 4u);
    test::CapturedLog log;
    const auto db = Database::open(folder.path(), Variant::International);
    EXPECT_EQ(db->rejected().size(), files);
    const std::string text = log.take();
    std::vector<std::string> lines;
    for (std::size_t at = 0, end; (end = text.find('\n', at)) != std::string::npos; at = end + 1)
        lines.push_back(text.substr(at, end - at));
    ASSERT_EQ(lines.size(), 4u) << text;
    for (int i = 0; i < 3; ++i) EXPECT_NE(lines[i].find("truncated"), std::string::npos) << lines[i];
    EXPECT_NE(lines[3].find("ignoring " + std::to_string(files - 3) + " more files in " + folder.path().string()),
              std::string::npos)
        << lines[3];
}

// A build leaves no temporary file behind, and removes those of builds that died.
TEST(Egdb, BuildsCleanTheirTemporaryFiles) {
    const ScratchFolder folder("partials");
    std::ofstream(folder.path() / "international-wm0wk1bm0bk1.egdb.partial.999999999") << "left by a dead build";
    test::build_into(folder.path(), Variant::International, 2);
    for (const auto& entry : std::filesystem::directory_iterator(folder.path()))
        EXPECT_EQ(entry.path().string().find(".partial."), std::string::npos) << entry.path();
}

// No build writes the fourth two-bit value (Unknown); a file that stores it under valid
// checksums is rejected, whether in a block of runs or of packed values (found by fuzzing).
TEST(Egdb, AFileStoringAnUnknownValueIsRejected) {
    struct Case {
        Variant variant;
        Material material;
        int block_tag;  // 0 packed values, 1 runs
    };
    for (const Case& c : {Case{Variant::International, {0, 1, 0, 1}, 1}, Case{Variant::Brazilian, {1, 0, 1, 0}, 0}}) {
        const std::string name(rulebook(c.variant).name());
        const ScratchFolder folder("unknown_value_" + name);
        test::build_into(folder.path(), c.variant, 2);
        const auto path = folder.path() / slice_file_name(name, c.material);
        ASSERT_NE(Database::open(folder.path(), c.variant)->slice(c.material), nullptr) << name;
        edit_file(path, [&](std::string& b) {
            const auto* bytes = reinterpret_cast<const std::uint8_t*>(b.data());
            const std::size_t first_block = header_bytes + 8 * (read_le(bytes + 32, 8) + 1);
            ASSERT_EQ(b[first_block], c.block_tag) << name;
            b[first_block + 1] |= c.block_tag == 1 ? '\xc0' : '\x03';  // the first run's value, the first value
            test::seal_checksums(b);
        });
        std::uint64_t positions = 0;
        with_database_rules(
            c.variant, [&](auto tag) { positions = SliceIndexer<typename decltype(tag)::Rules>(c.material).size(); });
        const auto file = SliceFile::open(path, variant_code(c.variant), c.material, positions);
        ASSERT_FALSE(file.ok()) << name;
        EXPECT_NE(file.error().find("block 0 is malformed"), std::string::npos) << file.error();
        EXPECT_EQ(Database::open(folder.path(), c.variant)->slice(c.material), nullptr) << name;
    }
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
    SolvedSlice slice{m, {}, {}, {}, {}};
    db->slice(m)->decode_all(slice.values);
    slice.free_choice.assign((slice.values.size() + 63) / 64, 0);
    const SliceIndexer<International> indexer(m);
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

// A file whose checksum fails is named as damaged, and the verification fails, rather than
// passing with the slices that lead to it skipped as if it were missing.
TEST(Egdb, VerifyNamesADamagedFile) {
    const ScratchFolder folder("verify_damaged");
    test::build_into(folder.path(), Variant::International, 3);
    const Material m{0, 2, 0, 1};
    edit_file(folder.path() / slice_file_name("international", m), [](std::string& b) { b[b.size() / 2] ^= 0x10; });
    const auto summary = verify_databases(folder.path(), Variant::International, 1, {});
    ASSERT_TRUE(summary.ok()) << summary.error();
    ASSERT_EQ(summary->rejected.size(), 1u);
    EXPECT_NE(summary->rejected[0].find(slice_file_name("international", m)), std::string::npos);
    EXPECT_NE(summary->rejected[0].find("checksum mismatch"), std::string::npos) << summary->rejected[0];
}

TEST(Egdb, OtherVariantsBuildAndVerify) {
    for (const Variant v : {Variant::English, Variant::Brazilian, Variant::Frisian}) {
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

// KROON_EGDB first ("none" disables), then "egdb" in Kroon's cache folder (the system's:
// tests/platform/folders_*_test.cpp).
TEST(Egdb, CacheFolderFollowsTheEnvironment) {
    const auto saved = [](const char* name) -> std::optional<std::string> {
        const char* v = std::getenv(name);
        return v ? std::optional<std::string>(v) : std::nullopt;
    };
    const auto kroon = saved("KROON_EGDB");
    platform::set_environment("KROON_EGDB", std::nullopt);
    const auto system = platform::cache_folder();
    EXPECT_EQ(cache_folder(), system ? std::optional(*system / "egdb") : std::nullopt);
    platform::set_environment("KROON_EGDB", "/data/egdb");
    EXPECT_EQ(cache_folder(), std::filesystem::path("/data/egdb"));
    platform::set_environment("KROON_EGDB", "none");
    EXPECT_EQ(cache_folder(), std::nullopt);
    platform::set_environment("KROON_EGDB", kroon);

    // A full set, values and distances, is what the cache must hold.
    EXPECT_FALSE(holds_databases("/nonexistent-kroon-folder", Variant::International, 2));
    const ScratchFolder folder("cache");
    test::build_into(folder.path(), Variant::International, 2);
    EXPECT_TRUE(holds_databases(folder.path(), Variant::International, 2));
    EXPECT_FALSE(holds_databases(folder.path(), Variant::International, 3));
    EXPECT_FALSE(holds_databases(folder.path(), Variant::English, 2));
    std::filesystem::remove(folder.path() / distance_file_name("international", Material{0, 1, 0, 1}));
    EXPECT_FALSE(holds_databases(folder.path(), Variant::International, 2));
}

TEST(Egdb, VariantsWithoutDatabasesAreRefused) {
    const ScratchFolder folder("antidraughts");
    EXPECT_FALSE(build_databases({Variant::Antidraughts, 2, folder.path(), 1, {}}).ok());
    EXPECT_EQ(Database::open(folder.path(), Variant::Antidraughts)->slice_count(), 0u);
}

}  // namespace
}  // namespace kroon::egdb
