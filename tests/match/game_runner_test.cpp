// play_game with scripted players: every way a player can lose off the board, adjudication,
// and openings, without any process.
#include <gtest/gtest.h>

#include <chrono>
#include <functional>
#include <limits>
#include <thread>

#include "engine/movegen/movegen.hpp"
#include "engine/rulebook/move_text.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "match/game_runner.hpp"

namespace kroon::match {
namespace {

// Plays the first legal move (or what `script` says), reporting `score`.
class ScriptedPlayer : public players::Player {
public:
    using Script = std::function<std::optional<players::Answer>(const Game&, const players::MoveRequest&)>;
    explicit ScriptedPlayer(Script script = {}, std::optional<int> score = std::nullopt)
        : script_(std::move(script)), score_(score) {}
    std::string name() const override { return "scripted"; }
    std::optional<players::Failure> new_game(const Game&, Color) override {
        ++games;
        return std::nullopt;
    }
    players::Answer think(const Game& game, const players::MoveRequest& request) override {
        requests.push_back(request);
        if (script_)
            if (auto answer = script_(game, request)) return *answer;
        MoveList legal;
        rulebook(game.variant()).generate_moves(game.position(), legal);
        return players::MoveReply{legal[0], score_, std::nullopt};
    }
    void game_over(const Game&) override { ++ended; }

