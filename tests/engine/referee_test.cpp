// One test per result and draw rule, from positions and move sequences built here.
#include <gtest/gtest.h>

#include <functional>

#include "engine/movegen/movegen.hpp"
#include "engine/record/game.hpp"
#include "engine/referee/referee.hpp"
#include "engine/rulebook/rulebook.hpp"

namespace kroon {
namespace {

Game game_from(Variant v, const char* fen, RuleOptions options = {}) {
    const auto pos = rulebook(v).parse_fen(fen);
    EXPECT_TRUE(pos.ok()) << pos.error();
    return Game(rulebook(v), *pos, options);
}

void play(Game& g, std::initializer_list<const char*> moves) {
    for (const char* m : moves) {
        const auto played = g.play_text(m);
        ASSERT_TRUE(played.ok()) << m << ": " << played.error();
    }
}

bool opponent_can_capture(const Game& g) {
    MoveList list;
    rulebook(g.variant()).generate_moves(g.position(), list);
    return !list.empty() && list[0].is_capture();
}

// Plays `plies` quiet king moves, each time the first one (in generator order) that gives
// the opponent no capture, satisfies `keep`, and makes the least repeated position; the game
// must not end before the last ply. Returns the number of plies played.
int shuffle_kings(Game& g, int plies, const std::function<bool(const Game&)>& keep = {}) {
    for (int ply = 0; ply < plies; ++ply) {
        MoveList legal;
        rulebook(g.variant()).generate_moves(g.position(), legal);
        std::optional<Move> best;
        int best_occurrences = 99;
        for (const Move& m : legal) {
            if (m.is_capture() || !(g.position().kings() & bit(m.from))) continue;
            Game trial = g;
            trial.play(m);
            if (ply + 1 < plies && trial.is_over()) continue;
            if (opponent_can_capture(trial) || (keep && !keep(trial))) continue;
            if (trial.occurrences() < best_occurrences) {
                best = m;
                best_occurrences = trial.occurrences();
            }
        }
        if (!best) return ply;
        g.play(*best);
    }
    return plies;
}

// --- wins -------------------------------------------------------------------------------

TEST(Referee, CapturingTheLastPieceWins) {  // KNDB art. 8a
    Game g = game_from(Variant::International, "W:W28:B23");
    EXPECT_FALSE(g.is_over());
    play(g, {"28x19"});
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::WhiteWins, Reason::NoLegalMove}));
    EXPECT_NE(g.termination().find("KNDB art. 8a"), std::string::npos) << g.termination();
    EXPECT_FALSE(g.play_text("19-14").ok());  // no moves after the end
}

TEST(Referee, BlockedSideToMoveLoses) {
    // Black man on 6 is blocked by the white men on 11 and 17 (6x17 would need 17 empty
    // behind 11), so Black to move has no legal move.
    Game g = game_from(Variant::International, "B:W11,17:B6");
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::WhiteWins, Reason::NoLegalMove}));
}

TEST(Referee, EnglishNoMoveLoses) {  // English art. 6
    Game g = game_from(Variant::English, "B:W18:B14");
    EXPECT_FALSE(g.is_over());
    play(g, {"14x23"});
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::BlackWins, Reason::NoLegalMove}));
}

TEST(Referee, AntidraughtsIsWonByTheSideThatCannotMove) {
    Game g = game_from(Variant::Antidraughts, "W:W28:B23");
    play(g, {"28x19"});
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::BlackWins, Reason::NoLegalMove}));
    EXPECT_NE(g.termination().find("Black to move has no legal move"), std::string::npos) << g.termination();
}

TEST(Referee, BreakthroughIsWonByTheFirstKing) {
    Game g = game_from(Variant::Breakthrough, "W:W6:B45");
    play(g, {"6-1"});
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::WhiteWins, Reason::FirstKing}));
    EXPECT_EQ(game_from(Variant::Breakthrough, "W:WK1:B20").verdict(),
              (Verdict{GameResult::WhiteWins, Reason::FirstKing}));
}

// --- international draws (KNDB art. 9) -------------------------------------------------------

