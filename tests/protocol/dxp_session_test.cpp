// DXP session state machine, without sockets: inputs are wire texts and times, outputs are
// checked as the exact wire texts the session wants to send plus its events.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/movegen/movegen.hpp"
#include "engine/record/pdn.hpp"
#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "protocol/dxp/dialogue.hpp"
#include "protocol/dxp/game_record.hpp"

namespace kroon::dxp {
namespace {

constexpr Variant intl = Variant::International;
const std::string start_board = "zzzzzzzzzzzzzzzzzzzzeeeeeeeeeewwwwwwwwwwwwwwwwwwww";

std::string padded(std::string name) {
    name.resize(32, ' ');
    return name;
}

std::string request(char follower, const std::string& minutes, const std::string& moves,
                    const std::string& setup = "A") {
    return "R01" + padded("TestInit 0.1") + follower + minutes + moves + setup;
}

std::string our_request(char follower, const std::string& minutes, const std::string& moves) {
    return "R01" + padded("Kroon") + follower + minutes + moves + "A";
}

std::string accept(int code, const std::string& name = "Kroon") { return "A" + padded(name) + std::to_string(code); }

Position fen(const std::string& text) {
    const auto pos = rulebook(intl).parse_fen(text);
    EXPECT_TRUE(pos.ok()) << text << ": " << pos.error();
    return pos.ok() ? *pos : Position{};
}

Move legal_move(const Position& pos, const std::string& text) {
    const auto move = rulebook(intl).parse_move(pos, text);
    EXPECT_TRUE(move.ok()) << text << ": " << move.error();
    return move.ok() ? *move : Move{};
}

// A session plus everything it asked for, split by kind.
struct Driver {
    explicit Driver(DialogueConfig config) : session(std::move(config)) {}

    void take(const Actions& actions) {
        for (const auto& a : actions) {
            if (const auto* s = std::get_if<Send>(&a)) sent.push_back(format_message(s->message));
            if (const auto* t = std::get_if<Think>(&a)) thinks.push_back(*t);
            if (std::holds_alternative<StopThinking>(a)) ++stops;
            if (const auto* g = std::get_if<GameFinished>(&a)) games.push_back(g->record);
            if (std::holds_alternative<Close>(a)) closed = true;
        }
    }
    void receive(const std::string& text, double now = 0) { take(session.receive(text, now)); }
    // Answer the last Think with the move written `text`.
    void answer(const std::string& text, double now = 0) {
        ASSERT_FALSE(thinks.empty());
        const Think& t = thinks.back();
        take(session.engine_move(t.id, legal_move(session.position(), text), now));
    }
    std::vector<std::string> take_sent() {
        auto out = std::move(sent);
        sent.clear();
        return out;
    }
    bool sent_chat() const {
        for (const auto& s : sent)
            if (s[0] == 'C') return true;
        return false;
    }
    std::vector<std::string> non_chat() const {
        std::vector<std::string> out;
        for (const auto& s : sent)
            if (s[0] != 'C') out.push_back(s);
        return out;
    }

    Dialogue session;
    std::vector<std::string> sent;
    std::vector<Think> thinks;
    std::vector<GameRecord> games;
    int stops = 0;
    bool closed = false;
};

DialogueConfig follower() {
    DialogueConfig c;
    c.role = Role::Follower;
    c.name = "Kroon";
    return c;
}

DialogueConfig initiator(int games, int minutes = 1, int moves = 0) {
    DialogueConfig c;
    c.role = Role::Initiator;
    c.name = "Kroon";
    c.match.games = games;
    c.match.minutes = minutes;
    c.match.moves = moves;
    return c;
}

const std::string accept0 = accept(0);

// --- Follower: accepting and refusing ----------------------------------------------------

TEST(DxpSession, FollowerAcceptsAndWaitsWhenTheInitiatorMovesFirst) {
    Driver f(follower());
    f.receive(request('Z', "001", "075"));
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{accept0});
    EXPECT_EQ(f.session.state(), DialogueState::Playing);
    EXPECT_EQ(f.session.our_color(), Color::Black);
    EXPECT_FALSE(f.session.our_turn());
    EXPECT_TRUE(f.thinks.empty());

    f.receive("M0001322800", 1.0);
    ASSERT_EQ(f.thinks.size(), 1u);
    EXPECT_EQ(f.thinks[0].game.moves().size(), 1u);
    EXPECT_EQ(f.thinks[0].game.start(), rulebook(intl).start_position());
    // A 1-minute budget, 75 moves: time left is under a minute, 75 of our moves to go.
    EXPECT_GT(f.thinks[0].limits.time_left, 55.0);
    EXPECT_LT(f.thinks[0].limits.time_left, 60.0);
    EXPECT_EQ(f.thinks[0].limits.moves_to_go, 75);
    EXPECT_GT(f.thinks[0].hard_limit, 0.0);
    EXPECT_LT(f.thinks[0].hard_limit, f.thinks[0].limits.time_left);

