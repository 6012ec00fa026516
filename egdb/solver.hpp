// Solves one material slice: the win/loss/draw value of every position, given the values of
// the slices its captures and crownings lead to.
//
// The moves are the engine's (generate_moves<R> and Position::play<R>): captures are
// compulsory and follow the variant's precedence rule, and a side without a move has lost.
// Captures and crownings leave the slice, so their values are known before the slice is
// started; moves inside the slice are resolved by fixpoint iteration (docs/egdb.md, Method).
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <vector>

#include "egdb/indexer.hpp"
#include "egdb/material.hpp"
#include "egdb/value.hpp"
#include "egdb/variants.hpp"
#include "engine/rules/rules.hpp"

namespace kroon::egdb {

// The largest distance to conversion a slice may hold, in plies.
constexpr int max_distance = 65535;

struct SliceCounts {
    std::uint64_t wins = 0, draws = 0, losses = 0;
    std::uint64_t not_positions = 0;  // indices where the men of both sides would share a square
    std::uint64_t captures = 0;       // positions where the side to move must capture
    int passes = 0;                   // fixpoint sweeps, or retrograde levels
    friend bool operator==(const SliceCounts&, const SliceCounts&) = default;
};

struct SolvedSlice {
    Material material;
    // The value of every index (Unknown for an index that is not a position).
    PackedValues values;
    // One bit per index: the side to move must capture there, or the index is not a position.
    // The file may store anything for these (probing resolves captures by playing them).
    std::vector<std::uint64_t> free_choice;
    SliceCounts counts;
    // Retrograde only (empty for Method::Fixpoint): the distance to conversion of every win
    // and loss in plies, 0 elsewhere (docs/egdb.md, Distance to conversion).
    std::vector<std::uint16_t> distances;

    bool is_free_choice(std::uint64_t i) const { return free_choice[i / 64] >> (i % 64) & 1; }
};

// The slices solved so far, for looking up where a capture or crowning leads.
template <RuleSet R>
class SolvedTables {
public:
    void add(const Material& material, const PackedValues& values) {
        slots_[material.key()] = Slot{SliceIndexer<R>(material), &values};
    }
    // The value for the side to move of a position of a solved slice; a side to move without
    // pieces has lost. Unknown when the slice is not there.
    Value value_of(const Position& pos) const {
        if (!pos.pieces(pos.side_to_move())) return Value::Loss;
        const auto& slot = slots_[material_of(pos).key()];
        return slot ? slot->values->get(slot->indexer.index(pos)) : Value::Unknown;
    }

private:
    struct Slot {
        SliceIndexer<R> indexer;
        const PackedValues* values;
    };
    std::array<std::optional<Slot>, material_keys> slots_{};
};

// Two ways to the same values (docs/egdb.md, Method): Retrograde walks back from each
// settled position to the positions that move into it (un-moves are plain geometry, checked
// against the generator's move counts); Fixpoint sweeps forward over the slice with the
// generator alone until nothing changes, slower, kept as the independent check.
enum class Method { Retrograde, Fixpoint };

// The solver of each variant with databases (variants.hpp), compiled once in solver.cpp. An
// explicit instantiation for every variant of KROON_VARIANTS cannot skip the others; a class's
// can be empty, as this one is for them.
template <RuleSet R, bool = has_database_rules<R>>
struct SliceSolving {};
template <RuleSet R>
struct SliceSolving<R, true> {
    static SolvedSlice solve(const Material& material, const SolvedTables<R>& smaller, int threads, Method method);
};

template <RuleSet R>
SolvedSlice solve_slice(const Material& material, const SolvedTables<R>& smaller, int threads,
                        Method method = Method::Retrograde) {
    return SliceSolving<R>::solve(material, smaller, threads, method);
}

}  // namespace kroon::egdb
