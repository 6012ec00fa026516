// The x86-64 instruction-set levels a build can be made for (CMake's KROON_ARCH: native,
// x86-64-v4, x86-64-v3, x86-64-v2, x86-64) and the check that this CPU has what the build
// uses. The levels are those of the x86-64 psABI (its micro-architecture levels).
//
// The check runs before any other code of the program (instruction_set_check.cpp, compiled
// for plain x86-64): a binary built for a level the CPU lacks says so and stops, instead of
// dying later on an illegal instruction. It is kept to plain C calls and fixed buffers, so
// that nothing it runs can be a template instantiation compiled for the higher level.
#pragma once

#include <cstddef>
#include <cstdint>

namespace kroon::platform {

using CpuFeatures = std::uint32_t;

enum CpuFeature : CpuFeatures {
    Sse3 = 1u << 0,
    Ssse3 = 1u << 1,
    Sse41 = 1u << 2,
    Sse42 = 1u << 3,
    Popcnt = 1u << 4,
    Cmpxchg16b = 1u << 5,
    LahfSahf = 1u << 6,
    Avx = 1u << 7,  // with the system saving the AVX registers (OSXSAVE, XCR0)
    Avx2 = 1u << 8,
    Bmi1 = 1u << 9,
    Bmi2 = 1u << 10,
    Fma = 1u << 11,
    F16c = 1u << 12,
    Lzcnt = 1u << 13,
    Movbe = 1u << 14,
    Xsave = 1u << 15,  // OSXSAVE: the system uses XSAVE
    Avx512f = 1u << 16,
    Avx512bw = 1u << 17,
    Avx512cd = 1u << 18,
    Avx512dq = 1u << 19,
    Avx512vl = 1u << 20,
};
constexpr int cpu_feature_count = 21;

constexpr CpuFeatures x86_64_v2 = Sse3 | Ssse3 | Sse41 | Sse42 | Popcnt | Cmpxchg16b | LahfSahf;
constexpr CpuFeatures x86_64_v3 = x86_64_v2 | Avx | Avx2 | Bmi1 | Bmi2 | Fma | F16c | Lzcnt | Movbe | Xsave;
constexpr CpuFeatures x86_64_v4 = x86_64_v3 | Avx512f | Avx512bw | Avx512cd | Avx512dq | Avx512vl;

// "AVX2"; "?" for anything that is not one feature.
const char* cpu_feature_name(CpuFeatures feature);
// The features a level requires: "x86-64-v3" -> x86_64_v3; false for a name that is not a level
// (native is not: it is whatever the building machine had).
bool level_features(const char* level, CpuFeatures& features);

// This build: the level it was made for (KROON_ARCH) and the features its compiler was allowed
// to use (read from the compiler's predefined macros, so that `native` is covered too).
const char* build_level();
CpuFeatures build_features();
// This CPU's features, read with cpuid (and xgetbv for the registers the system saves).
CpuFeatures cpu_features();

// The refusal for a CPU reporting `present` where a build for `level` needs `required`: writes
// a message into `out` (cut to `size`) and returns true, or returns false when nothing is
// missing. A pure function, so that a CPU without a feature can be tested on any machine.
bool refuse_cpu(const char* level, CpuFeatures required, CpuFeatures present, char* out, std::size_t size);

}  // namespace kroon::platform