    f.answer("17-21", 3.6);  // 2.6 s after their move arrived: reported as 3 s
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"M0003172100"});
    EXPECT_NEAR(f.session.our_time_used(), 2.6, 1e-9);
    EXPECT_FALSE(f.session.our_turn());
}

TEST(DxpSession, FollowerPlayingWhiteMovesFirst) {
    Driver f(follower());
    f.receive(request('W', "005", "000"));
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{accept0});
    ASSERT_EQ(f.thinks.size(), 1u);
    EXPECT_TRUE(f.thinks[0].game.moves().empty());
    EXPECT_EQ(f.thinks[0].limits.moves_to_go, 0);  // no move limit: the rest of the game
    f.answer("32-28", 0.2);
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"M0000322800"});
}

TEST(DxpSession, BFormWithTheStartPositionIsANormalGame) {
    Driver f(follower());
    f.receive(request('Z', "002", "000", "BW" + start_board));  // as pydraughts sends it
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{accept0});
    EXPECT_EQ(f.session.position(), rulebook(intl).start_position());
    f.receive("M0000322800");
    f.answer("19-23");
    f.receive("E01");
    ASSERT_EQ(f.games.size(), 1u);
    EXPECT_TRUE(f.games[0].standard_start());
    EXPECT_EQ(f.games[0].game.moves().size(), 2u);
}

TEST(DxpSession, RefusalCodes) {
    {
        Driver f(follower());
        std::string r = request('Z', "001", "075");
        r[2] = '2';  // version 02
        f.receive(r);
        EXPECT_EQ(f.non_chat(), std::vector<std::string>{accept(1)});
        EXPECT_TRUE(f.sent_chat());
        EXPECT_EQ(f.session.state(), DialogueState::Idle);
    }
    {
        Driver f(follower());
        f.receive(request('Z', "000", "075"));  // thinking time 000 is still answered
        EXPECT_EQ(f.non_chat(), std::vector<std::string>{accept(2)});
        EXPECT_EQ(f.session.state(), DialogueState::Idle);
    }
    {
        DialogueConfig c = follower();
        c.follower_max_games = 1;
        Driver f(c);
        f.receive(request('Z', "001", "000"));
        f.receive("M0000322800");
        f.answer("19-23");
        f.receive("E00");
        EXPECT_EQ(f.sent.back(), "E01");  // our confirmation asks to stop: no more games
        EXPECT_TRUE(f.closed);
    }
    {
        DialogueConfig c = follower();
        c.follower_max_games = 1;
        Driver f(c);
        f.receive(request('Z', "001", "000"));
        f.receive("M0000322800");
        f.answer("17-21");
        f.receive("M0000332900");
        f.answer("21-26");
        // Out-of-order request while the game runs: refused with 2, the game goes on.
        f.take_sent();
        f.receive(request('W', "001", "000"));
        EXPECT_EQ(f.non_chat(), std::vector<std::string>{accept(2)});
        EXPECT_EQ(f.session.state(), DialogueState::Playing);
    }
}

TEST(DxpSession, FollowerRefusesNoMoreGamesWithCode3) {
    // One game allowed. We (Black) cannot move after White's capture, so we open the game end
    // with the stop code; a peer that answers with a new request instead of the confirmation
    // still gets its answer, code 3, before we close.
    DialogueConfig c = follower();
    c.follower_max_games = 1;
    Driver f(c);
    f.receive(request('Z', "001", "000", "BW" + board_string(fen("W:W42:B37"))));
    f.receive(
        "M0000423101"
        "37");
    EXPECT_EQ(f.sent.back(), "E11");
    f.take_sent();
    f.receive(request('W', "001", "000"));
    EXPECT_EQ(f.non_chat(), std::vector<std::string>{accept(3)});
    EXPECT_TRUE(f.closed);
}

TEST(DxpSession, UnplayablePositionsAreRefusedWithCode2) {
    const Position blocked = fen("W:W46:B41,37");  // White to move, man 46 cannot move
    ASSERT_EQ(rulebook(intl).count_moves(blocked), 0);
    // Squares as a board string: {square, piece}.
    const auto board = [](std::vector<std::pair<int, char>> pieces) {
        std::string b(50, 'e');
        for (const auto& [square, piece] : pieces) b[static_cast<size_t>(square - 1)] = piece;
        return b;
    };
    const std::vector<std::string> boards = {
        board({{1, 'w'}, {40, 'w'}, {10, 'z'}}),   // white man on its crowning row
        board({{40, 'w'}, {10, 'z'}, {50, 'z'}}),  // black man on its crowning row
        board_string(fen("W:W31,32:B")),           // Black has no pieces
        board_string(blocked),
        // 29 black kings: more pieces than a side ever has (the FEN reader's limit), which would
        // put a FEN in the record that Kroon cannot read back.
        board({{1, 'Z'},  {2, 'Z'},  {3, 'Z'},  {4, 'Z'},  {5, 'Z'},  {6, 'Z'},  {7, 'Z'},  {8, 'Z'},
               {9, 'Z'},  {10, 'Z'}, {11, 'Z'}, {12, 'Z'}, {13, 'Z'}, {14, 'Z'}, {15, 'Z'}, {16, 'Z'},
               {17, 'Z'}, {18, 'Z'}, {19, 'Z'}, {20, 'Z'}, {21, 'Z'}, {22, 'Z'}, {23, 'Z'}, {24, 'Z'},
               {25, 'Z'}, {26, 'Z'}, {27, 'Z'}, {28, 'Z'}, {29, 'Z'}, {45, 'w'}}),
    };
    for (const auto& b : boards) {
        Driver f(follower());
        f.receive(request('Z', "001", "000", "BW" + b));
        EXPECT_EQ(f.non_chat(), std::vector<std::string>{accept(2)}) << b;
        EXPECT_TRUE(f.sent_chat());
        EXPECT_EQ(f.session.state(), DialogueState::Idle);
    }
    // Kings on the crowning rows are fine.
    Driver ok(follower());
    ok.receive(request('Z', "001", "000", "BW" + board_string(fen("W:WK1,40:BK50,10"))));
    EXPECT_EQ(ok.non_chat(), std::vector<std::string>{accept0});
}

