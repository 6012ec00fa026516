// The named terms of the evaluation and the sinks that receive them: NoTrace for the search,
// TraceSink for the term-by-term breakdown.
#pragma once

#include <array>

#include "engine/types.hpp"

namespace kroon::eval {

// Evaluation scores stay well inside the range the search keeps for won games (and below
// the +89.xx band the Hub protocol reserves for bitbase wins).
constexpr int max_score = 7000;

enum class Term : int {
    Material,
    Advancement,
    Centre,
    Outposts,
    Balance,
    BackRank,
    Edge,
    Mobility,
    Locks,
    Runaways,
    Kings,
    Opposition,
    Count
};
constexpr int term_count = static_cast<int>(Term::Count);

constexpr std::array<const char*, term_count> term_names = {"material", "advancement", "centre", "outposts",
                                                            "balance",  "back rank",   "edge",   "mobility",
                                                            "locks",    "runaways",    "kings",  "opposition"};

struct NoTrace {
    void add(Term, Color, int) {}
    void scaled(int, int) {}
};

struct TraceSink {
    std::array<std::array<int, 2>, term_count> values{};  // [term][colour]
    bool was_scaled = false;
    int before_scaling = 0;

    void add(Term t, Color c, int v) { values[static_cast<int>(t)][index(c)] += v; }
    void scaled(int before, int) {
        was_scaled = true;
        before_scaling = before;
    }
};

}  // namespace kroon::eval
