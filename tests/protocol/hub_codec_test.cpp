// The pure parts of the Hub front end: line codec, position strings, level, parameters and
// the info/done lines, checked against the exact text clients parse (docs/protocols.md, Hub).
#include <gtest/gtest.h>

#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "protocol/hub/level_command.hpp"
#include "protocol/hub/line_codec.hpp"
#include "protocol/hub/parameters.hpp"
#include "protocol/hub/position_text.hpp"
#include "protocol/hub/report_lines.hpp"

namespace kroon::hub {
namespace {

constexpr const char* start10 = "Wbbbbbbbbbbbbbbbbbbbbeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

Command line(std::string_view text) {
    auto parsed = parse_line(text);
    EXPECT_TRUE(parsed.ok()) << parsed.error();
    return parsed.ok() ? *parsed : Command{};
}

Move move(Variant v, const Position& pos, std::string_view text) {
    auto m = rulebook(v).parse_move(pos, text, MoveSyntax::Hub);
    EXPECT_TRUE(m.ok()) << text << ": " << m.error();
    return m.ok() ? *m : Move{};
}

// --- line codec ---

TEST(HubLine, SplitsCommandPairsAndFlags) {
    const Command c = line("pos  pos=Wbe   moves=\"32-28 19-23\" start\r");
    EXPECT_EQ(c.name, "pos");
    ASSERT_EQ(c.items.size(), 3u);
    EXPECT_EQ(c.items[0].name, "pos");
    EXPECT_EQ(c.items[0].value, "Wbe");
    EXPECT_EQ(c.items[1].value, "32-28 19-23");
    EXPECT_TRUE(c.items[2].is_flag);
    EXPECT_EQ(c.value("start"), "");
    EXPECT_FALSE(c.has("level"));
}

TEST(HubLine, EmptyQuotedValueAndBlankLine) {
    const Command c = line("set-param name=x value=\"\"");
    EXPECT_EQ(c.value("value"), "");
    EXPECT_EQ(line("   ").name, "");
    EXPECT_EQ(line("").items.size(), 0u);
}

TEST(HubLine, UnterminatedQuoteIsAnError) { EXPECT_FALSE(parse_line("pos moves=\"32-28 19-23").ok()); }

TEST(HubLine, QuotesOnlyWhenNeeded) {
    EXPECT_EQ(LineBuilder("info").add("pv", "31-27").str(), "info pv=31-27");
    EXPECT_EQ(LineBuilder("info").add("pv", "31-27 17-21").str(), "info pv=\"31-27 17-21\"");
    EXPECT_EQ(LineBuilder("x").add("a", "").add("b", "p=q").add("c", "say \"hi\"").str(),
              "x a=\"\" b=\"p=q\" c=\"say 'hi'\"");
    EXPECT_TRUE(needs_quotes("a\tb"));
    EXPECT_FALSE(needs_quotes("Wbbe"));
}

TEST(HubLine, ErrorLinesHaveNoEqualsSign) {
    EXPECT_EQ(error_line("bad command"), "error message=\"bad command\"");
    EXPECT_EQ(error_line("bad level depth=x"), "error message=\"bad level depth:x\"");
}

TEST(HubLine, ErrorLinesCarryPrintableAsciiOnly) {
    // Found by fuzzing: an error quoting a bad line echoed its NUL and escape bytes.
    using namespace std::string_view_literals;
    EXPECT_EQ(error_line("unknown variant 'a\0b\x1b[2J\xc3\xa9\x7f'"sv),
              "error message=\"unknown variant 'a?b?[2J??"
              "?'\"");
    EXPECT_EQ(error_line("line\r\nbreak\ttab"), "error message=\"line  break?tab\"");
}

TEST(HubLine, RoundTripThroughBuilder) {
    const std::string text = LineBuilder("id").add("name", "Kroon").add("author", "A B").str();
    const Command c = line(text);
    EXPECT_EQ(c.value("name"), "Kroon");
    EXPECT_EQ(c.value("author"), "A B");
}

// --- positions ---

TEST(HubPosition, StartPositionsRoundTrip) {
    const auto pos = parse_position(rulebook(Variant::International), start10);
    ASSERT_TRUE(pos.ok()) << pos.error();
    EXPECT_EQ(*pos, rulebook(Variant::International).start_position());
    EXPECT_EQ(format_position(rulebook(Variant::International), *pos), start10);
    EXPECT_EQ(format_position(rulebook(Variant::Frisian), rulebook(Variant::Frisian).start_position()), start10);
    const std::string start8 = "Bbbbbbbbbbbbbeeeeeeeewwwwwwwwwwww";
    EXPECT_EQ(format_position(rulebook(Variant::English), rulebook(Variant::English).start_position()), start8);
    const auto english = parse_position(rulebook(Variant::English), start8);
    ASSERT_TRUE(english.ok()) << english.error();
    EXPECT_EQ(*english, rulebook(Variant::English).start_position());
}

TEST(HubPosition, OtherBoards) {
    // Frysk! starts with five men each on the back rows; Russian on 8x8, white first.
    EXPECT_EQ(format_position(rulebook(Variant::Frysk), rulebook(Variant::Frysk).start_position()),
              "Wbbbbb" + std::string(40, 'e') + "wwwww");
    EXPECT_EQ(format_position(rulebook(Variant::Russian), rulebook(Variant::Russian).start_position()),
              "W" + std::string(12, 'b') + std::string(8, 'e') + std::string(12, 'w'));
    for (Variant v : {Variant::Frysk, Variant::Russian, Variant::Italian, Variant::Thai}) {
        const auto back = parse_position(rulebook(v), format_position(rulebook(v), rulebook(v).start_position()));
        ASSERT_TRUE(back.ok()) << back.error();
        EXPECT_EQ(*back, rulebook(v).start_position());
    }
}

TEST(HubPosition, KingsAndSideToMove) {
    // Scan's transcript: a white man on 32 that must take 27 and 17, black to move elsewhere.
    const std::string text = "Beeeeeeeeeeeeeeeebeeeeeeeeebeeeeweeeeeeeeeeeeeeeeee";
    const auto pos = parse_position(rulebook(Variant::International), text);
    ASSERT_TRUE(pos.ok()) << pos.error();
    EXPECT_EQ(pos->side_to_move(), Color::Black);
    EXPECT_EQ(format_position(rulebook(Variant::International), *pos), text);
    const auto kings = rulebook(Variant::International).parse_fen("W:WK46,33:BK5,18");
    ASSERT_TRUE(kings.ok());
    const std::string king_text = format_position(rulebook(Variant::International), *kings);
    EXPECT_EQ(king_text[5], 'B');
    EXPECT_EQ(king_text[46], 'W');
    EXPECT_EQ(*parse_position(rulebook(Variant::International), king_text), *kings);
}

TEST(HubPosition, RejectsMalformedStrings) {
    const std::string good = start10;
    EXPECT_FALSE(parse_position(rulebook(Variant::International), "").ok());
    EXPECT_FALSE(parse_position(rulebook(Variant::International), good.substr(0, 50)).ok());
    EXPECT_FALSE(parse_position(rulebook(Variant::International), good + "e").ok());
    EXPECT_FALSE(parse_position(rulebook(Variant::International), "X" + good.substr(1)).ok());
    EXPECT_FALSE(parse_position(rulebook(Variant::International), "w" + good.substr(1)).ok());
    std::string bad_char = good;
    bad_char[30] = 'z';
    EXPECT_FALSE(parse_position(rulebook(Variant::International), bad_char).ok());
    std::string crowned = good;
    crowned[1] = 'w';  // a white man on square 1 would have been crowned
    EXPECT_FALSE(parse_position(rulebook(Variant::International), crowned).ok());
    EXPECT_FALSE(parse_position(rulebook(Variant::English), good).ok());  // 51 characters on 8x8
}

// --- level ---

search::Limits level(std::string_view text, search::Limits base = {}) {
    const auto result = apply_level(base, line(text));
    EXPECT_TRUE(result.ok()) << text << ": " << result.error();
    return result.ok() ? *result : base;
}

TEST(HubLevel, EachForm) {
    EXPECT_EQ(level("level depth=12").depth, 12);
    EXPECT_EQ(level("level nodes=1000").nodes, 1000u);
    EXPECT_DOUBLE_EQ(level("level move-time=0.3").move_time, 0.3);
    EXPECT_TRUE(level("level infinite").infinite);
    const auto sudden = level("level time=291.587");
    EXPECT_DOUBLE_EQ(sudden.time_left, 291.587);
    EXPECT_EQ(sudden.moves_to_go, 0);
    EXPECT_DOUBLE_EQ(sudden.increment, 0);
    const auto x_in_y = level("level moves=40 time=600");
    EXPECT_EQ(x_in_y.moves_to_go, 40);
    EXPECT_DOUBLE_EQ(x_in_y.time_left, 600);
    // The Hub's time is before this move's increment is added: the clock holds time + inc.
    const auto fischer = level("level time=4 inc=1");
    EXPECT_DOUBLE_EQ(fischer.time_left, 5);
    EXPECT_DOUBLE_EQ(fischer.increment, 1);
    const auto all = level("level moves=10 time=30 inc=0.5");
    EXPECT_EQ(all.moves_to_go, 10);
    EXPECT_DOUBLE_EQ(all.increment, 0.5);
    const search::Limits none = level("level");
    EXPECT_EQ(none.depth, 0);
    EXPECT_LT(none.time_left, 0);
}

TEST(HubLevel, LinesAddUp) {
    const auto both = level("level move-time=2", level("level depth=12"));
    EXPECT_EQ(both.depth, 12);
    EXPECT_DOUBLE_EQ(both.move_time, 2);
}

TEST(HubLevel, NegativeTimeFromPydraughtsKeepsTimePlusIncrement) {
    // pydraughts sends time = remaining - inc: 0.4 s left with a 1 s increment.
    const auto l = level("level time=-0.6 inc=1");
    EXPECT_DOUBLE_EQ(l.time_left, 0.4);
    EXPECT_DOUBLE_EQ(l.increment, 1);
}

TEST(HubLevel, AnIncrementAloneKeepsTheEarlierTime) {
    const auto l = level("level inc=2", level("level time=4 inc=1"));
    EXPECT_DOUBLE_EQ(l.time_left, 6);
    EXPECT_DOUBLE_EQ(l.increment, 2);
}

TEST(HubLevel, ValuesAtTheLimitsAreAccepted) {
    EXPECT_EQ(level("level depth=120").depth, 120);
    EXPECT_EQ(level("level nodes=1099511627776").nodes, 1099511627776u);
    EXPECT_EQ(level("level moves=1000").moves_to_go, 1000);
    EXPECT_DOUBLE_EQ(level("level move-time=86400").move_time, 86400);
    EXPECT_DOUBLE_EQ(level("level time=604800 inc=86400").time_left, 604800 + 86400);
}

TEST(HubLevel, ZeroMoveTimeMeansAsFastAsPossible) { EXPECT_GT(level("level move-time=0").move_time, 0); }

TEST(HubLevel, IgnoresUnknownItems) {
    const auto l = level("level handicap=3 ply=2 depth=5");
    EXPECT_EQ(l.depth, 5);
}

TEST(HubLevel, MalformedValuesChangeNothing) {
    for (const char* bad : {"level depth=x", "level depth=0", "level depth=-3", "level nodes=1e5",
                            "level nodes=", "level move-time=abc", "level move-time=-1", "level time=nan",
                            "level time=1s", "level inc=-1", "level moves=-2", "level depth=5 time=zz",
                            // beyond the limits of docs/protocols.md, Hub 6
                            "level depth=121", "level depth=99999999999", "level nodes=1099511627777",
                            "level moves=1001", "level move-time=1e7", "level move-time=86401", "level time=1e300",
                            "level time=604801", "level inc=86401", "level time=-5 inc=1", "level time=-0.5"}) {
        const auto result = apply_level(search::Limits{}, line(bad));
        EXPECT_FALSE(result.ok()) << bad;
    }
}

// --- output lines ---

TEST(HubOutput, InfoLineLikeScan) {
    const Position start = rulebook(Variant::International).start_position();
    search::Iteration it;
    it.depth = 1;
    it.nodes = 5;
    it.pv = {move(Variant::International, start, "31-27")};
    EXPECT_EQ(info_line(rulebook(Variant::International), start, it), "info depth=1 score=0.00 nodes=5 pv=31-27");
    it.depth = 16;
    it.score = -37;
    it.nodes = 1567170;
    it.seconds = 0.236;
    it.pv.push_back(move(Variant::International, start.after<International>(it.pv[0]), "17-21"));
    EXPECT_EQ(info_line(rulebook(Variant::International), start, it),
              "info depth=16 score=-0.37 nodes=1567170 time=0.236 nps=6.6 pv=\"31-27 17-21\"");
    it.hashfull = 412;
    EXPECT_EQ(info_line(rulebook(Variant::International), start, it),
              "info depth=16 score=-0.37 nodes=1567170 time=0.236 nps=6.6 hashfull=412 pv=\"31-27 17-21\"");
}

// Multi-PV: a line each with multipv=K after depth, the best (multipv=1) written last, so a
// client showing the latest info shows the best line.
TEST(HubOutput, MultiPvInfoLinesEndWithTheBest) {
    const Variant v = Variant::International;
    const Position start = rulebook(v).start_position();
    search::Iteration it;
    it.depth = 6;
    it.nodes = 12217;
    it.seconds = 0.02;
    it.lines = {{2, {move(v, start, "34-30"), move(v, start.after<International>(move(v, start, "34-30")), "20-25")}},
                {1, {move(v, start, "31-27")}},
                {-3, {move(v, start, "31-26")}}};
    it.score = it.lines[0].score;
    it.pv = it.lines[0].pv;
    const std::vector<std::string> expected{
        "info depth=6 multipv=3 score=-0.03 nodes=12217 time=0.020 nps=0.6 pv=31-26",
        "info depth=6 multipv=2 score=0.01 nodes=12217 time=0.020 nps=0.6 pv=31-27",
        "info depth=6 multipv=1 score=0.02 nodes=12217 time=0.020 nps=0.6 pv=\"34-30 20-25\"",
    };
    EXPECT_EQ(info_lines(rulebook(v), start, it), expected);
    // One line (a single legal move) still says which it is.
    it.lines.resize(1);
    EXPECT_EQ(info_lines(rulebook(v), start, it), std::vector<std::string>{expected.back()});
    // Without multi-PV the line is Scan's.
    EXPECT_EQ(info_line(rulebook(v), start, it),
              "info depth=6 score=0.02 nodes=12217 time=0.020 nps=0.6 pv=\"34-30 20-25\"");
}

TEST(HubOutput, InfoLeavesOutZeroFieldsAndIllegalPvTail) {
    const Position start = rulebook(Variant::International).start_position();
    search::Iteration it;
    it.seconds = 0.0004;
    it.pv = {move(Variant::International, start, "32-28"), move(Variant::International, start, "33-29")};
    EXPECT_EQ(info_line(rulebook(Variant::International), start, it), "info score=0.00 pv=32-28");
}

TEST(HubOutput, CapturesCarryTheFullAscendingCaptureList) {
    const Variant v = Variant::International;
    const auto pos = parse_position(rulebook(v), "Weeeeeeeeeeeeeeeebeeeeeeeeebeeeeweeeeeeeeeeeeeeeeee");
    ASSERT_TRUE(pos.ok());
    search::Outcome out;
    out.best = move(v, *pos, "32x12x27x17");  // any capture order on input
    EXPECT_EQ(done_line(rulebook(v), *pos, out), "done move=32x12x17x27");
}

TEST(HubOutput, DoneWithPonderAndBareDone) {
    const Variant v = Variant::International;
    auto pos = parse_position(rulebook(v), start10);
    ASSERT_TRUE(pos.ok());
    Position p = *pos;
    p.play<International>(move(v, p, "32-28"));
    p.play<International>(move(v, p, "19-23"));
    search::Outcome out;
    out.best = move(v, p, "28x19x23");
    out.ponder = move(v, p.after<International>(*out.best), "14x23x19");
    EXPECT_EQ(done_line(rulebook(v), p, out), "done move=28x19x23 ponder=14x23x19");
    out.ponder.reset();
    EXPECT_EQ(done_line(rulebook(v), p, out), "done move=28x19x23");
    const auto empty = parse_position(rulebook(v), "W" + std::string(50, 'e'));
    ASSERT_TRUE(empty.ok());
    EXPECT_EQ(done_line(rulebook(v), *empty, search::Outcome{}), "done");
}

TEST(HubOutput, DoneNeverSendsAnIllegalMove) {
    const Variant v = Variant::International;
    const Position start = rulebook(v).start_position();
    search::Outcome out;
    out.best = move(v, start, "32-28");
    out.best->from = out.best->to;  // corrupt: not a legal move
    const std::string line_text = done_line(rulebook(v), start, out);
    ASSERT_EQ(line_text.rfind("done move=", 0), 0u);
    EXPECT_TRUE(rulebook(v).parse_move(start, line_text.substr(10), MoveSyntax::Hub).ok()) << line_text;
}

// --- parameters ---

// What set-param asks, applied to option values as an engine would (the engine's own checks
// are play's tests).
Result<std::optional<OptionRequest>> set_on(play::OptionValues& values, const std::string& text) {
    auto request = read_set_param(line(text));
    if (request && *request) values.set((*request)->option, (*request)->value);
    return request;
}

TEST(HubParams, DeclaredLikeScan) {
    const auto lines = param_lines(play::OptionValues{});
    ASSERT_EQ(lines.size(), 12u);
    EXPECT_EQ(lines[0],
              "param name=variant value=normal type=enum values=\"normal killer bt frisian losing english brazilian "
              "russian pool czech spanish italian thai norwegian finnish frysk\"");
    EXPECT_EQ(lines[1], "param name=ponder value=false type=bool");
    EXPECT_EQ(lines[2], "param name=threads value=1 type=int min=1 max=64");
    EXPECT_EQ(lines[3], "param name=tt-size value=22 type=int min=16 max=30");
    EXPECT_EQ(lines[4], "param name=log value=false type=bool");
    EXPECT_EQ(lines[5], "param name=eval value=learned type=enum values=\"learned hand\"");
    EXPECT_EQ(lines[6], "param name=eval-file value=\"\" type=string");
    EXPECT_EQ(lines[7], "param name=egdb-path value=\"\" type=string");
    EXPECT_EQ(lines[8], "param name=book value=true type=string");  // Scan's name; a file too
    EXPECT_EQ(lines[9], "param name=book-margin value=0 type=int min=0 max=1000");
    EXPECT_EQ(lines[10], "param name=multipv value=1 type=int min=1 max=100");    // Kroon's own
    EXPECT_EQ(lines[11], "param name=elo value=2400 type=int min=725 max=2400");  // full strength at the top
    EXPECT_EQ(play::OptionValues{}.integer("hash"), 64);
}

TEST(HubParams, EvalByKroonsAndDraughtsnetsNames) {
    play::OptionValues p;
    EXPECT_EQ((*set_on(p, "set-param name=eval value=hand"))->option, "eval");
    EXPECT_EQ(p.text("eval"), "hand");
    EXPECT_TRUE(set_on(p, "set-param name=eval value=pattern").ok());  // draughtsnet
    EXPECT_EQ(p.text("eval"), "learned");
    EXPECT_TRUE(set_on(p, "set-param name=eval value=pst").ok());
    EXPECT_EQ(p.text("eval"), "hand");
    EXPECT_FALSE(set_on(p, "set-param name=eval value=neural").ok());
    EXPECT_EQ(p.text("eval"), "hand");
    EXPECT_EQ((*set_on(p, "set-param name=eval-file value=/tmp/w.kw"))->option, "eval-file");
    EXPECT_EQ(p.text("eval-file"), "/tmp/w.kw");
}

TEST(HubParams, SetParam) {
    play::OptionValues p;
    EXPECT_EQ((*set_on(p, "set-param name=variant value=frisian"))->option, "variant");
    EXPECT_EQ(p.text("variant"), "frisian");
    EXPECT_TRUE(set_on(p, "set-param name=variant value=english").ok());
    EXPECT_EQ(p.text("variant"), "english");
    EXPECT_TRUE(set_on(p, "set-param name=variant value=normal").ok());
    EXPECT_EQ(p.text("variant"), "international");
    EXPECT_EQ((*set_on(p, "set-param name=threads value=4"))->option, "threads");
    EXPECT_EQ(p.integer("threads"), 4);
    EXPECT_TRUE(set_on(p, "set-param name=threads value=999").ok());  // clamped, as Scan
    EXPECT_EQ(p.integer("threads"), 64);
    EXPECT_EQ((*set_on(p, "set-param name=tt-size value=24"))->option, "hash");
    EXPECT_EQ(p.integer("hash"), 256);
    EXPECT_TRUE(set_on(p, "set-param name=tt-size value=99").ok());
    EXPECT_EQ(p.integer("hash"), 1 << 14);  // tt-size 30
    EXPECT_TRUE(set_on(p, "set-param name=ponder value=true").ok());
    EXPECT_TRUE(p.boolean("ponder"));
    EXPECT_TRUE(set_on(p, "set-param name=log value=true").ok());
    EXPECT_TRUE(p.boolean("log"));
    EXPECT_EQ((*set_on(p, "set-param name=book value=false"))->option, "book");  // Scan's name and meaning
    EXPECT_EQ(p.text("book"), "false");
    EXPECT_EQ((*set_on(p, "set-param name=book-margin value=4"))->option, "book-margin");
    EXPECT_EQ(p.integer("book-margin"), 4);
    EXPECT_EQ((*set_on(p, "set-param name=multipv value=3"))->option, "multipv");
    EXPECT_EQ(p.integer("multipv"), 3);
    EXPECT_EQ(*set_on(p, "set-param name=bb-size value=4"), std::nullopt);
    EXPECT_EQ(*set_on(p, "set-param name=hash value=4"), std::nullopt);  // not a Hub name
    EXPECT_EQ((*set_on(p, "set-param name=egdb-path value="))->value, "none");
    EXPECT_EQ(param_lines(p)[0],
              "param name=variant value=normal type=enum values=\"normal killer bt frisian losing english brazilian "
              "russian pool czech spanish italian thai norwegian finnish frysk\"");
    EXPECT_EQ(param_lines(p)[2], "param name=threads value=64 type=int min=1 max=64");
    EXPECT_EQ(param_lines(p)[3], "param name=tt-size value=30 type=int min=16 max=30");
    EXPECT_EQ(param_lines(p)[7], "param name=egdb-path value=\"\" type=string");
}

// An ignored name is logged (never on stdout) unless it is one of Scan's own that Kroon has
// no use for; the engine's name of an option points to its Hub name.
TEST(HubParams, IgnoredNamesGetAWarning) {
    EXPECT_EQ(ignored_parameter_warning("bb-size"), std::nullopt);
    EXPECT_EQ(ignored_parameter_warning("book-ply"), std::nullopt);
    EXPECT_EQ(ignored_parameter_warning("hash"),
              "set-param name=hash ignored: the Hub name of this option is tt-size (log2 of the number of 16-byte "
              "entries: 22 is 64 MiB)");
    EXPECT_EQ(ignored_parameter_warning("egdb"),
              "set-param name=egdb ignored: the Hub name of this option is egdb-path");
    EXPECT_EQ(ignored_parameter_warning("hashsize"),
              "set-param name=hashsize ignored: not a parameter of Kroon's (they are variant, ponder, threads, "
              "tt-size, log, eval, eval-file, egdb-path, book, book-margin, multipv, elo)");
}

TEST(HubParams, ScanAndLidraughtsVariantNames) {
    const std::pair<const char*, Variant> names[] = {
        {"normal", Variant::International},
        {"standard", Variant::International},
        {"fromPosition", Variant::International},
        {"FROMPOSITION", Variant::International},
        {"killer", Variant::Killer},
        {"bt", Variant::Breakthrough},
        {"breakthrough", Variant::Breakthrough},
        {"losing", Variant::Antidraughts},
        {"antidraughts", Variant::Antidraughts},
        {"frisian", Variant::Frisian},
        {"frysk", Variant::Frysk},
        {"russian", Variant::Russian},
        {"brazilian", Variant::Brazilian},
        {"english", Variant::English},
    };
    for (const auto& [name, variant] : names) {
        play::OptionValues p;
        const auto change = set_on(p, std::string("set-param name=variant value=") + name);
        ASSERT_TRUE(change.ok()) << name;
        EXPECT_EQ(*parse_variant(p.text("variant")), variant) << name;
    }
    EXPECT_EQ(hub_variant_name(Variant::Breakthrough), "bt");
    EXPECT_EQ(hub_variant_name(Variant::Antidraughts), "losing");
    EXPECT_EQ(hub_variant_name(Variant::Russian), "russian");
}

TEST(HubParams, BadSetParam) {
    play::OptionValues p;
    EXPECT_EQ(set_on(p, "set-param value=3").error(), "missing name");
    EXPECT_EQ(set_on(p, "set-param name=variant value=chess").error(), "unknown variant 'chess'");
    EXPECT_FALSE(set_on(p, "set-param name=variant").ok());
    EXPECT_EQ(set_on(p, "set-param name=threads value=many").error(), "threads: 'many' is not an integer");
    EXPECT_FALSE(set_on(p, "set-param name=ponder value=maybe").ok());
    // Not one of Scan's: refused out of range, not clamped.
    EXPECT_EQ(set_on(p, "set-param name=multipv value=0").error(), "multipv: '0' is not from 1 to 100");
    EXPECT_EQ(set_on(p, "set-param name=multipv value=-1").error(), "multipv: '-1' is not from 1 to 100");
    EXPECT_EQ(set_on(p, "set-param name=multipv value=1000").error(), "multipv: '1000' is not from 1 to 100");
    EXPECT_EQ(set_on(p, "set-param name=multipv value=abc").error(), "multipv: 'abc' is not an integer");
    EXPECT_EQ(set_on(p, "set-param name=multipv").error(), "multipv: '' is not an integer");
    EXPECT_EQ(p.integer("multipv"), 1);
    EXPECT_EQ(p.text("variant"), "international");
    EXPECT_EQ(p.integer("threads"), 1);
    EXPECT_FALSE(p.boolean("ponder"));
}

}  // namespace
}  // namespace kroon::hub
