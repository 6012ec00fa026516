// Distances to conversion: against a forward search that knows only the generator and the
// values of the slices a conversion leads to, the root moves they choose, and their files.
#include <gtest/gtest.h>

#include <fstream>
#include <random>
#include <unordered_map>

#include "egdb/indexer.hpp"
#include "engine/movegen/movegen.hpp"
#include "tests/egdb/egdb_support.hpp"

namespace kroon::egdb {
namespace {

using test::edit_file;
using test::ScratchFolder;
using test::three_pieces;

bool converts(const Move& m) { return m.captured || m.promotes; }

// Whether the side to move can force, or must suffer, a conversion within n plies: a
// forward search over the generator in which the databases are asked only about the
// position a capture or crowning leads to (never about the slice searched).
class ConversionSearch {
public:
    explicit ConversionSearch(const Database& db) : db_(db) {}

    // The side to move reaches, within n plies whatever the opponent does, a conversion
    // into a position lost for the opponent, or leaves the opponent without a move.
    bool wins_within(const Position& pos, int n) {
        if (n < 1) return false;
        return remembered(pos, n, true, [&] {
            MoveList moves;
            generate_moves<International>(pos, moves);
            for (const Move& m : moves) {
                const Position child = pos.after<International>(m);
                if (converts(m) ? db_.probe(child).value == Value::Loss : loses_within(child, n - 1)) return true;
            }
            return false;
        });
    }

    // Every move of the side to move converts into a position won for the opponent, or
    // leads to one where the opponent wins within n - 1 plies; no move at all counts too.
    bool loses_within(const Position& pos, int n) {
        if (n < 0) return false;
        return remembered(pos, n, false, [&] {
            MoveList moves;
            generate_moves<International>(pos, moves);
            if (moves.empty()) return true;
            if (n < 1) return false;
            for (const Move& m : moves) {
                const Position child = pos.after<International>(m);
                if (!(converts(m) ? db_.probe(child).value == Value::Win : wins_within(child, n - 1))) return false;
            }
            return true;
        });
    }

private:
    template <class F>
    bool remembered(const Position& pos, int n, bool winning, F&& compute) {
        const std::uint64_t key =
            pos.hash() ^ (static_cast<std::uint64_t>(n) << 1 | (winning ? 1 : 0)) * 0x9e3779b97f4a7c15ULL;
        if (const auto it = known_.find(key); it != known_.end()) return it->second;
        const bool result = compute();
        known_.emplace(key, result);
        return result;
    }

