// The Hub dialogue of a scripted session against a golden transcript
// (tests/protocol/golden/hub_session.out): handshake, parameters, searches in several
// variants, analysis, and errors. Every line that is not a search's report is compared byte
// for byte. A search's report (its `info` lines and the move of its `done`) is what the
// evaluation and the search decide, so it is checked for what the protocol promises instead:
// each `info` in Scan's form with depths that grow, each PV a legal line from the position
// the GUI set, `done` a legal move and its ponder a legal reply. In the transcript it stands
// as one line per search, so that a new evaluation does not re-approve the protocol.
#include <gtest/gtest.h>

#include <algorithm>
#include <sstream>

#include "engine/rulebook/rulebook.hpp"
#include "protocol/hub/line_codec.hpp"
#include "protocol/hub/parameters.hpp"
#include "protocol/hub/position_text.hpp"
#include "tests/protocol/hub_client.hpp"
#include "tests/support/golden_file.hpp"

namespace kroon::test {
namespace {

// The variant and position each `go` searches, as a GUI knows them from what it sent
// (docs/protocols.md, Hub): `set-param name=variant`, and `pos` from the start or `pos=`,
// whose moves stand up to the first that is not legal (a capture may be written by its two
// ends alone); a `pos` with a bad position changes nothing.
struct GuiView {
    Variant variant = Variant::International;
    Position position = rulebook(Variant::International).start_position();

    void sent(const std::string& line) {
        const auto command = hub::parse_line(line);
        if (!command) return;
        if (command->name == "set-param" && command->value("name") == "variant") {
            if (const auto v = hub::parse_hub_variant(command->value("value").value_or(""))) variant = *v;
        } else if (command->name == "pos") {
            const Rulebook& rules = rulebook(variant);
            Position start = rules.start_position();
            if (const auto text = command->value("pos"); text && !command->has("start")) {
                const auto parsed = hub::parse_position(rules, *text);
                if (!parsed) return;
                start = *parsed;
            }
            position = start;
            for (const std::string& word : split(command->value("moves").value_or(""))) {
                auto move = rules.parse_move(position, word, MoveSyntax::Hub);
                // "28x19": a capture by its two ends, taken where no other capture shares them.
                if (!move && std::count(word.begin(), word.end(), 'x') + std::count(word.begin(), word.end(), '-') == 1)
                    move = rules.parse_move(position, word, MoveSyntax::Pdn);
                if (!move) break;
                rules.play(position, *move);
            }
        }
    }

    static std::vector<std::string> split(const std::string& text) {
        std::vector<std::string> words;
        std::istringstream in(text);
        for (std::string word; in >> word;) words.push_back(word);
        return words;
    }
};

// Checks one search's report (its info lines, then the done line) from `pos`; returns the
// lines that stand for it in the transcript.
std::vector<std::string> checked_search(Variant v, const Position& pos, const std::vector<std::string>& infos,
                                        const std::string& done_line) {
    const std::string where = rulebook(v).format_fen(pos);
    int last_depth = 0;
    for (const std::string& info : infos) {
        EXPECT_TRUE(is_scan_info(info)) << info;
        Position at = pos;
        for (const auto& [name, value] : info_items(info)) {
            if (name == "depth") {
                EXPECT_GT(std::stoi(value), last_depth) << info;
                last_depth = std::stoi(value);
            }
            if (name != "pv") continue;
            for (const std::string& word : GuiView::split(value)) {
                Move move;
                if (!is_canonical_hub_move(v, at, word, &move)) {
                    ADD_FAILURE() << word << " is not a legal Hub move in " << rulebook(v).format_fen(at)
                                  << " (the PV of " << info << " from " << where << ")";
                    break;
                }
                rulebook(v).play(at, move);
            }
        }
    }
    const auto done = parse_done(done_line);
    if (!done) {
        ADD_FAILURE() << "malformed done line: " << done_line;
        return {"(search)", done_line};
    }
    MoveList legal;
    rulebook(v).generate_moves(pos, legal);
    if (done->move.empty()) {
        EXPECT_TRUE(legal.empty()) << "a bare done in " << where;
        EXPECT_TRUE(infos.empty()) << "a report without a move in " << where;
        return {done_line};
    }
    Move move;
    EXPECT_FALSE(infos.empty()) << "no info before " << done_line;
    EXPECT_TRUE(is_canonical_hub_move(v, pos, done->move, &move)) << done_line << " in " << where;
    if (!done->ponder.empty()) {
        Position after = pos;
        rulebook(v).play(after, move);
        EXPECT_TRUE(is_canonical_hub_move(v, after, done->ponder)) << done_line << " in " << where;
    }
    return {"(search: info lines in Scan's form, legal PVs)",
            std::string("done move=(legal)") + (done->ponder.empty() ? "" : " ponder=(legal reply)")};
}

TEST(HubGolden, ScriptedSessionMatchesTheTranscript) {
    const auto script = read_lines("tests/protocol/golden/hub_session.in");
    ASSERT_FALSE(script.empty());
    auto engine = start_hub();
    GuiView gui;
    struct Searched {
        Variant variant;
        Position position;
    };
    std::vector<Searched> searches;  // what each `go` searched, in order
    for (const auto& line : script) {
        ASSERT_TRUE(engine->send(line)) << line;
        gui.sent(line);
        // Wait for the answer, so that no search is stopped by the next line.
        const std::string word = first_word(line);
        if (word == "go") searches.push_back({gui.variant, gui.position});
        const char* answer = word == "go" ? "done" : word == "hub" ? "wait" : word == "ping" ? "pong" : nullptr;
        if (answer) {
            ASSERT_TRUE(engine->read_until(answer, 60s)) << line;
        }
    }
    EXPECT_EQ(engine->wait_exit(), 0);
    while (engine->read_line(200ms)) {}

    // Every line as it came, but each search's report as the lines that stand for it.
    std::vector<std::string> lines;
    std::vector<std::string> infos;
    std::size_t search = 0;
    for (const auto& line : engine->transcript()) {
        const std::string word = first_word(line);
        if (word == "info") {
            infos.push_back(line);
        } else if (word == "done") {
            ASSERT_LT(search, searches.size()) << "a done without its go: " << line;
            const auto& [variant, position] = searches[search++];
            for (const auto& stand_in : checked_search(variant, position, infos, line)) lines.push_back(stand_in);
            infos.clear();
        } else {
            EXPECT_TRUE(infos.empty()) << "info lines without their done before " << line;
            lines.push_back(line);
        }
    }
    EXPECT_EQ(search, searches.size()) << "a go without its done";
    expect_golden("tests/protocol/golden/hub_session.out", lines);
}

}  // namespace
}  // namespace kroon::test