TEST(Referee, ThirdRepetitionWithSameSideToMoveDraws) {  // art. 9e
    Game g = game_from(Variant::International, "W:WK47,K48:BK3,K4");
    for (int cycle = 0; cycle < 2; ++cycle) {
        play(g, {"47-41", "3-8", "41-47"});
        EXPECT_FALSE(g.is_over()) << "cycle " << cycle;
        play(g, {"8-3"});
        EXPECT_EQ(g.occurrences(), cycle + 2);
    }
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::Repetition}));
    EXPECT_NE(g.termination().find("art. 9e"), std::string::npos);
}

TEST(Referee, RepetitionNeedsTheSameSideToMove) {
    // The same piece placement with the other side to move is another position.
    // White's king goes round 47-42-38-47 on one diagonal while Black's goes 3-8-3.
    Game g = game_from(Variant::International, "W:WK47,K48:BK3,K4");
    play(g, {"47-42", "3-8", "42-38", "8-3", "38-47"});
    EXPECT_EQ(g.position().pieces(Color::White), g.start().pieces(Color::White));
    EXPECT_EQ(g.position().pieces(Color::Black), g.start().pieces(Color::Black));
    EXPECT_EQ(g.occurrences(), 1);
    EXPECT_FALSE(g.is_over());
}

TEST(Referee, TwentyFiveKingMovesEachDraw) {  // art. 9d
    Game g = game_from(Variant::International, "W:WK46,K50,35:BK5,K1,16");
    ASSERT_EQ(shuffle_kings(g, 49), 49);
    EXPECT_FALSE(g.is_over());
    EXPECT_EQ(g.counters().reversible_plies, 49);
    ASSERT_EQ(shuffle_kings(g, 1), 1);
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::NoProgress}));
}

TEST(Referee, ManMoveRestartsTheKingMoveCount) {
    Game g = game_from(Variant::International, "W:WK46,K50,35:BK5,K1,16");
    ASSERT_EQ(shuffle_kings(g, 30), 30);
    play(g, {"35-30"});
    EXPECT_EQ(g.counters().reversible_plies, 0);
}

TEST(Referee, OneKingAgainstTwoDrawsAfterFiveMovesEach) {  // art. 9b
    Game g = game_from(Variant::International, "W:WK47,35:BK4");
    EXPECT_EQ(g.counters().endgame.kind, Endgame::LoneKingVsTwo);
    ASSERT_EQ(shuffle_kings(g, 9), 9);
    EXPECT_FALSE(g.is_over());
    ASSERT_EQ(shuffle_kings(g, 1), 1);
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::LoneKingVsTwo}));
}

TEST(Referee, OneKingEachIsTheFiveMoveCaseInInternational) {
    Game g = game_from(Variant::International, "W:WK47:BK4");
    ASSERT_EQ(shuffle_kings(g, 10), 10);
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::LoneKingVsTwo}));
}

TEST(Referee, OneKingAgainstThreeDrawsAfterSixteenMovesEach) {  // art. 9c
    Game g = game_from(Variant::International, "W:WK47,35,45:BK4");
    EXPECT_EQ(g.counters().endgame.kind, Endgame::LoneKingVsThree);
    ASSERT_EQ(shuffle_kings(g, 31), 31);
    EXPECT_FALSE(g.is_over());
    ASSERT_EQ(shuffle_kings(g, 1), 1);
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::LoneKingVsThree}));
}

TEST(Referee, CaptureIntoOneKingAgainstTwoRestartsTheCount) {
    // One king against three; White gives up the man on 35 (35-30), the black king must take
    // it (24x35): now one king against two, and the 5-move count starts from that capture.
    Game g = game_from(Variant::International, "W:WK46,35,45:BK24");
    play(g, {"35-30"});
    EXPECT_EQ(g.counters().endgame.kind, Endgame::LoneKingVsThree);
    EXPECT_EQ(g.counters().endgame_plies, 1);
    play(g, {"24x35"});
    EXPECT_EQ(g.counters().endgame.kind, Endgame::LoneKingVsTwo);
    EXPECT_EQ(g.counters().endgame_plies, 0);
    EXPECT_EQ(g.counters().endgame.strong, Color::White);
}

