// The options table: every face's options are read from it, so its checks are everyone's.
#include <gtest/gtest.h>

#include "eval/evaluate.hpp"
#include "play/options.hpp"
#include "play/thinker.hpp"

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

// Each row carries its effect: setting an option through the table changes the thinker, with
// no list of names elsewhere to keep in step.
TEST(Options, EachRowsEffectReachesTheThinker) {
    Thinker thinker;
    ASSERT_TRUE(thinker.set_option("hash", "2").ok());
    EXPECT_EQ(thinker.hash_mib(), 2);
    ASSERT_TRUE(thinker.set_option("tt-size", "4").ok());  // the row found by its Hub name
    EXPECT_EQ(thinker.hash_mib(), 4);
    ASSERT_TRUE(thinker.set_option("eval", "hand").ok());
    EXPECT_EQ(thinker.evaluation().kind, eval::EvalKind::Hand);
    ASSERT_TRUE(thinker.set_option("variant", "normal").ok());  // Scan's name
    ASSERT_TRUE(thinker.set_option("variant", "frisian").ok());
    EXPECT_EQ(thinker.game().variant(), Variant::Frisian);
    ASSERT_TRUE(thinker.set_option("book", "none").ok());
    EXPECT_EQ(thinker.options().text("book"), "false");
    EXPECT_EQ(thinker.book(), nullptr);
    ASSERT_TRUE(thinker.set_option("elo", std::to_string(find_option("elo")->low)).ok());
    EXPECT_FALSE(thinker.strength().full());
    // An effect that fails (no such file) leaves the option as it was.
    EXPECT_FALSE(thinker.set_option("eval-file", "/no/such/weights.bin").ok());
    EXPECT_EQ(thinker.options().text("eval-file"), "");
    for (const OptionSpec& spec : option_table()) {
        if (!spec.effect) {
            EXPECT_TRUE(spec.name == "ponder" || spec.name == "log" || spec.name == "book-margin" ||
                        spec.name == "multipv")
                << spec.name << ": read where it is used";
        }
    }
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