TEST(DxpSession, MalformedRequestIsStillAnswered) {
    Driver f(follower());
    std::string name(32, ' ');
    f.receive("R01" + name + "W00600065A");  // old pydraughts: 4-wide fields
    EXPECT_EQ(f.non_chat(), std::vector<std::string>{accept(2)});
    Driver g(follower());
    g.receive("R02" + name + "W060065Xsomething-new");  // a later version we cannot read
    EXPECT_EQ(g.non_chat(), std::vector<std::string>{accept(1)});
}

// --- Game end both ways -------------------------------------------------------------------

// A game of Scan 3.1 (docs/protocols.md, DXP 8): White man 32 takes 17 and 27; Black has no pieces and ends the game.
TEST(DxpSession, TranscriptGameOneWeCaptureTheLastPiece) {
    Driver f(follower());
    f.receive("R01TestInit 0.1                    W001000BWeeeeeeeeeeeeeeeezeeeeeeeeezeeeeweeeeeeeeeeeeeeeeee");
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{accept(0)});
    f.answer("32x12", 0.3);
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"M00003212021727"});
    // The game is over by the rules, but it is Black's turn: Black must open the game end.
    EXPECT_EQ(f.session.state(), DialogueState::Playing);
    f.receive("E10", 0.5);
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"E00"});
    ASSERT_EQ(f.games.size(), 1u);
    EXPECT_EQ(f.games[0].result(), GameResult::WhiteWins);
    EXPECT_EQ(f.games[0].white, "Kroon");
    EXPECT_EQ(f.games[0].black, "TestInit 0.1");
    EXPECT_FALSE(f.games[0].standard_start());
    EXPECT_EQ(f.session.state(), DialogueState::Idle);
}

TEST(DxpSession, PeerWhoNeverEndsALostGameGetsTheGameEndAfterAWait) {
    Driver f(follower());
    f.receive("R01TestInit 0.1                    W001000BWeeeeeeeeeeeeeeeezeeeeeeeeezeeeeweeeeeeeeeeeeeeeeee");
    f.answer("32x12", 0.0);
    f.take_sent();
    ASSERT_TRUE(f.session.deadline().has_value());
    EXPECT_NEAR(*f.session.deadline(), 5.0, 1e-9);
    f.take(f.session.timeout(4.0));
    EXPECT_TRUE(f.take_sent().empty());
    f.take(f.session.timeout(5.0));
    ASSERT_FALSE(f.sent.empty());
    EXPECT_EQ(f.non_chat(), std::vector<std::string>{"E30"});
    EXPECT_EQ(f.session.state(), DialogueState::Ending);
    ASSERT_EQ(f.games.size(), 1u);
    EXPECT_EQ(f.games[0].result(), GameResult::WhiteWins);
    f.receive("E00", 31);
    EXPECT_EQ(f.session.state(), DialogueState::Idle);
}

TEST(DxpSession, WeEndTheGameWhenWeCannotMove) {
    // We (Black, follower) have one man on 36; White's man takes it: no pieces left.
    Driver f(follower());
    f.receive(request('W', "001", "000", "BW" + board_string(fen("W:W42:B37"))));
    f.take_sent();
    f.answer("42x31");
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"M0000423101"
                                                      "37"});
    ASSERT_EQ(f.games.size(), 0u);
    // Now with us as Black receiving the capture.
    Driver g(follower());
    g.receive(request('Z', "001", "000", "BW" + board_string(fen("W:W42:B37"))));
    g.take_sent();
    g.receive(
        "M0000423101"
        "37");
    EXPECT_EQ(g.take_sent(), std::vector<std::string>{"E10"});  // I lose
    EXPECT_TRUE(g.thinks.empty());
    ASSERT_EQ(g.games.size(), 1u);
    EXPECT_EQ(g.games[0].result(), GameResult::WhiteWins);
    EXPECT_EQ(g.session.state(), DialogueState::Ending);
    g.receive("E00");
    EXPECT_EQ(g.session.state(), DialogueState::Idle);
    EXPECT_TRUE(g.take_sent().empty());  // the confirmation is not answered
}

