// Kroon's DXP dialogue against other programs' real messages: sessions recorded with Scan 2.0
// and Moby Dam (tests/protocol/dxp_recordings/*.dxp, one message a line, "<" the other
// program's, ">" Kroon's) are replayed into a Dialogue. The other program's messages go in as
// they came; each Think Kroon asks for is answered with the move it played then, which must
// be legal where it was asked to think; everything Kroon sends must be what it sent then (a
// MOVE by its squares, its clock field aside), nothing more; and the games end as they ended.
#include <gtest/gtest.h>

#include <algorithm>
#include <deque>
#include <fstream>
#include <string>
#include <vector>

#include "engine/movegen/movegen.hpp"
#include "engine/record/pdn.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "protocol/dxp/dialogue.hpp"

namespace kroon::dxp {
namespace {

const Rulebook& international() { return rulebook(Variant::International); }

struct Line {
    char from = '<';  // '<' the other program, '>' Kroon
    std::string text;
};

std::vector<Line> read_recording(const std::string& path) {
    std::ifstream in(path);
    EXPECT_TRUE(in) << "cannot read " << path;
    std::vector<Line> lines;
    for (std::string line; std::getline(in, line);) {
        if (line.empty() || line[0] == '#') continue;
        EXPECT_TRUE(line.size() > 2 && (line[0] == '<' || line[0] == '>') && line[1] == ' ') << line;
        lines.push_back({line[0], line.substr(2)});
    }
    return lines;
}

// The legal move of `pos` a MOVE message names (its squares in international numbering).
std::optional<Move> move_of(const Position& pos, const MoveMessage& m) {
    std::vector<int> captured = m.captured;
    std::sort(captured.begin(), captured.end());
    MoveList legal;
    international().generate_moves(pos, legal);
    for (const Move& move : legal) {
        std::vector<int> squares;
        for (const int b : Bits{move.captured}) squares.push_back(international().square_number(b));
        std::sort(squares.begin(), squares.end());
        if (international().square_number(move.from) == m.from && international().square_number(move.to) == m.to &&
            squares == captured)
            return move;
    }
    return std::nullopt;
}

// The same message: a MOVE by its squares (the captures as a set), anything else to the letter.
bool same_message(const std::string& sent, const std::string& recorded) {
    const auto a = parse_message(sent);
    const auto b = parse_message(recorded);
    if (!a || !b) return sent == recorded;
    const auto* ma = std::get_if<MoveMessage>(&*a);
    const auto* mb = std::get_if<MoveMessage>(&*b);
    if (!ma || !mb) return sent == recorded;
    auto ca = ma->captured, cb = mb->captured;
    std::sort(ca.begin(), ca.end());
    std::sort(cb.begin(), cb.end());
    return ma->from == mb->from && ma->to == mb->to && ca == cb;
}

struct Replayed {
    std::vector<GameRecord> games;
    bool closed = false;
};

Replayed replay(const std::string& path, const DialogueConfig& config) {
    const auto lines = read_recording(path);
    Replayed out;
    EXPECT_FALSE(lines.empty());
    Dialogue kroon(config);
    double now = 0;
    std::deque<std::string> sent;  // what Kroon sent and the recording has not yet shown
    std::optional<Think> thinking;
    const auto take = [&](const Actions& actions) {
        for (const auto& a : actions) {
            if (const auto* s = std::get_if<Send>(&a)) sent.push_back(format_message(s->message));
            if (const auto* t = std::get_if<Think>(&a)) thinking = *t;
            if (std::holds_alternative<StopThinking>(a)) thinking.reset();
            if (const auto* g = std::get_if<GameFinished>(&a)) out.games.push_back(g->record);
            if (std::holds_alternative<Close>(a)) out.closed = true;
        }
    };
    if (config.role == Role::Initiator) take(kroon.connected(now));
    int number = 0;
    for (const Line& line : lines) {
        ++number;
        now += 0.05;
        if (line.from == '<') {
            take(kroon.receive(line.text, now));
            continue;
        }
        // Kroon's message: sent already, or the move it was asked to think about.
        if (sent.empty()) {
            if (!thinking) {
                ADD_FAILURE() << "line " << number << ": Kroon sent " << line.text << " then, and neither sends it now "
                              << "nor thinks";
                return out;
            }
            const auto message = parse_message(line.text);
            const auto* move = message ? std::get_if<MoveMessage>(&*message) : nullptr;
            if (!move) {
                ADD_FAILURE() << "line " << number << ": Kroon thinks where it sent " << line.text;
                return out;
            }
            const Position& pos = thinking->game.position();
            const auto legal = move_of(pos, *move);
            if (!legal) {
                ADD_FAILURE() << "line " << number << ": " << line.text << " is not legal where Kroon thinks, "
                              << international().format_fen(pos);
                return out;
            }
            const int id = thinking->id;
            thinking.reset();
            take(kroon.engine_move(id, *legal, now));
        }
        if (sent.empty()) {
            ADD_FAILURE() << "line " << number << ": Kroon does not send " << line.text;
            return out;
        }
        EXPECT_TRUE(same_message(sent.front(), line.text))
            << "line " << number << ": Kroon sends " << sent.front() << " where it sent " << line.text;
        sent.pop_front();
    }
    EXPECT_TRUE(sent.empty()) << "Kroon sends more: " << sent.front();
    EXPECT_FALSE(thinking) << "Kroon still thinks";
    return out;
}

DialogueConfig kroon_initiating(int games) {
    DialogueConfig config;
    config.role = Role::Initiator;
    config.match.games = games;
    config.match.minutes = 1;
    config.match.moves = 0;
    return config;
}

TEST(DxpRecorded, ScanAsFollowerPlaysOnAfterTheDrawAndKroonEndsTheGame) {
    const auto replayed = replay("tests/protocol/dxp_recordings/scan-follower.dxp", kroon_initiating(1));
    ASSERT_EQ(replayed.games.size(), 1u);
    const GameRecord& game = replayed.games[0];
    EXPECT_EQ(game.white, "Kroon");
    EXPECT_EQ(game.black, "Scan 2.0");
    EXPECT_EQ(game.result(), GameResult::Draw);
    EXPECT_NE(game.termination.find("KNDB art. 9c"), std::string::npos) << game.termination;
    EXPECT_TRUE(replayed.closed);
}

TEST(DxpRecorded, ScanAsInitiatorPlaysOnAfterTheDrawAndKroonEndsTheGame) {
    DialogueConfig config;
    config.role = Role::Follower;
    config.follower_max_games = 1;
    const auto replayed = replay("tests/protocol/dxp_recordings/scan-initiator.dxp", config);
    ASSERT_EQ(replayed.games.size(), 1u);
    const GameRecord& game = replayed.games[0];
    EXPECT_EQ(game.white, "Scan 2.0");
    EXPECT_EQ(game.black, "Kroon");
    EXPECT_EQ(game.minutes, 1);
    EXPECT_EQ(game.move_limit, 75);
    EXPECT_EQ(game.result(), GameResult::Draw);
    EXPECT_NE(game.termination.find("KNDB art. 9b"), std::string::npos) << game.termination;
    EXPECT_TRUE(replayed.closed);
}

TEST(DxpRecorded, MobyDamWithoutAMoveEndsEachGameAndItsRecordAgrees) {
    const auto replayed = replay("tests/protocol/dxp_recordings/moby-follower.dxp", kroon_initiating(2));
    ASSERT_EQ(replayed.games.size(), 2u);
    EXPECT_EQ(replayed.games[0].white, "Kroon");
    EXPECT_EQ(replayed.games[0].result(), GameResult::WhiteWins);
    EXPECT_EQ(replayed.games[1].black, "Kroon");
    EXPECT_EQ(replayed.games[1].result(), GameResult::BlackWins);
    for (const GameRecord& game : replayed.games) {
        // Moby Dam has no move left: it says so and loses (KNDB art. 8a).
        MoveList legal;
        international().generate_moves(game.game.position(), legal);
        EXPECT_TRUE(legal.empty()) << international().format_fen(game.game.position());
    }
    EXPECT_TRUE(replayed.closed);
    // Moby Dam's own record of the games holds the same moves and results.
    const auto moby = read_pdn_file("tests/engine/pdn/moby-dam.pdn");
    ASSERT_TRUE(moby.ok()) << moby.error();
    ASSERT_EQ(moby->games.size(), 2u);
    for (std::size_t g = 0; g < 2; ++g) {
        EXPECT_EQ(moby->games[g].moves, replayed.games[g].game.moves()) << "game " << g + 1;
        EXPECT_EQ(moby->games[g].result, replayed.games[g].result()) << "game " << g + 1;
    }
}

}  // namespace
}  // namespace kroon::dxp
