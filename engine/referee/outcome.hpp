// How a game ended: the result, the reason (with the rule article it comes from) and the
// points each side gets. Plain values, shared by the referee, PDN, the match runner and the
// front ends.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

#include "engine/rules/variant.hpp"
#include "engine/types.hpp"

namespace kroon {

struct RuleTraits;

enum class GameResult : std::uint8_t {
    Ongoing,
    WhiteWins,
    BlackWins,
    Draw,
    WhitePointsVictory,  // KNDB points-victory art. 8.4: 1.5-0.5
    BlackPointsVictory,
    BothLose,  // 0-0: both forfeit (KNDB points-victory art. 22.2, KNDB art. 13.3)
};

enum class Reason : std::uint8_t {
    None,
    // Decided on the board or by the clock.
    NoLegalMove,    // KNDB art. 8a; Frisian art. 20 (1e, 6e); English leaflet art. 6
                    // (antidraughts: the side that cannot move wins)
    FirstKing,      // breakthrough: the first side to crown a king wins
    Resignation,    // KNDB art. 8b; Frisian art. 20 (2e)
    TimeForfeit,    // KNDB art. 10, 12.1; Frisian art. 20 (5e)
    IllegalMove,    // an engine played a move that is not legal (KNDB art. 12.3)
    EngineFailure,  // an engine crashed, hung or sent garbage
    Agreement,      // KNDB art. 9a, 13; Frisian art. 21.2
    Adjudication,   // the match runner's adjudication (score, move limit)
    Abandoned,      // the match stopped before the game was finished
    // Draw rules.
    Repetition,       // KNDB art. 9e; KNDB points-victory art. 13.3a/b; Kroon's 8x8 rule
    NoProgress,       // KNDB art. 9d (25 king moves each); KNDB points-victory art. 13.3c; 8x8
    LoneKingVsTwo,    // KNDB art. 9b; KNDB points-victory art. 9.2b
    LoneKingVsThree,  // KNDB art. 9c (16 moves); KNDB points-victory art. 8.6 (25 more moves)
    LongDiagonal,     // KNDB points-victory art. 9.2a
    TwoKingsVsOne,    // Frisian art. 18
    OneKingEach,      // Frisian art. 21.1
};

struct Verdict {
    GameResult result = GameResult::Ongoing;
    Reason reason = Reason::None;
    bool over() const { return result != GameResult::Ongoing; }
    friend bool operator==(const Verdict&, const Verdict&) = default;
};

// The variant's way of scoring (Rulebook::scoring): the KNDB 2-point scale (international)
// or 1 point (Frisian art. 19, English, the other variants). Points victory only exists on
// the 2-point scale (KNDB points-victory art. 22).
enum class Scoring { OnePoint, TwoPoints };

// Points the side gets under the scoring (e.g. 2, 1.5, 1, 0.5, 0 on the 2-point scale).
double points(GameResult result, Color side, Scoring scoring);
// Points as a fraction of a win (1, 0.75, 0.5, 0.25, 0): what rating statistics use.
double score_fraction(GameResult result, Color side);

GameResult win_for(Color side);
GameResult points_victory_for(Color side);

// PDN result token: "2-0"/"1-1"/"0-2"/"0-0" on the 2-point scale with "1.5-0.5"/"0.5-1.5"
// for a points victory (our extension: PDN 3.0 has no token for it); "1-0"/"1/2-1/2"/"0-1"/
// "0-0" otherwise; "*" while the game goes on.
std::string result_text(GameResult result, Scoring scoring);
// Reads any of the tokens above in either scale; nullopt for anything else.
std::optional<GameResult> parse_result(std::string_view text);

// Short name of a reason ("repetition", "time forfeit").
std::string_view reason_name(Reason reason);
// Human text citing the article, e.g. "draw: the same position for the third time with the
// same side to move (KNDB art. 9e)". `points_victory` selects the KNDB points-victory articles.
std::string describe_verdict(const RuleTraits& traits, bool points_victory, Verdict verdict);

// The reason behind a description written by describe() (e.g. read back from a PDN
// Termination tag, possibly followed by " - detail"); Reason::None when none matches.
Reason reason_of_description(const RuleTraits& traits, bool points_victory, GameResult result, std::string_view text);

}  // namespace kroon