    int games = 0;
    int ended = 0;
    std::vector<players::MoveRequest> requests;

private:
    Script script_;
    std::optional<int> score_;
};

Opening start(Variant v = Variant::International) { return {rulebook(v).start_position(), {}, "start"}; }

// Depth 1; a win adjudicated when both engines give one side 3 men for 3 moves each.
GameSettings score_adjudication(int max_moves = 0) {
    GameSettings s;
    s.limits.depth = 1;
    s.adjudication.win_score = 300;
    s.adjudication.win_moves = 3;
    s.adjudication.max_moves = max_moves;
    return s;
}

GameSettings with_clock(const char* tc) {
    GameSettings s;
    s.limits.clock = *parse_time_control(tc);
    return s;
}

TEST(GameRunner, PlaysToTheRefereesVerdict) {
    ScriptedPlayer white, black;
    GameSettings s;
    s.limits.depth = 1;
    const PlayedGame g = play_game(white, black, start(), s);
    EXPECT_TRUE(g.game.is_over());
    EXPECT_FALSE(g.failed.has_value());
    EXPECT_FALSE(g.abandoned);
    EXPECT_NE(g.game.verdict().reason, Reason::Adjudication);
    EXPECT_EQ(white.games, 1);
    EXPECT_EQ(black.ended, 1);
    EXPECT_EQ(white.requests.front().level.depth, 1);
    EXPECT_FALSE(white.requests.front().clock);  // no clock
    EXPECT_EQ(g.notes.size(), g.game.moves().size());
}

TEST(GameRunner, SlowMoveLosesOnTime) {  // KNDB art. 10.5, 12.1
    ScriptedPlayer white;
    ScriptedPlayer black([](const Game&, const players::MoveRequest&) -> std::optional<players::Answer> {
        std::this_thread::sleep_for(std::chrono::milliseconds(300));
        return std::nullopt;  // then the first legal move: too late
    });
    const PlayedGame g = play_game(white, black, start(), with_clock("0.2"));
    EXPECT_EQ(g.game.verdict(), (Verdict{GameResult::WhiteWins, Reason::TimeForfeit}));
    EXPECT_EQ(g.game.moves().size(), 1u);
    EXPECT_NE(g.game.detail().find("flag fell"), std::string::npos) << g.game.detail();
    EXPECT_FALSE(g.failed.has_value());  // slow, not broken: the process may stay
}

TEST(GameRunner, ClockRequestsCarryTimeIncrementAndMovesToGo) {
    ScriptedPlayer white, black;
    GameSettings s = with_clock("40/100:50+1");
    s.adjudication.max_moves = 3;
    play_game(white, black, start(), s);
    ASSERT_GE(white.requests.size(), 2u);
    ASSERT_TRUE(white.requests[0].clock && white.requests[1].clock);
    EXPECT_DOUBLE_EQ(white.requests[0].clock->time_left, 100);
    EXPECT_DOUBLE_EQ(white.requests[0].clock->increment, 1);
    EXPECT_EQ(white.requests[0].clock->moves_to_go, 40);
    EXPECT_EQ(white.requests[1].clock->moves_to_go, 39);
    EXPECT_GT(white.requests[1].clock->time_left, 100);  // the increment came after the first move
}

TEST(GameRunner, TimeoutWithoutAClockIsAHang) {
    ScriptedPlayer white([](const Game&, const players::MoveRequest& r) -> std::optional<players::Answer> {
        return players::Failure{players::Failure::Timeout, "no move within " + std::to_string(r.wait)};
    });
    ScriptedPlayer black;
    GameSettings s;
    s.limits.depth = 3;
    s.limits.hang_timeout = 5;
    const PlayedGame g = play_game(white, black, start(), s);
    EXPECT_EQ(g.game.verdict(), (Verdict{GameResult::BlackWins, Reason::EngineFailure}));
    EXPECT_EQ(g.failed, Color::White);
    EXPECT_DOUBLE_EQ(white.requests[0].wait, 5);
}

TEST(GameRunner, IllegalMoveAndCrashLose) {
    for (const auto kind : {players::Failure::IllegalMove, players::Failure::Crashed, players::Failure::Garbage}) {
        ScriptedPlayer white;
        ScriptedPlayer black([kind](const Game& g, const players::MoveRequest&) -> std::optional<players::Answer> {
            if (g.moves().size() < 5) return std::nullopt;
            return players::Failure{kind, "scripted failure"};
        });
        GameSettings s;
        s.limits.depth = 1;
        const PlayedGame g = play_game(white, black, start(), s);
        EXPECT_EQ(g.game.verdict().result, GameResult::WhiteWins);
        EXPECT_EQ(g.game.verdict().reason,
                  kind == players::Failure::IllegalMove ? Reason::IllegalMove : Reason::EngineFailure);
        EXPECT_EQ(g.failed, Color::Black);
        EXPECT_EQ(g.game.moves().size(), 5u);
        EXPECT_NE(g.game.termination().find("scripted failure"), std::string::npos);
    }
}

TEST(GameRunner, StopAbandonsTheGame) {
    std::atomic<bool> stop{false};
    ScriptedPlayer white([&](const Game& g, const players::MoveRequest&) -> std::optional<players::Answer> {
        if (g.moves().size() == 4) stop = true;
        return std::nullopt;
    });
    ScriptedPlayer black;
    GameSettings s;
    s.limits.depth = 1;
    const PlayedGame g = play_game(white, black, start(), s, &stop);
    EXPECT_TRUE(g.abandoned);
    EXPECT_FALSE(g.game.is_over());
    EXPECT_EQ(white.ended, 0);
}

TEST(GameRunner, MoveLimitAdjudicatesADraw) {
    ScriptedPlayer white, black;
    GameSettings s;
    s.limits.depth = 1;
    s.adjudication.max_moves = 10;
    const PlayedGame g = play_game(white, black, start(), s);
    if (g.game.verdict().reason == Reason::Adjudication) {
        EXPECT_EQ(g.game.verdict().result, GameResult::Draw);
        EXPECT_EQ(g.game.moves().size(), 20u);
        EXPECT_NE(g.game.detail().find("move limit 10"), std::string::npos);
    } else {
        EXPECT_LT(g.game.moves().size(), 20u);  // the rules ended it first
    }
}

TEST(GameRunner, ScoresAdjudicateAWinWhenBothEnginesAgree) {
    ScriptedPlayer white({}, 500);   // White thinks it is 5 men up
    ScriptedPlayer black({}, -500);  // and so does Black
    const PlayedGame g = play_game(white, black, start(), score_adjudication());
    EXPECT_EQ(g.game.verdict(), (Verdict{GameResult::WhiteWins, Reason::Adjudication}));
    EXPECT_EQ(g.game.moves().size(), 6u);
}

TEST(GameRunner, DisagreeingScoresAdjudicateNothing) {
    ScriptedPlayer white({}, 500), black({}, 500);  // each thinks it is winning
    const PlayedGame g = play_game(white, black, start(), score_adjudication(30));
    EXPECT_NE(g.game.verdict().result, GameResult::WhiteWins);
}

TEST(GameRunner, ScoresAtTheEdgeOfTheIntRangeAreClampedBeforeTheyAreNegated) {
    // Each engine says it is lost by the most an int can say: they disagree, so nothing may be
    // adjudicated; negating INT_MIN for Black's report used to make them agree on a Black win.
    ScriptedPlayer white({}, std::numeric_limits<int>::min()), black({}, std::numeric_limits<int>::min());
    const PlayedGame g = play_game(white, black, start(), score_adjudication(10));
    if (g.game.verdict().reason == Reason::Adjudication) {
        EXPECT_EQ(g.game.verdict().result, GameResult::Draw) << g.game.detail();
        EXPECT_NE(g.game.detail().find("move limit 10"), std::string::npos) << g.game.detail();
    } else {
        EXPECT_LT(g.game.moves().size(), 20u);  // the rules ended it first
    }
}

TEST(GameRunner, DrawAdjudicationWaitsForMoveForty) {  // KNDB art. 13.3
    ScriptedPlayer white({}, 0), black({}, 0);
    GameSettings s;
    s.limits.depth = 1;
    s.adjudication.draw_moves = 2;
    s.adjudication.draw_score = 10;
    s.adjudication.draw_from_move = 5;
    const PlayedGame g = play_game(white, black, start(), s);
    EXPECT_EQ(g.game.verdict(), (Verdict{GameResult::Draw, Reason::Adjudication}));
    EXPECT_EQ(g.game.moves().size(), 10u);
}

TEST(GameRunner, OpeningMovesArePartOfTheRecord) {
    Game prefix(rulebook(Variant::International));
    ASSERT_TRUE(prefix.play_text("32-28").ok());
    ASSERT_TRUE(prefix.play_text("19-23").ok());
    ScriptedPlayer white, black;
    GameSettings s;
    s.limits.depth = 1;
    s.adjudication.max_moves = 4;
    const PlayedGame g = play_game(white, black, {prefix.start(), prefix.moves(), "two moves"}, s);
    ASSERT_GE(g.game.moves().size(), 2u);
    EXPECT_EQ(g.game.moves()[0], prefix.moves()[0]);
    EXPECT_EQ(g.game.moves()[1], prefix.moves()[1]);
    EXPECT_EQ(white.requests.size() + black.requests.size() + 2, g.game.moves().size());
}

}  // namespace
}  // namespace kroon::match