// --- points victory (KNDB points-victory articles) -------------------------------------------------------------

RuleOptions points() {
    RuleOptions o;
    o.points_victory = true;
    return o;
}

TEST(PointsVictory, SixteenMoveRuleIsDroppedAndTwentyFiveMovesDecideByDiscs) {  // art. 8.6
    // King and two men against a king: 4 discs against 2 is no lead of 3: a draw.
    Game g = game_from(Variant::International, "W:WK46,35,45:BK1", points());
    ASSERT_EQ(shuffle_kings(g, 49, [](const Game& t) { return !t.counters().fortress; }), 49);
    EXPECT_FALSE(g.is_over());
    ASSERT_EQ(shuffle_kings(g, 1), 1);
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::LoneKingVsThree}));
    EXPECT_NE(g.termination().find("art. 8.6"), std::string::npos);
}

TEST(PointsVictory, TwoKingsAndAManAgainstOneKingWinOnPoints) {  // art. 8.6, 5 discs vs 2
    Game g = game_from(Variant::International, "W:WK47,K50,35:BK4", points());
    ASSERT_EQ(shuffle_kings(g, 50), 50);
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::WhitePointsVictory, Reason::LoneKingVsThree}));
    EXPECT_EQ(result_text(g.verdict().result, Scoring::TwoPoints), "1.5-0.5");
    EXPECT_DOUBLE_EQ(points(g.verdict().result, Color::White, Scoring::TwoPoints), 1.5);
}

TEST(PointsVictory, LongDiagonalFortressDrawsAfterFiveMoves) {  // art. 9.2a
    // Black king on the long diagonal (23); White's men on 40 and 45 must cross it.
    Game g = game_from(Variant::International, "B:WK47,40,45:BK23", points());
    EXPECT_TRUE(g.counters().fortress);
    const auto keep = [](const Game& t) { return t.counters().fortress; };
    ASSERT_EQ(shuffle_kings(g, 9, keep), 9);
    EXPECT_FALSE(g.is_over());
    ASSERT_EQ(shuffle_kings(g, 1, keep), 1);
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::LongDiagonal}));
}

TEST(PointsVictory, MenInFrontOfTheDiagonalAreNoFortress) {
    EXPECT_FALSE(game_from(Variant::International, "B:WK47,22,45:BK23", points()).counters().fortress);
    EXPECT_FALSE(game_from(Variant::International, "B:WK47,40,45:BK22", points()).counters().fortress);
}

TEST(PointsVictory, OneKingAgainstTwoStillDrawsAfterFiveMoves) {  // art. 9.2b
    Game g = game_from(Variant::International, "W:WK47,35:BK4", points());
    ASSERT_EQ(shuffle_kings(g, 10), 10);
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::LoneKingVsTwo}));
}

TEST(PointsVictory, RepetitionClaimGoesToTheSideThreeDiscsAhead) {  // art. 13.3a/b
    Game g = game_from(Variant::International, "W:WK47,K48,45,49,50:BK3,K4", points());
    play(g, {"47-41", "3-8", "41-47", "8-3", "47-41", "3-8", "41-47"});
    EXPECT_FALSE(g.is_over());
    play(g, {"8-3"});
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::WhitePointsVictory, Reason::Repetition}));
    EXPECT_NE(g.termination().find("13.3"), std::string::npos);
}

TEST(PointsVictory, RepetitionClaimWithoutALeadIsADraw) {
    Game g = game_from(Variant::International, "W:WK47,K48,45,50:BK3,K4", points());
    play(g, {"47-41", "3-8", "41-47", "8-3", "47-41", "3-8", "41-47", "8-3"});
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::Repetition}));
}

