// Golden transcripts: a test's output compared line by line with a file kept in the
// repository. With KROON_UPDATE_GOLDEN=1 in the environment the file is rewritten instead
// (for a deliberate change of behaviour, such as a new evaluation), and the diff is reviewed
// in the commit.
#pragma once

#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace kroon::test {

inline std::vector<std::string> read_lines(const std::string& path) {
    std::ifstream in(path);
    std::vector<std::string> lines;
    for (std::string line; std::getline(in, line);) lines.push_back(line);
    return lines;
}

inline void expect_golden(const std::string& path, const std::vector<std::string>& actual) {
    if (const char* update = std::getenv("KROON_UPDATE_GOLDEN"); update && std::string(update) == "1") {
        std::ofstream out(path);
        for (const auto& line : actual) out << line << "\n";
        ASSERT_TRUE(out.good()) << "cannot write " << path;
        return;
    }
    const auto expected = read_lines(path);
    ASSERT_FALSE(expected.empty()) << path << " is missing: run with KROON_UPDATE_GOLDEN=1 to write it";
    for (size_t i = 0; i < std::max(expected.size(), actual.size()); ++i) {
        const std::string want = i < expected.size() ? expected[i] : "<end>";
        const std::string got = i < actual.size() ? actual[i] : "<end>";
        ASSERT_EQ(got, want) << path << " line " << i + 1;
    }
}

}  // namespace kroon::test
