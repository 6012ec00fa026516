// The features this build's compiler was allowed to use, from its predefined macros. Compiled
// with the build's own flags (unlike instruction_set_check.cpp); it holds a constant only, so
// no code of the chosen level runs before the check.
#include "platform/instruction_set.hpp"

namespace kroon::platform {
namespace {

constexpr CpuFeatures compiled_features = 0
#if defined(__SSE3__)
                                          | Sse3
#endif
#if defined(__SSSE3__)
                                          | Ssse3
#endif
#if defined(__SSE4_1__)
                                          | Sse41
#endif
#if defined(__SSE4_2__)
                                          | Sse42
#endif
#if defined(__POPCNT__)
                                          | Popcnt
#endif
#if defined(__GCC_HAVE_SYNC_COMPARE_AND_SWAP_16)
                                          | Cmpxchg16b
#endif
#if defined(__LAHF_SAHF__)
                                          | LahfSahf
#endif
#if defined(__AVX__)
                                          | Avx
#endif
#if defined(__AVX2__)
                                          | Avx2
#endif
#if defined(__BMI__)
                                          | Bmi1
#endif
#if defined(__BMI2__)
                                          | Bmi2
#endif
#if defined(__FMA__)
                                          | Fma
#endif
#if defined(__F16C__)
                                          | F16c
#endif
#if defined(__LZCNT__)
                                          | Lzcnt
#endif
#if defined(__MOVBE__)
                                          | Movbe
#endif
#if defined(__XSAVE__)
                                          | Xsave
#endif
#if defined(__AVX512F__)
                                          | Avx512f
#endif
#if defined(__AVX512BW__)
                                          | Avx512bw
#endif
#if defined(__AVX512CD__)
                                          | Avx512cd
#endif
#if defined(__AVX512DQ__)
                                          | Avx512dq
#endif
#if defined(__AVX512VL__)
                                          | Avx512vl
#endif
    ;

}  // namespace

// A constant, not a function: reading it runs no code compiled for the level.
extern const CpuFeatures kroon_build_features;
const CpuFeatures kroon_build_features = compiled_features;

}  // namespace kroon::platform