// Kings shuffling back and forth: the start position stands on the board for the third time
// after eight plies, a draw by KNDB art. 9e, judged by the referee.
const std::string shuffle_board = "eeZZeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeWWee";  // K3,K4 v K47,K48
const std::vector<std::string> shuffle = {"M0000474200", "M0000030800", "M0000424700", "M0000080300"};

TEST(DxpSession, DrawByRepetitionOnOurTurnIsClaimed) {
    Driver f(follower());
    f.receive(request('W', "001", "000", "BW" + shuffle_board));
    ASSERT_EQ(f.take_sent(), std::vector<std::string>{accept0});
    for (int round = 0; round < 2; ++round) {
        f.answer("47-42");
        f.receive(shuffle[1]);
        f.answer("42-47");
        f.receive(shuffle[3]);
    }
    EXPECT_EQ(f.take_sent().back(), "E20");
    ASSERT_EQ(f.games.size(), 1u);
    EXPECT_EQ(f.games[0].result(), GameResult::Draw);
    EXPECT_NE(f.games[0].termination.find("KNDB art. 9e"), std::string::npos) << f.games[0].termination;
    EXPECT_EQ(f.games[0].game.moves().size(), 8u);
}

TEST(DxpSession, DrawMadeByOurMoveWaitsForThePeersGameEnd) {
    for (const bool peer_ends : {true, false}) {
        Driver f(follower());
        f.receive(request('Z', "001", "000", "BW" + shuffle_board));
        f.take_sent();
        for (int round = 0; round < 2; ++round) {
            f.receive(shuffle[0]);
            f.answer("3-8");
            f.receive(shuffle[2]);
            f.answer("8-3");
        }
        // The third repetition came with our move: White is to move and should end the game.
        EXPECT_EQ(f.take_sent().back(), "M0000080300");
        EXPECT_EQ(f.session.state(), DialogueState::Playing);
        if (peer_ends) {
            f.receive("E20");
            EXPECT_EQ(f.take_sent(), std::vector<std::string>{"E00"});
        } else {
            f.receive(shuffle[0]);  // plays on: we say why not and end it ourselves
            EXPECT_TRUE(f.sent_chat());
            EXPECT_EQ(f.non_chat(), std::vector<std::string>{"E20"});
        }
        ASSERT_EQ(f.games.size(), 1u);
        EXPECT_EQ(f.games[0].result(), GameResult::Draw);
        EXPECT_EQ(f.games[0].game.moves().size(), 8u);
    }
}

TEST(DxpSession, MoveLimitEndsTheGameOnOurTurn) {
    Driver f(follower());
    f.receive(request('Z', "001", "001"));  // one move each
    f.receive("M0000322800");
    EXPECT_EQ(f.thinks.back().limits.moves_to_go, 1);
    f.answer("17-21");
    f.take_sent();
    f.receive("M0000332900");  // the initiator plays on past the limit
    // Our turn with the limit (one full move) reached: we end the game, no reason given.
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"E00"});
    ASSERT_EQ(f.games.size(), 1u);
    EXPECT_EQ(f.games[0].result(), GameResult::Ongoing);
    EXPECT_NE(f.games[0].termination.find("move limit"), std::string::npos);
}

TEST(DxpSession, PeerEndsTheGameAndStops) {
    Driver f(follower());
    f.receive(request('W', "001", "000"));
    f.answer("32-28");
    f.take_sent();
    f.receive("E11");  // they resign and want no more games
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"E01"});
    ASSERT_EQ(f.games.size(), 1u);
    EXPECT_EQ(f.games[0].result(), GameResult::WhiteWins);
    EXPECT_TRUE(f.closed);
    EXPECT_EQ(f.session.state(), DialogueState::Closed);
}

TEST(DxpSession, GameEndWhileWeThinkStopsTheSearch) {
    Driver f(follower());
    f.receive(request('W', "001", "000"));
    ASSERT_EQ(f.thinks.size(), 1u);
    f.take_sent();
    f.receive("E00");  // unexpected on our turn but seen in the wild: still confirmed
    EXPECT_EQ(f.stops, 1);
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"E00"});
    // The search's late answer is dropped.
    f.take(f.session.engine_move(f.thinks[0].id, legal_move(rulebook(intl).start_position(), "32-28"), 1));
    EXPECT_TRUE(f.take_sent().empty());
}

// --- Take-back ----------------------------------------------------------------------------

TEST(DxpSession, TakeBackToTheStart) {
    Driver f(follower());
    f.receive(request('Z', "001", "075"));
    f.receive("M0001322800");
    f.answer("17-21");
    f.take_sent();
    f.receive("CHello from the initiator");
    EXPECT_TRUE(f.take_sent().empty());  // chat is never answered
    f.receive("B001W");
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"K0"});
    EXPECT_EQ(f.session.position(), rulebook(intl).start_position());
    EXPECT_TRUE(f.session.moves().empty());
    f.receive("M0000332800");
    f.answer("17-21");
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"M0000172100"});
    EXPECT_EQ(f.session.moves().size(), 2u);
}

