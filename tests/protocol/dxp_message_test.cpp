// DXP codec: the spec's sample messages and the transcripts of docs/protocols.md, DXP 8
// parse to the expected values and print back byte for byte; malformed text is rejected.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/board/board.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "protocol/dxp/message.hpp"

namespace kroon::dxp {
namespace {

template <class T>
T parse_as(const std::string& text) {
    const auto parsed = parse_message(text);
    EXPECT_TRUE(parsed.ok()) << text << ": " << parsed.error();
    if (!parsed) return T{};
    EXPECT_TRUE(std::holds_alternative<T>(*parsed)) << text;
    return std::holds_alternative<T>(*parsed) ? std::get<T>(*parsed) : T{};
}

void expect_round_trip(const std::string& text) {
    const auto parsed = parse_message(text);
    ASSERT_TRUE(parsed.ok()) << text << ": " << parsed.error();
    EXPECT_EQ(format_message(*parsed), text);
}

TEST(DxpMessage, SpecSamplesParseToTheirFields) {
    EXPECT_EQ(parse_as<Chat>("CWhat do you think about move 35?").text, "What do you think about move 35?");

    const auto r = parse_as<GameRequest>("R01Tornado voor Windows 4.0        W060065A");
    EXPECT_EQ(r.version, 1);
    EXPECT_EQ(r.initiator_name, "Tornado voor Windows 4.0");
    EXPECT_EQ(r.follower_color, Color::White);
    EXPECT_EQ(r.minutes, 60);
    EXPECT_EQ(r.moves, 65);
    EXPECT_FALSE(r.position.has_value());

    const auto a = parse_as<GameAccept>("ATornado voor Windows 4.0        0");
    EXPECT_EQ(a.follower_name, "Tornado voor Windows 4.0");
    EXPECT_EQ(a.code, AcceptCode::Accepted);

    EXPECT_EQ(parse_as<MoveMessage>("M0012061100"), (MoveMessage{12, 6, 11, {}}));
    // Captured squares keep the order they came in; the receiver treats them as a set.
    EXPECT_EQ(parse_as<MoveMessage>("M001205250422122320"), (MoveMessage{12, 5, 25, {22, 12, 23, 20}}));

    EXPECT_EQ(parse_as<GameEnd>("E00"), (GameEnd{EndReason::Unknown, false}));
    EXPECT_EQ(parse_as<GameEnd>("E10"), (GameEnd{EndReason::SenderLoses, false}));
    EXPECT_EQ(parse_as<GameEnd>("E21"), (GameEnd{EndReason::Draw, true}));
    EXPECT_EQ(parse_as<GameEnd>("E31"), (GameEnd{EndReason::SenderWins, true}));
    EXPECT_EQ(parse_as<BackRequest>("B005Z"), (BackRequest{5, Color::Black}));
    EXPECT_EQ(parse_as<BackAccept>("K1"), (BackAccept{BackCode::NotSupported}));
}

// Every message of the Scan 3.1 session (docs/protocols.md, DXP 8) and of the reversed-role session.
TEST(DxpMessage, TranscriptsRoundTripByteForByte) {
    const std::vector<std::string> transcript = {
        "R01TestInit 0.1                    W001000BWeeeeeeeeeeeeeeeezeeeeeeeeezeeeeweeeeeeeeeeeeeeeeee",
        "AScan 3.1                        0",
        "M00003212021727",
        "E10",
        "E00",
        "R01TestInit 0.1                    Z001075A",
        "AScan 3.1                        0",
        "M0001322800",
        "M0000172100",
        "CHello from the initiator",
        "B001W",
        "K0",
        "M0000332800",
        "M0000172100",
        "E01",
        "E01",
        "R01Scan 3.1                        Z001075A",
        "M0000322800",
        "R01Scan 3.1                        W001075A",
        "ATornado voor Windows 4.0        3",
        "M001205250422122320",
        "CWhat do you think about move 35?",
        "K2",
        "B123W",
        "ATornado voor Windows 4.0        1",
        "ATornado voor Windows 4.0        2",
    };
    for (const auto& text : transcript) expect_round_trip(text);
}

TEST(DxpMessage, OwnPositionRequestHoldsTheBoard) {
    const auto r = parse_as<GameRequest>(
        "R01TestInit 0.1                    W001000BWeeeeeeeeeeeeeeeezeeeeeeeeezeeeeweeeeeeeeeeeeeeeeee");
    ASSERT_TRUE(r.position.has_value());
    const auto expected = rulebook(Variant::International).parse_fen("W:W32:B17,27");
    ASSERT_TRUE(expected.ok());
    EXPECT_EQ(*r.position, *expected);
    EXPECT_EQ(r.minutes, 1);
    EXPECT_EQ(r.moves, 0);
}

TEST(DxpMessage, StartPositionBoardString) {
    const Position start = rulebook(Variant::International).start_position();
    EXPECT_EQ(board_string(start), "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww");
    const auto parsed = parse_board(board_string(start), Color::White);
    ASSERT_TRUE(parsed.ok());
    EXPECT_EQ(*parsed, start);
}

TEST(DxpMessage, KingsAndBlackToMoveSurviveTheBoardString) {
    const auto pos = rulebook(Variant::International).parse_fen("B:WK1,46,K50:BK5,10,45");
    ASSERT_TRUE(pos.ok());
    GameRequest r{1, "Kroon", Color::Black, 10, 75, *pos};
    const std::string text = format_message(r);
    EXPECT_EQ(text.size(), 94u);
    EXPECT_EQ(text.substr(42, 2), "BZ");
    const auto back = parse_message(text);
    ASSERT_TRUE(back.ok()) << back.error();
    EXPECT_EQ(std::get<GameRequest>(*back), r);
}

TEST(DxpMessage, PrintingPadsAndClamps) {
    EXPECT_EQ(format_message(GameAccept{"Kroon", AcceptCode::NotThisGame}), "AKroon                           2");
    // Too-long names are cut to 32 characters; leading blanks are never sent.
    const std::string long_name(40, 'x');
    EXPECT_EQ(format_message(GameAccept{"  " + long_name, AcceptCode::Accepted}), "A" + std::string(32, 'x') + "0");
    EXPECT_EQ(format_message(MoveMessage{12345, 32, 28, {}}), "M9999322800");
    EXPECT_EQ(format_message(MoveMessage{3, 28, 17, {22}}),
              "M0003281701"
              "22");
    // Chat text is cut to 126 characters and bytes outside ASCII 1-127 are replaced.
    const std::string chat = format_message(Chat{std::string(200, 'a')});
    EXPECT_EQ(chat.size(), 127u);
    EXPECT_EQ(format_message(Chat{"caf\xc3\xa9"}), "Ccaf??");
    EXPECT_EQ(format_message(Chat{""}), "C ");
}

TEST(DxpMessage, ChatAndNamesCarryOnlyPrintableAscii) {
    // A peer may print what we send: line feeds, escape sequences and bells become '?'.
    EXPECT_EQ(wire_chat("a\nb\x1b[2Jc\x07"
                        "d\x7f\te"),
              "a?b?[2Jc?d??e");
    EXPECT_EQ(format_message(Chat{"error: \x1b]0;owned\x07"}), "Cerror: ?]0;owned?");
    EXPECT_EQ(wire_name("Evil\x1b[31mName"), "Evil?[31mName");
}

struct Malformed {
    const char* why;
    std::string text;
};

TEST(DxpMessage, MalformedMessagesAreRejectedWithAReason) {
    const std::string name32 = "TestInit 0.1                    ";
    const std::string board = "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww";
    const std::vector<Malformed> cases = {
        {"empty", ""},
        {"unknown type", "X123"},
        {"lower-case type", "m0012061100"},
        {"chat without text", "C"},
        {"too long", "C" + std::string(127, 'a')},
        {"non-ASCII byte", "CHall\xe9"},
        {"NUL inside", std::string("CHal\0lo", 7)},
        {"request too short", "R01" + name32 + "W060065"},
        {"request too long", "R01" + name32 + "W060065AX"},
        {"request A form with board", "R01" + name32 + "W060065AW" + board},
        {"request B form without board", "R01" + name32 + "W060065B"},
        {"request B form short board", "R01" + name32 + "W060065BW" + board.substr(1) + "x"},
        {"request version letters", "R0x" + name32 + "W060065A"},
        {"request follower colour", "R01" + name32 + "B060065A"},
        {"request lower-case colour", "R01" + name32 + "w060065A"},
        {"request minutes blank", "R01" + name32 + "W 60065A"},
        {"request minutes sign", "R01" + name32 + "W-60065A"},
        {"request moves letters", "R01" + name32 + "W060o65A"},
        {"request setup code", "R01" + name32 + "W060065C"},
        {"request side to move", "R01" + name32 + "W060065BX" + board},
        {"request board char", "R01" + name32 + "W060065BW" + board.substr(0, 49) + "x"},
        {"request pydraughts 4-wide fields", "R01" + name32 + "W00600065A"},
        {"accept too short", "AScan 3.1                       0"},
        {"accept too long", "AScan 3.1                        00"},
        {"accept code 4", "AScan 3.1                        4"},
        {"accept code letter", "AScan 3.1                        Y"},
        {"move too short", "M001206110"},
        {"move seconds letters", "M00a2061100"},
        {"move from 00", "M0012001100"},
        {"move from 51", "M0012511100"},
        {"move to 00", "M0012060000"},
        {"move count says 1, none given", "M0012061101"},
        {"move count says 0, one given", "M001206110022"},
        {"capture without its list (Scan rejects it)", "M0012052504"},
        {"move count 21", "M0012052521" + std::string(42, '1')},
        {"captured 00",
         "M00120525010"
         "0"},
        {"captured 51",
         "M0012052501"
         "51"},
        {"captured twice",
         "M0012052502"
         "2222"},
        {"captured letters",
         "M0012052501"
         "2x"},
        {"quiet move to its own square", "M0012060600"},
        {"end too short", "E0"},
        {"end too long", "E000"},
        {"end reason 4", "E40"},
        {"end stop 2", "E02"},
        {"back request short", "B01W"},
        {"back request move 000", "B000W"},
        {"back request colour", "B001B"},
        {"back accept code 3", "K3"},
        {"back accept long", "K00"},
    };
    for (const auto& c : cases) {
        const auto parsed = parse_message(c.text);
        EXPECT_FALSE(parsed.ok()) << c.why << ": '" << c.text << "' was accepted";
        if (!parsed) {
            EXPECT_FALSE(parsed.error().empty()) << c.why;
        }
    }
}

TEST(DxpMessage, ErrorsSayWhatWasWrong) {
    EXPECT_NE(parse_message("M0012061101").error().find("length"), std::string::npos);
    EXPECT_NE(parse_message("E40").error().find("reason"), std::string::npos);
    EXPECT_NE(parse_message("Q").error().find("unknown message type"), std::string::npos);
    EXPECT_NE(parse_message("M0012000000").error().find("from square"), std::string::npos);
}

TEST(DxpMessage, TwentyCapturesIsTheLongestMove) {
    std::string text =
        "M00010150"
        "20";
    for (int s = 6; s <= 25; ++s) text += (s < 10 ? "0" : "") + std::to_string(s);
    EXPECT_EQ(text.size(), 51u);
    expect_round_trip(text);
    EXPECT_EQ(parse_as<MoveMessage>(text).captured.size(), 20u);
}

TEST(DxpMessage, KingCaptureMayEndOnItsOwnSquare) { EXPECT_EQ(parse_as<MoveMessage>("M000023230419283337").from, 23); }

TEST(DxpMessage, DescribeNamesTheMessage) {
    EXPECT_EQ(describe(MoveMessage{3, 32, 12, {17, 27}}), "MOVE 32x12 capturing 17,27 in 3 s");
    EXPECT_EQ(describe(GameEnd{EndReason::Draw, true}), "GAMEEND draw, stop");
}

}  // namespace
}  // namespace kroon::dxp
