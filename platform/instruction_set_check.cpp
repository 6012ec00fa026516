// The start-up check of the instruction-set level, and everything it calls. CMake compiles
// this file for plain x86-64 whatever the build's level (platform/CMakeLists.txt), so it runs
// on any 64-bit x86 CPU; it uses C calls and fixed buffers only (instruction_set.hpp).
#include <cpuid.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "platform/instruction_set.hpp"

#ifndef KROON_ARCH_NAME
#error "KROON_ARCH_NAME names the build's instruction-set level (platform/CMakeLists.txt)"
#endif

namespace kroon::platform {

extern const CpuFeatures kroon_build_features;  // build_features.cpp

namespace {

struct Named {
    CpuFeatures feature;
    const char* name;
};
constexpr Named feature_names[cpu_feature_count] = {
    {Sse3, "SSE3"},         {Ssse3, "SSSE3"},       {Sse41, "SSE4.1"},       {Sse42, "SSE4.2"},
    {Popcnt, "POPCNT"},     {Cmpxchg16b, "CX16"},   {LahfSahf, "LAHF-SAHF"}, {Avx, "AVX"},
    {Avx2, "AVX2"},         {Bmi1, "BMI1"},         {Bmi2, "BMI2"},          {Fma, "FMA"},
    {F16c, "F16C"},         {Lzcnt, "LZCNT"},       {Movbe, "MOVBE"},        {Xsave, "OSXSAVE"},
    {Avx512f, "AVX512F"},   {Avx512bw, "AVX512BW"}, {Avx512cd, "AVX512CD"},  {Avx512dq, "AVX512DQ"},
    {Avx512vl, "AVX512VL"},
};

struct Level {
    const char* name;
    CpuFeatures features;
};
// Highest first: the refusal names the highest level the CPU has.
constexpr Level levels[] = {
    {"x86-64-v4", x86_64_v4}, {"x86-64-v3", x86_64_v3}, {"x86-64-v2", x86_64_v2}, {"x86-64", 0}};

// Appends `text` to the string in out[0..size), always leaving it terminated.
void append(char* out, std::size_t size, const char* text) {
    std::size_t at = std::strlen(out);
    while (*text != '\0' && at + 1 < size) out[at++] = *text++;
    out[at] = '\0';
}

bool bit(unsigned word, int n) { return ((word >> n) & 1u) != 0; }

unsigned long long system_saved_state() {
    unsigned eax = 0, edx = 0;
    __asm__ volatile("xgetbv" : "=a"(eax), "=d"(edx) : "c"(0));
    return (static_cast<unsigned long long>(edx) << 32) | eax;
}

// Runs before every other constructor of the program (priority 101 is the first one a program
// may use), so before any code compiled for the build's level.
__attribute__((constructor(101))) void refuse_a_cpu_without_the_build_level() {
    char message[640] = "";
    if (!refuse_cpu(build_level(), build_features(), cpu_features(), message, sizeof message)) return;
    std::fputs(message, stderr);
    std::fflush(stderr);
    std::_Exit(1);
}

}  // namespace

const char* cpu_feature_name(CpuFeatures feature) {
    for (const Named& named : feature_names)
        if (named.feature == feature) return named.name;
    return "?";
}

bool level_features(const char* level, CpuFeatures& features) {
    for (const Level& known : levels) {
        if (std::strcmp(known.name, level) == 0) {
            features = known.features;
            return true;
        }
    }
    return false;
}

const char* build_level() { return KROON_ARCH_NAME; }

CpuFeatures build_features() { return kroon_build_features; }

CpuFeatures cpu_features() {
    unsigned a = 0, b = 0, c = 0, d = 0;
    CpuFeatures found = 0;
    const unsigned highest = __get_cpuid_max(0, nullptr);
    if (highest < 1) return found;
    __cpuid(1, a, b, c, d);
    if (bit(c, 0)) found |= Sse3;
    if (bit(c, 9)) found |= Ssse3;
    if (bit(c, 13)) found |= Cmpxchg16b;
    if (bit(c, 19)) found |= Sse41;
    if (bit(c, 20)) found |= Sse42;
    if (bit(c, 22)) found |= Movbe;
    if (bit(c, 23)) found |= Popcnt;
    // AVX and everything on its registers needs the system to save them (XCR0 bits 1 and 2);
    // AVX-512 needs its three more (bits 5 to 7).
    const bool os_saves = bit(c, 27);
    const unsigned long long state = os_saves ? system_saved_state() : 0;
    const bool avx_state = (state & 0x6) == 0x6;
    const bool avx512_state = (state & 0xe6) == 0xe6;
    if (os_saves) found |= Xsave;
    if (avx_state) {
        if (bit(c, 28)) found |= Avx;
        if (bit(c, 12)) found |= Fma;
        if (bit(c, 29)) found |= F16c;
    }
    if (highest >= 7) {
        __cpuid_count(7, 0, a, b, c, d);
        if (bit(b, 3)) found |= Bmi1;
        if (bit(b, 8)) found |= Bmi2;
        if (avx_state && bit(b, 5)) found |= Avx2;
        if (avx512_state) {
            if (bit(b, 16)) found |= Avx512f;
            if (bit(b, 17)) found |= Avx512dq;
            if (bit(b, 28)) found |= Avx512cd;
            if (bit(b, 30)) found |= Avx512bw;
            if (bit(b, 31)) found |= Avx512vl;
        }
    }
    // GCC declares the highest leaf unsigned, clang int: compare it as unsigned on both.
    if (static_cast<unsigned>(__get_cpuid_max(0x80000000u, nullptr)) >= 0x80000001u) {
        __cpuid(0x80000001u, a, b, c, d);
        if (bit(c, 0)) found |= LahfSahf;
        if (bit(c, 5)) found |= Lzcnt;
    }
    return found;
}

bool refuse_cpu(const char* level, CpuFeatures required, CpuFeatures present, char* out, std::size_t size) {
    const CpuFeatures missing = required & ~present;
    if (missing == 0 || size == 0) return false;
    out[0] = '\0';
    append(out, size, "kroon: this program is built for the instruction-set level ");
    append(out, size, level);
    append(out, size, ", and this CPU lacks ");
    bool first = true;
    for (const Named& named : feature_names) {
        if ((missing & named.feature) == 0) continue;
        if (!first) append(out, size, ", ");
        append(out, size, named.name);
        first = false;
    }
    append(out, size, ".\n");
    for (const Level& fitting : levels) {
        if ((fitting.features & ~present) != 0) continue;
        append(out, size, "It runs the build for ");
        append(out, size, fitting.name);
        append(out, size, " (docs/install.md, Which build).\n");
        break;
    }
    return true;
}

}  // namespace kroon::platform