TEST(DxpSession, TakeBackWhileWeThinkRestartsTheSearch) {
    Driver f(follower());
    f.receive(request('Z', "001", "000"));
    f.receive("M0000322800");
    f.answer("17-21");
    f.receive("M0000332900");  // our turn: thinking
    ASSERT_EQ(f.thinks.size(), 2u);
    f.take_sent();
    f.receive("B001Z");  // back to Black's first move: still our turn
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"K0"});
    EXPECT_EQ(f.stops, 1);
    ASSERT_EQ(f.thinks.size(), 3u);
    EXPECT_EQ(f.thinks[2].game.moves().size(), 1u);
    // The old search's answer is stale; the new one is played.
    f.take(f.session.engine_move(f.thinks[1].id, legal_move(f.session.position(), "18-22"), 1));
    EXPECT_TRUE(f.take_sent().empty());
    f.answer("18-22");
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"M0000182200"});
}

TEST(DxpSession, TakeBackOutsideTheGameIsRefused) {
    Driver f(follower());
    f.receive("B001W");  // no game
    EXPECT_EQ(f.non_chat(), std::vector<std::string>{"K2"});
    f.take_sent();
    f.receive(request('Z', "001", "000"));
    f.receive("M0000322800");
    f.take_sent();
    f.receive("B005W");  // move 5 has not been played
    EXPECT_EQ(f.non_chat(), std::vector<std::string>{"K2"});
    f.take_sent();
    f.receive("B0x1W");  // malformed: still answered
    EXPECT_EQ(f.non_chat(), std::vector<std::string>{"K2"});
    EXPECT_EQ(f.session.moves().size(), 1u);
}

TEST(DxpSession, OurTakeBackRequest) {
    Driver f(follower());
    f.receive(request('Z', "001", "000"));
    f.receive("M0000322800");
    f.answer("17-21");
    f.receive("M0000332900");
    f.take_sent();
    f.take(f.session.request_takeback(1, Color::Black, 5));
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{"B001Z"});
    f.receive("K1");  // not supported: play on
    EXPECT_EQ(f.session.moves().size(), 3u);
    f.take(f.session.request_takeback(1, Color::Black, 6));
    f.receive("K0");
    EXPECT_EQ(f.session.moves().size(), 1u);
    f.receive("K0");  // nothing pending: warned and ignored
    EXPECT_TRUE(f.sent_chat());
    EXPECT_EQ(f.session.moves().size(), 1u);
}

// --- Stray, out-of-turn and illegal input ------------------------------------------------

TEST(DxpSession, StrayMessagesAreWarnedAndIgnored) {
    Driver f(follower());
    f.receive("M0000322800");          // no game
    f.receive(accept(0, "Scan 3.1"));  // we sent no request
    f.receive("K0");
    f.receive("garbage");
    f.receive("E00");  // a stray game end is ignored silently (late confirmation)
    EXPECT_EQ(f.non_chat(), std::vector<std::string>{});
    EXPECT_EQ(f.sent.size(), 4u);
    EXPECT_EQ(f.session.state(), DialogueState::Idle);
    f.take_sent();
    f.receive(request('W', "001", "000"));  // still serving
    EXPECT_EQ(f.take_sent(), std::vector<std::string>{accept0});
}

TEST(DxpSession, MoveOutOfTurnIsIgnored) {
    Driver f(follower());
    f.receive(request('W', "001", "000"));
    f.take_sent();
    f.receive("M0000172100");  // it is our (White's) turn
    EXPECT_TRUE(f.sent_chat());
    EXPECT_TRUE(f.non_chat().empty());
    EXPECT_TRUE(f.session.moves().empty());
    f.answer("32-28");
    EXPECT_EQ(f.non_chat(), std::vector<std::string>{"M0000322800"});
}

TEST(DxpSession, IllegalMoveEndsTheGame) {
    Driver f(follower());
    f.receive(request('Z', "001", "000"));
    f.take_sent();
    f.receive("M0000322600");  // 32-26 is not a move
    EXPECT_TRUE(f.sent_chat());
    EXPECT_EQ(f.non_chat(), std::vector<std::string>{"E30"});
    ASSERT_EQ(f.games.size(), 1u);
    EXPECT_EQ(f.games[0].result(), GameResult::BlackWins);
    EXPECT_NE(f.games[0].termination.find("illegal"), std::string::npos);
    f.receive("E00");
    EXPECT_EQ(f.session.state(), DialogueState::Idle);
}