TEST(PointsVictory, NoProgressClaimAfterTwentyFiveMovesEach) {  // art. 13.3c
    Game g = game_from(Variant::International, "W:WK47,K48,35,45:BK4,16", points());
    ASSERT_EQ(shuffle_kings(g, 49), 49);
    EXPECT_FALSE(g.is_over());
    ASSERT_EQ(shuffle_kings(g, 1), 1);
    // 2 + 2 + 1 + 1 = 6 discs against 2 + 1 = 3: a lead of 3.
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::WhitePointsVictory, Reason::NoProgress}));
}

TEST(PointsVictory, DiscCountTakesKingsAsTwo) {
    EXPECT_EQ(result_by_discs(*rulebook(Variant::International).parse_fen("W:WK1,K2:B20")),
              GameResult::WhitePointsVictory);
    EXPECT_EQ(result_by_discs(*rulebook(Variant::International).parse_fen("W:WK1,10:B20")), GameResult::Draw);
    EXPECT_EQ(result_by_discs(*rulebook(Variant::International).parse_fen("W:W40:BK1,K20")),
              GameResult::BlackPointsVictory);
}

// --- Frisian (Frisian rules) ----------------------------------------------------------------------

TEST(Frisian, TwoKingsMustWinAgainstOneWithinSevenMoves) {  // art. 18
    Game g = game_from(Variant::Frisian, "W:WK47,K48:BK4");
    EXPECT_EQ(g.counters().endgame.kind, Endgame::TwoKingsVsOne);
    ASSERT_EQ(shuffle_kings(g, 12), 12);  // 6 white moves, 6 black
    EXPECT_EQ(g.counters().strong_moves, 6);
    EXPECT_FALSE(g.is_over());
    ASSERT_EQ(shuffle_kings(g, 1), 1);  // White's 7th move
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::TwoKingsVsOne}));
    EXPECT_NE(g.termination().find("Frisian art. 18"), std::string::npos);
}

TEST(Frisian, TwoKingsCountOnlyTheStrongSidesMoves) {
    Game g = game_from(Variant::Frisian, "B:WK47,K48:BK4");
    ASSERT_EQ(shuffle_kings(g, 13), 13);  // Black first: 7 black moves, 6 white
    EXPECT_EQ(g.counters().strong_moves, 6);
    EXPECT_FALSE(g.is_over());
}

TEST(Frisian, OneKingEachIsADrawAtOnce) {  // art. 21.1
    Game g = game_from(Variant::Frisian, "W:WK47:BK4");
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::OneKingEach}));
    EXPECT_NE(g.termination().find("Frisian art. 21"), std::string::npos);
}

TEST(Frisian, OneKingEachGoesOnWhenAKingIsEnPriseOrMustMoveIntoCapture) {
    // Black's king on 41 stands en prise to the white king on 46: no draw.
    Game g = game_from(Variant::Frisian, "B:WK46:BK41");
    EXPECT_FALSE(g.is_over());
    // In the corner 5 it is safe, but now every move of the white king from 46 runs along
    // the long diagonal into the black king's capture: still no draw.
    play(g, {"41-5"});
    EXPECT_FALSE(g.is_over());
    MoveList moves;
    rulebook(Variant::Frisian).generate_moves(g.position(), moves);
    ASSERT_TRUE(g.play(moves[0]));
    MoveList captures;
    rulebook(Variant::Frisian).generate_moves(g.position(), captures);
    ASSERT_TRUE(captures[0].is_capture());
    ASSERT_TRUE(g.play(captures[0]));
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::BlackWins, Reason::NoLegalMove}));
}

TEST(Frisian, OneKingEachGoesOnWhenTheSideToMoveCanCapture) {
    Game g = game_from(Variant::Frisian, "W:WK28:BK23");
    EXPECT_FALSE(g.is_over());
    EXPECT_FALSE(one_king_each_is_draw<Frisian>(g.position()));
}