    const Database& db_;
    std::unordered_map<std::uint64_t, bool> known_;
};

TEST(Distances, AgreeWithAForwardSearchOfTheSlice) {
    const Database& db = three_pieces();
    ASSERT_EQ(db.distance_file_count(), slices_up_to(3).size());
    std::mt19937_64 rng(9);
    int checked = 0, longest = 0;
    for (const Material& m : slices_up_to(3)) {
        const SliceIndexer<International> indexer(m);
        ConversionSearch search(db);
        for (int k = 0; k < 400; ++k) {
            const auto pos = indexer.position(rng() % indexer.size());
            if (!pos) continue;
            const Value v = db.probe(*pos).value;
            const auto d = db.distance(*pos);
            if (v == Value::Draw) {
                EXPECT_FALSE(d.has_value());
                continue;
            }
            ASSERT_TRUE(d.has_value()) << m.name();
            const std::string text = rulebook(Variant::International).format_fen(*pos);
            // Exactly d: within d plies, and not within one ply fewer.
            if (v == Value::Win) {
                ASSERT_TRUE(search.wins_within(*pos, *d)) << text << " " << *d;
                ASSERT_FALSE(search.wins_within(*pos, *d - 1)) << text << " " << *d;
            } else {
                ASSERT_TRUE(search.loses_within(*pos, *d)) << text << " " << *d;
                ASSERT_FALSE(search.loses_within(*pos, *d - 1)) << text << " " << *d;
            }
            ++checked;
            longest = std::max(longest, *d);
        }
    }
    EXPECT_GT(checked, 2500);
    EXPECT_GE(longest, 15);  // the men's marches of two men against a king are long
}

TEST(Distances, TheRootKeepsTheValueAndGoesStraightToConversion) {
    const Database& db = three_pieces();
    std::mt19937_64 rng(10);
    int wins = 0, losses = 0, draws = 0;
    for (const Material& m : slices_up_to(3)) {
        const SliceIndexer<International> indexer(m);
        for (int k = 0; k < 100; ++k) {
            const auto pos = indexer.position(rng() % indexer.size());
            if (!pos) continue;
            MoveList all;
            generate_moves<International>(*pos, all);
            if (all.empty()) continue;
            const auto root = db.root_moves(*pos);
            ASSERT_TRUE(root.has_value());
            ASSERT_EQ(root->value, db.probe(*pos).value);
            ASSERT_FALSE(root->moves.empty());
            for (const Move& move : root->moves) {
                ASSERT_TRUE(all.contains(move));
                EXPECT_EQ(from_mover(db.probe(pos->after<International>(move)).value), root->value);
            }
            if (root->value == Value::Draw) {
                EXPECT_FALSE(root->distance.has_value());
                ++draws;
                continue;
            }
            // The root's own stored distance is the one the kept moves reach: the nearest
            // conversion of a win, the farthest of a loss.
            ASSERT_TRUE(root->distance.has_value());
            EXPECT_EQ(root->distance, db.distance(*pos)) << rulebook(Variant::International).format_fen(*pos);
            ++(root->value == Value::Win ? wins : losses);
        }
    }
    EXPECT_GT(wins, 100);
    EXPECT_GT(losses, 100);
    EXPECT_GT(draws, 100);
}

TEST(Distances, CorruptFilesAreReportedAndIgnoredAndTheValuesStay) {
    const ScratchFolder folder("corrupt_distances");
    test::build_into(folder.path(), Variant::International, 3);
    const Material kk{0, 1, 0, 1}, kkm{0, 2, 1, 0}, mk{1, 0, 0, 1}, mmk{2, 0, 0, 1}, kmk{1, 1, 0, 1}, mkm{1, 0, 1, 1};
    const auto path = [&](const Material& m) { return folder.path() / distance_file_name("international", m); };
    edit_file(path(kk), [](std::string& b) { b.resize(b.size() - 3); });    // truncated
    edit_file(path(kkm), [](std::string& b) { b[b.size() - 5] ^= 0x10; });  // a payload bit
    const auto set_version = [](std::string& b, char version) {
        b[8] = version;
        const std::uint64_t h = fnv1a64(reinterpret_cast<const std::uint8_t*>(b.data()), 56);
        for (int i = 0; i < 8; ++i) b[56 + i] = static_cast<char>(h >> (8 * i));
    };
    edit_file(path(mk), [&](std::string& b) { set_version(b, 3); });   // a later format version
    edit_file(path(mkm), [&](std::string& b) { set_version(b, 1); });  // an earlier one (zstd blocks)
    // Values, not distances. Removed first: mingw-w64's libstdc++ 12 refuses overwrite_existing.
    std::filesystem::remove(path(mmk));
    std::filesystem::copy_file(folder.path() / slice_file_name("international", mmk), path(mmk));
    edit_file(path(kmk), [](std::string& b) { b.assign(b.size(), '\0'); });  // zeros

    const auto db = Database::open(folder.path(), Variant::International);
    for (const Material& m : {kk, kkm, mk, mmk, kmk, mkm}) {
        EXPECT_EQ(db->distances(m), nullptr) << m.name();
        EXPECT_NE(db->slice(m), nullptr) << m.name();  // the values are still there
    }
    EXPECT_EQ(db->distance_file_count(), slices_up_to(3).size() - 6);
    EXPECT_EQ(db->complete_pieces(), 3);

    // Two kings against a man: the value is known, the distance is not, and the root moves
    // are those that keep the value, all of them.
    const SliceIndexer<International> indexer(kkm);
    int compared = 0;
    for (std::uint64_t i = 0; i < indexer.per_side() && compared < 50; i += 97) {
        const auto pos = indexer.position(i);
        if (!pos || db->probe(*pos).source != Source::Stored || db->probe(*pos).value != Value::Win) continue;
        EXPECT_FALSE(db->distance(*pos).has_value());
        EXPECT_TRUE(three_pieces().distance(*pos).has_value());
        const auto root = db->root_moves(*pos);
        ASSERT_TRUE(root.has_value());
        EXPECT_EQ(root->value, Value::Win);
        EXPECT_FALSE(root->distance.has_value());
        const auto exact = three_pieces().root_moves(*pos);
        EXPECT_GE(root->moves.size(), exact->moves.size());
        for (const Move& m : exact->moves)
            EXPECT_NE(std::find(root->moves.begin(), root->moves.end(), m), root->moves.end());
        ++compared;
    }
    EXPECT_EQ(compared, 50);

    const auto open = [&](const Material& m) {
        return DistanceFile::open(path(m), 20, m, SliceIndexer<International>(m).size());
    };
    EXPECT_NE(open(kk).error().find("truncated"), std::string::npos) << open(kk).error();
    EXPECT_NE(open(kkm).error().find("checksum"), std::string::npos) << open(kkm).error();
    EXPECT_NE(open(mk).error().find("format version 3"), std::string::npos) << open(mk).error();
    EXPECT_NE(open(mkm).error().find("format version 1, this Kroon reads version 2 (rebuild with kroon egdb build)"),
              std::string::npos)
        << open(mkm).error();
    EXPECT_NE(open(mmk).error().find("not a Kroon endgame database file of this kind"), std::string::npos);
}

// A block whose stream is damaged under a payload checksum made to fit (a file written by a
// faulty program, not one damaged on the disk) opens, but its distances read as unknown:
// zlib's own checksum of the block's content catches it.
TEST(Distances, ADamagedBlockUnderARightChecksumReadsAsUnknown) {
    const ScratchFolder folder("damaged_block");
    test::build_into(folder.path(), Variant::International, 3);
    const Material m{2, 0, 0, 1};
    const auto path = folder.path() / distance_file_name("international", m);
    const auto positions = SliceIndexer<International>(m).size();
    const auto sound = DistanceFile::open(path, 20, m, positions);
    ASSERT_TRUE(sound.ok()) << sound.error();
    ASSERT_TRUE(sound.value()->get(0).has_value());
    edit_file(path, [](std::string& b) {
        const auto* h = reinterpret_cast<const std::uint8_t*>(b.data());
        const std::uint64_t blocks = read_le(h + 32, 8);
        const std::uint64_t second = read_le(h + 64 + 8, 8);  // block 0 ends where block 1 starts
        b[64 + 8 * (blocks + 1) + second - 6] ^= 0x01;        // in block 0's deflate data, before its checksum
        const std::uint64_t payload = fnv1a64(h + 64, b.size() - 64);
        for (int i = 0; i < 8; ++i) b[48 + i] = static_cast<char>(payload >> (8 * i));
        const std::uint64_t header = fnv1a64(h, 56);
        for (int i = 0; i < 8; ++i) b[56 + i] = static_cast<char>(header >> (8 * i));
    });
    const auto damaged = DistanceFile::open(path, 20, m, positions);
    ASSERT_TRUE(damaged.ok()) << damaged.error();
    EXPECT_FALSE(damaged.value()->get(0).has_value());
    std::vector<std::uint16_t> all;
    EXPECT_FALSE(damaged.value()->decode_all(all));
    if (positions > distances_per_block) {
        EXPECT_TRUE(damaged.value()->get(distances_per_block).has_value());  // the next block is sound
    }
}

TEST(Distances, VerifyAcceptsABuildAndFindsAWrongDistance) {
    const ScratchFolder folder("verify_distances");
    test::build_into(folder.path(), Variant::International, 3);
    const auto clean = verify_databases(folder.path(), Variant::International, 1, {});
    ASSERT_TRUE(clean.ok()) << clean.error();
    EXPECT_EQ(clean->distance_mismatches, 0u);
    EXPECT_GT(clean->distances_checked, 500000u);

    // One distance of two men against a king one ply longer, in a file that is otherwise sound.
    const Material m{2, 0, 0, 1};
    const auto db = Database::open(folder.path(), Variant::International);
    SolvedSlice slice{m, {}, {}, {}, {}};
    db->slice(m)->decode_all(slice.values);
    slice.free_choice.assign((slice.values.size() + 63) / 64, 0);
    ASSERT_TRUE(db->distances(m)->decode_all(slice.distances));
    const SliceIndexer<International> indexer(m);
    std::uint64_t changed = 0;
    for (std::uint64_t i = 0; i < indexer.size() && !changed; ++i) {
        const auto pos = indexer.position(i);
        if (pos && slice.values.get(i) == Value::Win && db->probe(*pos).source == Source::Stored &&
            slice.distances[i] > 5) {
            ++slice.distances[i];
            changed = i;
        }
    }
    ASSERT_NE(changed, 0u);
    // Free choices repeat the distance before them in the file: mark them as such.
    for (std::uint64_t i = 0; i < indexer.size(); ++i) {
        const auto pos = indexer.position(i);
        if (!pos || db->probe(*pos).source != Source::Stored) slice.free_choice[i / 64] |= std::uint64_t{1} << (i % 64);
    }
    ASSERT_TRUE(write_distance_file(folder.path() / distance_file_name("international", m), 20, slice).ok());
    const auto broken = verify_databases(folder.path(), Variant::International, 1, {});
    ASSERT_TRUE(broken.ok());
    EXPECT_EQ(broken->mismatches, 0u);
    // The changed one, and the positions that move into it and now disagree with it.
    EXPECT_GT(broken->distance_mismatches, 0u);
}

}  // namespace
}  // namespace kroon::egdb