TEST(DxpSession, CaptureMatchedAsASetAndRequiredInFull) {
    // White man 32 can take 27 and 17 landing on 12 (docs/protocols.md, DXP 8).
    const std::string board = "eeeeeeeeeeeeeeeezeeeeeeeeezeeeeweeeeeeeeeeeeeeeeee";
    {
        Driver f(follower());
        f.receive(request('Z', "001", "000", "BW" + board));
        f.take_sent();
        f.receive("M00003212022717");                                   // captured squares in the other order
        EXPECT_TRUE(f.take_sent() == std::vector<std::string>{"E10"});  // Black has nothing left
    }
    {
        Driver f(follower());
        f.receive(request('Z', "001", "000", "BW" + board));
        f.take_sent();
        f.receive(
            "M00003212011"
            "7");  // only one captured piece: not the legal capture
        EXPECT_EQ(f.non_chat(), std::vector<std::string>{"E30"});
    }
    {
        Driver f(follower());
        f.receive(request('Z', "001", "000", "BW" + board));
        f.take_sent();
        f.receive("M0000321202");  // capture count without the list: unreadable move
        EXPECT_EQ(f.non_chat(), std::vector<std::string>{"E30"});
    }
}

TEST(DxpSession, WarningsAreCapped) {
    DialogueConfig c = follower();
    c.max_warnings = 3;
    Driver f(c);
    for (int i = 0; i < 10; ++i) f.receive("junk");
    EXPECT_EQ(f.sent.size(), 4u);  // three warnings and one "no more reported"
    f.take(f.session.receive_invalid("message longer than 127 characters", 0));
    EXPECT_EQ(f.sent.size(), 4u);
}

TEST(DxpSession, IdlePeerIsHungUpOn) {
    DialogueConfig c = follower();
    c.idle_timeout = 100;
    Driver f(c);
    f.take(f.session.connected(0));
    // Chat, junk and refused requests do not hold a connection slot: only games count.
    f.receive("CHello", 50);
    f.receive("junk", 60);
    f.receive(request('Z', "000", "000"), 70);
    ASSERT_TRUE(f.session.deadline().has_value());
    EXPECT_NEAR(*f.session.deadline(), 100.0, 1e-9);
    f.take(f.session.timeout(99));
    EXPECT_FALSE(f.closed);
    f.take(f.session.timeout(100));
    EXPECT_TRUE(f.closed);
    EXPECT_TRUE(f.games.empty());
}

TEST(DxpSession, ChatEveryFewMinutesDoesNotHoldTheConnection) {
    Driver f(follower());  // the default idle timeout
    f.take(f.session.connected(0));
    double now = 0;
    for (int i = 0; i < 10 && !f.closed; ++i) {
        now += 500;
        f.take(f.session.timeout(now));
        if (!f.closed) f.receive("Cstill here", now);
    }
    EXPECT_TRUE(f.closed);
    EXPECT_LE(now, 1000);
}

TEST(DxpSession, TheIdleTimeStartsAgainAfterAGame) {
    DialogueConfig c = follower();
    c.idle_timeout = 100;
    Driver f(c);
    f.take(f.session.connected(0));
    f.receive(request('Z', "001", "000"), 10);
    ASSERT_EQ(f.session.state(), DialogueState::Playing);
    f.receive("E00", 80);  // the initiator ends it
    ASSERT_NE(f.session.state(), DialogueState::Playing);
    ASSERT_TRUE(f.session.deadline().has_value());
    EXPECT_NEAR(*f.session.deadline(), 180.0, 1e-9);
}

TEST(DxpSession, ErrorChatsCarryNoControlBytes) {
    Driver f(follower());
    // The peer's own bytes come back quoted in the error: a MOVE whose seconds are an escape
    // sequence, a line feed and a bell, and a GAMEREQ whose version is one.
    f.receive(
        "M\x1b[\n\x07"
        "322800");
    f.receive(std::string("R\x1b\n") + std::string(32, ' ') + "Z001000A");
    ASSERT_EQ(f.sent.size(), 3u);  // two error chats and the refusal
    for (const auto& s : f.sent)
        for (const char ch : s) {
            const auto u = static_cast<unsigned char>(ch);
            EXPECT_TRUE(u >= 0x20 && u < 0x7f) << "byte " << int(u) << " in " << s;
        }
}

TEST(DxpSession, AnUnreadableMoveWithALineBreakLeavesARecordThatReadsBack) {
    // Found by fuzzing: the peer's bytes, quoted in the game's Termination, broke the PDN.
    Driver f(follower());
    f.receive(request('Z', "001", "000"));
    f.receive("M000032280\n");
    f.receive("E00");
    ASSERT_EQ(f.games.size(), 1u);
    const std::string written = write_pdn(pdn_record(f.games[0], {}));
    const PdnFile back = read_pdn(written);
    EXPECT_TRUE(back.errors.empty()) << back.errors[0].text() << "\n" << written;
    EXPECT_EQ(back.games.size(), 1u);
}

