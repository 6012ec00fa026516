// A running sum of (middle game, end game) weight pairs. The pattern sum is the learned
// evaluation's largest cost; with SSE4.1 each pair is one 32-bit load widened to two 32-bit
// lanes and one add, instead of two loads and two adds (docs/evaluation.md, "What it costs").
#pragma once

#include <cstdint>
#include <cstring>

#include "eval/weights.hpp"

#if defined(__SSE4_1__)
#include <immintrin.h>
#endif

namespace kroon::eval {

class PhaseSum {
public:
#if defined(__SSE4_1__)
    void add(const PhaseWeight& w) { sum_ = _mm_add_epi32(sum_, widen(w)); }
    void subtract(const PhaseWeight& w) { sum_ = _mm_sub_epi32(sum_, widen(w)); }
    int mg() const { return _mm_cvtsi128_si32(sum_); }
    int eg() const { return _mm_extract_epi32(sum_, 1); }

private:
    static __m128i widen(const PhaseWeight& w) {
        static_assert(sizeof(PhaseWeight) == sizeof(std::int32_t));
        std::int32_t both;
        std::memcpy(&both, &w, sizeof both);
        return _mm_cvtepi16_epi32(_mm_cvtsi32_si128(both));
    }
    __m128i sum_ = _mm_setzero_si128();
#else
    void add(const PhaseWeight& w) {
        mg_ += w.mg;
        eg_ += w.eg;
    }
    void subtract(const PhaseWeight& w) {
        mg_ -= w.mg;
        eg_ -= w.eg;
    }
    int mg() const { return mg_; }
    int eg() const { return eg_; }

private:
    int mg_ = 0;
    int eg_ = 0;
#endif
};

}  // namespace kroon::eval