TEST(Frisian, RepetitionIsNoRuleUnlessEnabled) {
    const char* fen = "W:WK45,K46:BK1,K5";
    const auto cycle = {"45-50", "1-6", "50-45", "6-1", "45-50", "1-6", "50-45", "6-1"};
    Game plain = game_from(Variant::Frisian, fen);
    play(plain, cycle);
    EXPECT_EQ(plain.occurrences(), 3);
    EXPECT_FALSE(plain.is_over());
    RuleOptions o;
    o.frisian_repetition = true;
    Game with = game_from(Variant::Frisian, fen, o);
    play(with, cycle);
    EXPECT_EQ(with.verdict(), (Verdict{GameResult::Draw, Reason::Repetition}));
}

// --- English (Huisman en Hötte leaflet, English part)
// ------------------------------------------------------------------

TEST(English, ThirdRepetitionDraws) {  // Kroon's rule for the 8x8 games
    Game g = game_from(Variant::English, "B:WK29,K32:BK1,K4");
    play(g, {"1-5", "32-28", "5-1", "28-32", "1-5", "32-28", "5-1"});
    EXPECT_FALSE(g.is_over());
    play(g, {"28-32"});
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::Repetition}));
}

TEST(English, NoProgressLimitDraws) {
    RuleOptions o;
    o.no_progress_moves_8x8 = 10;
    Game g = game_from(Variant::English, "B:WK29,K32,21:BK1,K4,12", o);
    ASSERT_EQ(shuffle_kings(g, 19), 19);
    EXPECT_FALSE(g.is_over());
    ASSERT_EQ(shuffle_kings(g, 1), 1);
    EXPECT_EQ(g.verdict(), (Verdict{GameResult::Draw, Reason::NoProgress}));
}

TEST(English, NoDrawRulesOfTenByTen) {
    Game g = game_from(Variant::English, "B:WK29:BK1");  // one king each: plays on
    ASSERT_EQ(shuffle_kings(g, 12), 12);
    EXPECT_FALSE(g.is_over());
}

// --- game record and outcomes ----------------------------------------------------------------

TEST(GameRecord, UndoRestoresPositionCountersAndVerdict) {
    Game g = game_from(Variant::International, "W:W28:B23");
    play(g, {"28x19"});
    ASSERT_TRUE(g.is_over());
    ASSERT_TRUE(g.undo());
    EXPECT_FALSE(g.is_over());
    EXPECT_EQ(g.position(), *rulebook(Variant::International).parse_fen("W:W28:B23"));
    EXPECT_TRUE(g.moves().empty());
}

TEST(GameRecord, IllegalMovesAreRefused) {
    Game g(rulebook(Variant::International));
    EXPECT_FALSE(g.play_text("31-22").ok());
    EXPECT_FALSE(g.play_text("19-23").ok());  // Black's move, White to play
    EXPECT_TRUE(g.play_text("32-28").ok());
    EXPECT_EQ(g.moves().size(), 1u);
}

TEST(GameRecord, OffBoardEndingsKeepTheirDetail) {
    Game g(rulebook(Variant::International));
    g.end({GameResult::BlackWins, Reason::TimeForfeit}, "White's flag fell after 12 moves");
    EXPECT_TRUE(g.is_over());
    EXPECT_NE(g.termination().find("KNDB art. 10"), std::string::npos);
    EXPECT_NE(g.termination().find("flag fell"), std::string::npos);
}

TEST(Outcome, ResultTokensReadBack) {
    for (GameResult r : {GameResult::WhiteWins, GameResult::BlackWins, GameResult::Draw, GameResult::BothLose,
                         GameResult::WhitePointsVictory, GameResult::BlackPointsVictory, GameResult::Ongoing})
        for (Scoring s : {Scoring::OnePoint, Scoring::TwoPoints}) {
            if ((r == GameResult::WhitePointsVictory || r == GameResult::BlackPointsVictory) && s == Scoring::OnePoint)
                continue;
            EXPECT_EQ(parse_result(result_text(r, s)), r) << result_text(r, s);
        }
    EXPECT_EQ(result_text(GameResult::Draw, Scoring::TwoPoints), "1-1");
    EXPECT_EQ(result_text(GameResult::Draw, Scoring::OnePoint), "1/2-1/2");
    EXPECT_FALSE(parse_result("1-18").has_value());
}

}  // namespace
}  // namespace kroon
