#include "platform/instruction_set.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <iterator>
#include <string>

namespace kroon::platform {
namespace {

std::string refusal(const char* level, CpuFeatures required, CpuFeatures present) {
    char message[640] = "";
    if (!refuse_cpu(level, required, present, message, sizeof message)) return "";
    return message;
}

TEST(InstructionSet, ACpuWithoutAvx2IsRefusedByAnX8664V3BuildAndToldWhichBuildRuns) {
    // A CPU of the x86-64-v2 level (one from before AVX, say): the x86-64-v3 build needs more.
    const std::string text = refusal("x86-64-v3", x86_64_v3, x86_64_v2);
    EXPECT_NE(text.find("built for the instruction-set level x86-64-v3"), std::string::npos) << text;
    EXPECT_NE(text.find("AVX2"), std::string::npos) << text;
    EXPECT_NE(text.find("BMI2"), std::string::npos) << text;
    EXPECT_EQ(text.find("POPCNT"), std::string::npos) << "the CPU has it: " << text;
    EXPECT_NE(text.find("It runs the build for x86-64-v2"), std::string::npos) << text;
}

TEST(InstructionSet, OneMissingFeatureIsEnough) {
    const CpuFeatures without_bmi2 = x86_64_v3 & ~Bmi2;
    const std::string text = refusal("x86-64-v3", x86_64_v3, without_bmi2);
    EXPECT_NE(text.find("lacks BMI2."), std::string::npos) << text;
    EXPECT_NE(text.find("It runs the build for x86-64-v2"), std::string::npos) << text;
}

TEST(InstructionSet, ACpuWithEverythingTheBuildNeedsIsNotRefused) {
    EXPECT_EQ(refusal("x86-64-v3", x86_64_v3, x86_64_v3), "");
    EXPECT_EQ(refusal("x86-64-v2", x86_64_v2, x86_64_v4), "");
    EXPECT_EQ(refusal("x86-64", 0, 0), "");
}

TEST(InstructionSet, APlainX8664CpuIsPointedToThePlainBuild) {
    const std::string text = refusal("x86-64-v2", x86_64_v2, Sse3);
    EXPECT_NE(text.find("POPCNT"), std::string::npos) << text;
    EXPECT_NE(text.find("It runs the build for x86-64 "), std::string::npos) << text;
}

TEST(InstructionSet, TheMessageIsCutToItsBuffer) {
    char small[24];
    std::fill(std::begin(small), std::end(small), 'x');
    EXPECT_TRUE(refuse_cpu("x86-64-v3", x86_64_v3, 0, small, sizeof small));
    EXPECT_EQ(std::string(small).size(), sizeof small - 1);
}

TEST(InstructionSet, TheLevelsAreThePsAbiLevels) {
    CpuFeatures features = 0;
    ASSERT_TRUE(level_features("x86-64-v3", features));
    EXPECT_EQ(features, x86_64_v3);
    ASSERT_TRUE(level_features("x86-64", features));
    EXPECT_EQ(features, 0u);
    EXPECT_FALSE(level_features("native", features));
    EXPECT_EQ(x86_64_v3 & Avx2, Avx2);
    EXPECT_EQ(x86_64_v2 & Avx2, 0u);
    EXPECT_STREQ(cpu_feature_name(Bmi2), "BMI2");
    EXPECT_STREQ(cpu_feature_name(Bmi2 | Avx2), "?");
}

// The compiler's flags match the level the build names: a fixed level uses exactly its
// features, native at least what this CPU reports (the tests run on the building machine).
TEST(InstructionSet, TheBuildUsesTheFeaturesOfItsLevel) {
    CpuFeatures level = 0;
    if (level_features(build_level(), level)) {
        EXPECT_EQ(build_features(), level) << build_level();
    } else {
        EXPECT_STREQ(build_level(), "native");
    }
    // The cpuid read agrees with the compiler's -march=native, or the program would not have
    // started (the check refuses before main): here checked feature by feature.
    const CpuFeatures present = cpu_features();
    for (int b = 0; b < cpu_feature_count; ++b) {
        const CpuFeatures feature = CpuFeatures{1} << b;
        if (build_features() & feature) {
            EXPECT_TRUE(present & feature) << cpu_feature_name(feature);
        }
    }
}

}  // namespace
}  // namespace kroon::platform