TEST(DxpSession, DisconnectMidGameKeepsTheRecord) {
    Driver f(follower());
    f.receive(request('Z', "001", "000"));
    f.receive("M0000322800");
    f.answer("19-23");
    f.take_sent();
    f.take(f.session.disconnected(9));
    ASSERT_EQ(f.games.size(), 1u);
    EXPECT_EQ(f.games[0].result(), GameResult::Ongoing);
    EXPECT_EQ(f.games[0].game.moves().size(), 2u);
    EXPECT_NE(f.games[0].termination.find("disconnected"), std::string::npos);
    f.receive("M0000282200");
    EXPECT_TRUE(f.sent.empty());  // a closed session says nothing
    EXPECT_EQ(f.session.state(), DialogueState::Closed);
}

TEST(DxpSession, OpponentOverTheBudgetLosesOnTime) {
    Driver f(follower());
    f.receive(request('W', "001", "000"));  // 1 minute each
    f.answer("32-28", 0.0);
    f.take_sent();
    // Budget 60 s plus grace 10 s + 10 %: due at 76 s.
    ASSERT_TRUE(f.session.deadline().has_value());
    EXPECT_NEAR(*f.session.deadline(), 76.0, 1e-9);
    f.take(f.session.timeout(75.0));
    EXPECT_TRUE(f.take_sent().empty());
    f.take(f.session.timeout(76.5));
    EXPECT_EQ(f.non_chat(), std::vector<std::string>{"E30"});
    ASSERT_EQ(f.games.size(), 1u);
    EXPECT_EQ(f.games[0].result(), GameResult::WhiteWins);
    EXPECT_NE(f.games[0].termination.find("time ran out"), std::string::npos) << f.games[0].termination;
}

TEST(DxpSession, OurClockShrinksWithOurOwnTime) {
    Driver f(follower());
    f.receive(request('W', "001", "003"), 0);
    const Think first = f.thinks.back();
    EXPECT_EQ(first.limits.moves_to_go, 3);
    f.answer("32-28", 20.0);  // 20 s spent
    f.receive("M0000192300", 25.0);
    EXPECT_NEAR(f.thinks.back().limits.time_left, first.limits.time_left - 20.0, 1e-9);
    EXPECT_EQ(f.thinks.back().limits.moves_to_go, 2);
    EXPECT_LE(f.thinks.back().hard_limit, f.thinks.back().limits.time_left);
    f.answer("28x19", 84.0);  // 59 s: far too long, but the seconds field says so honestly
    EXPECT_EQ(f.sent.back(),
              "M0059281901"
              "23");
    f.receive(
        "M0000142301"
        "19",
        85.0);
    // Nothing left: never a negative budget, move at once.
    EXPECT_EQ(f.thinks.back().limits.time_left, 0.0);
    EXPECT_EQ(f.thinks.back().limits.depth, 1);
    EXPECT_EQ(f.thinks.back().limits.moves_to_go, 1);
    EXPECT_GT(f.thinks.back().hard_limit, 0.0);
}

// --- Initiator ------------------------------------------------------------------------------

TEST(DxpSession, InitiatorRequestsGamesWithAlternatingColours) {
    Driver i(initiator(2, 3, 50));
    i.take(i.session.connected(0));
    EXPECT_EQ(i.take_sent(), std::vector<std::string>{our_request('Z', "003", "050")});
    EXPECT_EQ(i.session.state(), DialogueState::Requested);
    i.receive(accept(0, "Scan 3.1"));
    EXPECT_EQ(i.session.peer_name(), "Scan 3.1");
    ASSERT_EQ(i.thinks.size(), 1u);  // we are White
    i.answer("32-28");
    i.receive("M0000172100");
    i.answer("28-22");
    i.take_sent();
    i.receive("E20");  // peer claims a draw: confirmed
    EXPECT_EQ(i.take_sent(), (std::vector<std::string>{"E00", our_request('W', "003", "050")}));
    ASSERT_EQ(i.games.size(), 1u);
    EXPECT_EQ(i.games[0].white, "Kroon");
    EXPECT_EQ(i.games[0].black, "Scan 3.1");
    i.receive(accept(0, "Scan 3.1"));
    EXPECT_EQ(i.session.our_color(), Color::Black);
    i.receive("M0000322800");
    i.answer("19-23");
    i.receive("E01");
    EXPECT_EQ(i.take_sent().back(), "E01");
    EXPECT_TRUE(i.closed);
}

TEST(DxpSession, InitiatorLastGameEndSaysStopAndWaitsForConfirmation) {
    DialogueConfig c = initiator(1, 1, 1);
    Driver i(c);
    i.take(i.session.connected(0));
    i.receive(accept(0, "Scan 3.1"));
    i.answer("32-28");
    i.receive("M0000172100");
    EXPECT_EQ(i.take_sent().back(), "E01");  // move limit on our turn; last game: stop
    EXPECT_EQ(i.session.state(), DialogueState::Ending);
    EXPECT_FALSE(i.closed);
    i.receive("E01");
    EXPECT_TRUE(i.closed);
}

