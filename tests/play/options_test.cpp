// The options table: every face's options are read from it, so its checks are everyone's.
#include <gtest/gtest.h>

#include "play/options.hpp"

namespace kroon::play {
namespace {

TEST(Options, TableHoldsEveryOptionOnce) {
    std::vector<std::string_view> names;
    for (const OptionSpec& spec : option_table()) {
        EXPECT_EQ(std::count(names.begin(), names.end(), spec.name), 0) << spec.name;
        names.push_back(spec.name);
        EXPECT_FALSE(spec.help.empty()) << spec.name;
        // The default must be a value the option accepts.
        const auto fallback = read_option_value(spec, spec.fallback);
        ASSERT_TRUE(fallback.ok()) << spec.name << ": " << fallback.error();
        EXPECT_EQ(*fallback, spec.fallback) << spec.name;
    }
    for (const std::string_view name : {"variant", "threads", "hash", "eval", "eval-file", "egdb", "ponder", "multipv"})
        EXPECT_NE(find_option(name), nullptr) << name;
    EXPECT_EQ(find_option("tt-size"), find_option("hash"));  // by its Hub name too
    EXPECT_EQ(find_option("egdb-path"), find_option("egdb"));
    EXPECT_EQ(find_option("nonsense"), nullptr);
}

TEST(Options, ValuesAreCheckedByType) {
    const OptionSpec& threads = *find_option("threads");
    EXPECT_EQ(*read_option_value(threads, "4"), "4");
    EXPECT_EQ(read_option_value(threads, "0").error(), "'0' is not from 1 to 64");
    EXPECT_EQ(read_option_value(threads, "x").error(), "'x' is not an integer");
    EXPECT_FALSE(read_option_value(threads, "").ok());
    EXPECT_FALSE(read_option_value(threads, "3.5").ok());

    const OptionSpec& ponder = *find_option("ponder");
    EXPECT_EQ(*read_option_value(ponder, "on"), "true");
    EXPECT_EQ(*read_option_value(ponder, "0"), "false");
    EXPECT_FALSE(read_option_value(ponder, "maybe").ok());

    const OptionSpec& eval = *find_option("eval");
    EXPECT_EQ(*read_option_value(eval, "pst"), "hand");  // lidraughts' names
    EXPECT_EQ(*read_option_value(eval, "pattern"), "learned");
    EXPECT_FALSE(read_option_value(eval, "neural").ok());

    const OptionSpec& variant = *find_option("variant");
    EXPECT_EQ(*read_option_value(variant, "normal"), "international");
    EXPECT_EQ(*read_option_value(variant, "Frisian"), "frisian");
    EXPECT_FALSE(read_option_value(variant, "chess").ok());
}

TEST(Options, ValuesStartAtTheDefaultsAndRefuseBadOnes) {
    OptionValues values;
    EXPECT_EQ(values.integer("threads"), 1);
    EXPECT_EQ(values.integer("hash"), 64);
    EXPECT_FALSE(values.boolean("ponder"));
    EXPECT_EQ(values.text("variant"), "international");
    EXPECT_TRUE(values.set("threads", "3").ok());
    EXPECT_EQ(values.integer("threads"), 3);
    EXPECT_FALSE(values.set("threads", "100").ok());
    EXPECT_EQ(values.integer("threads"), 3);
    EXPECT_FALSE(values.set("colour", "red").ok());
    EXPECT_TRUE(values.set("tt-size", "128").ok());  // the Hub's name, the table's unit
    EXPECT_EQ(values.integer("hash"), 128);
    EXPECT_EQ(option_range_text(*find_option("threads")), "1 to 64, default 1");
}

}  // namespace
}  // namespace kroon::play