TEST(DxpSession, InitiatorHandlesRefusals) {
    {
        Driver i(initiator(3));
        i.take(i.session.connected(0));
        i.take_sent();
        i.receive(accept(2, "Moby Dam"));  // not this game: the next one
        EXPECT_EQ(i.take_sent(), std::vector<std::string>{our_request('W', "001", "000")});
        i.receive(accept(3, "Moby Dam"));
        EXPECT_TRUE(i.closed);
        EXPECT_TRUE(i.take_sent().empty());
    }
    {
        Driver i(initiator(1));
        i.take(i.session.connected(0));
        ASSERT_TRUE(i.session.deadline().has_value());
        i.take(i.session.timeout(*i.session.deadline()));  // no answer at all (Moby on 000)
        EXPECT_TRUE(i.closed);
    }
}

TEST(DxpSession, InitiatorStartPositionsInTurnEachWithBothColours) {
    DialogueConfig c = initiator(4);
    c.match.start_positions = {rulebook(intl).start_position(), fen("W:W31,32:B19,20")};
    Driver i(c);
    i.take(i.session.connected(0));
    std::vector<std::string> requests;
    for (int g = 0; g < 4; ++g) {
        ASSERT_FALSE(i.sent.empty());
        requests.push_back(i.sent.back());
        i.take_sent();
        i.receive(accept(0, "Scan 3.1"));
        if (i.session.our_turn()) i.answer(i.session.position() == rulebook(intl).start_position() ? "32-28" : "31-27");
        i.take_sent();
        i.receive("E00");  // the peer ends each game at once
    }
    ASSERT_EQ(requests.size(), 4u);
    EXPECT_EQ(requests[0].substr(35, 1), "Z");
    EXPECT_EQ(requests[1].substr(35, 1), "W");
    EXPECT_EQ(requests[0].substr(42), "BW" + start_board);
    EXPECT_EQ(requests[2].substr(42), "BW" + board_string(fen("W:W31,32:B19,20")));
    EXPECT_EQ(requests[3].substr(35, 1), "W");
    EXPECT_TRUE(i.closed);
    EXPECT_EQ(i.games.size(), 4u);
}

// --- The owner-driven initiator (the match runner's) -------------------------------------

DialogueConfig owned_initiator() {
    DialogueConfig c;
    c.role = Role::Initiator;
    c.name = "Kroon match";
    c.requests_by_owner = true;
    c.grant_takebacks = false;
    return c;
}

TEST(DxpSession, OwnerRequestsEachGameAndNothingMore) {
    Driver i(owned_initiator());
    i.take(i.session.connected(0));
    EXPECT_TRUE(i.sent.empty());  // no GAMEREQ of its own
    GameRequest r;
    r.initiator_name = "Kroon match";
    r.follower_color = Color::Black;
    r.minutes = 3;
    i.take(i.session.request_game(r, 1));
    EXPECT_EQ(i.take_sent(), std::vector<std::string>{"R01" + padded("Kroon match") + "Z003000A"});
    EXPECT_EQ(i.session.state(), DialogueState::Requested);
    i.receive(accept(2, "Picky"), 2);  // refused: back to Idle, no next request of its own
    EXPECT_EQ(i.session.state(), DialogueState::Idle);
    EXPECT_EQ(i.session.refusal_code(), AcceptCode::NotThisGame);
    EXPECT_TRUE(i.take_sent().empty());
    EXPECT_FALSE(i.closed);
    i.take(i.session.request_game(r, 3));
    i.receive(accept(0, "Picky"), 4);
    EXPECT_EQ(i.session.state(), DialogueState::Playing);
    EXPECT_EQ(i.session.peer_name(), "Picky");
    ASSERT_EQ(i.thinks.size(), 1u);  // we are White: our move, from the owner
    i.answer("32-28", 5);
    i.receive("M0001192300", 6);
    // The owner's referee ends the game (say, by adjudication): GAMEEND with our reason.
    i.take_sent();
    i.take(i.session.end_game(Verdict{GameResult::Draw, Reason::Adjudication}, "move limit", 7));
    EXPECT_EQ(i.non_chat(), std::vector<std::string>{"E20"});  // a draw, and no stop
    ASSERT_EQ(i.games.size(), 1u);
    EXPECT_EQ(i.games[0].result(), GameResult::Draw);
    // The peer's next move crossed our GAMEEND: dropped without a complaint.
    i.take_sent();
    i.receive("M0001282300", 7.5);
    EXPECT_TRUE(i.take_sent().empty());
    i.receive("E00", 8);
    EXPECT_EQ(i.session.state(), DialogueState::Idle);
    EXPECT_FALSE(i.closed);
}

TEST(DxpSession, TakeBacksCanBeDeclined) {
    Driver i(owned_initiator());
    GameRequest r;
    r.follower_color = Color::White;
    r.minutes = 1;
    i.take(i.session.request_game(r, 0));
    i.receive(accept(0), 0);
    i.receive("M0001322800", 1);
    i.answer("19-23", 2);
    i.take_sent();
    i.receive("B001W", 3);
    EXPECT_EQ(i.non_chat(), std::vector<std::string>{"K1"});
    EXPECT_EQ(i.session.moves().size(), 2u);
}

}  // namespace
}  // namespace kroon::dxp
