#include "engine/referee/outcome.hpp"

#include "engine/rules/traits.hpp"

namespace kroon {
namespace {

bool is_white_side(GameResult r) { return r == GameResult::WhiteWins || r == GameResult::WhitePointsVictory; }

std::string_view result_phrase(GameResult r) {
    switch (r) {
        case GameResult::Ongoing: return "game in progress";
        case GameResult::WhiteWins: return "White wins";
        case GameResult::BlackWins: return "Black wins";
        case GameResult::Draw: return "draw";
        case GameResult::WhitePointsVictory: return "points victory for White";
        case GameResult::BlackPointsVictory: return "points victory for Black";
        case GameResult::BothLose: return "both lose";
    }
    return "?";
}

// The article a reason comes from, per variant and rule set.
std::string_view article(const RuleTraits& traits, bool points, Reason reason) {
    const bool frisian = traits.orthogonal_captures;
    const bool small_board = traits.squares == 32;
    switch (reason) {
        case Reason::NoLegalMove:
            if (traits.losing_game) return "antidraughts rules";
            return frisian                              ? "Frisian art. 20"
                   : traits.variant == Variant::English ? "Huisman en Hötte leaflet, English art. 6"
                   : small_board                        ? ""
                                                        : "KNDB art. 8a";
        case Reason::FirstKing: return "breakthrough rules";
        case Reason::Resignation: return frisian ? "Frisian art. 20" : "KNDB art. 8b";
        case Reason::TimeForfeit: return frisian ? "Frisian art. 20" : "KNDB art. 10, 12.1";
        case Reason::IllegalMove: return "KNDB art. 12.3";
        case Reason::Agreement:
            return frisian ? "Frisian art. 21.2" : points ? "KNDB points-victory art. 9.1" : "KNDB art. 9a";
        case Reason::Repetition:
            return small_board ? "Kroon's rule for the 8x8 games"
                   : frisian   ? "not a Frisian rule; enabled as an option"
                   : points    ? "KNDB points-victory art. 13.3a/b"
                               : "KNDB art. 9e";
        case Reason::NoProgress:
            return small_board ? "Kroon's no-progress limit for the 8x8 games"
                   : points    ? "KNDB points-victory art. 13.3c"
                               : "KNDB art. 9d";
        case Reason::LoneKingVsTwo: return points ? "KNDB points-victory art. 9.2b" : "KNDB art. 9b";
        case Reason::LoneKingVsThree: return points ? "KNDB points-victory art. 8.6" : "KNDB art. 9c";
        case Reason::LongDiagonal: return "KNDB points-victory art. 9.2a";
        case Reason::TwoKingsVsOne: return "Frisian art. 18";
        case Reason::OneKingEach: return "Frisian art. 21.1";
        default: return "";
    }
}

std::string_view reason_phrase(const RuleTraits& traits, Reason reason, bool points) {
    switch (reason) {
        case Reason::None: return "";
        case Reason::NoLegalMove: return "the side to move has no legal move";
        case Reason::FirstKing: return "the winner crowned the first king";
        case Reason::Resignation: return "resignation";
        case Reason::TimeForfeit: return "the loser's time ran out";
        case Reason::IllegalMove: return "the loser played an illegal move";
        case Reason::EngineFailure: return "the loser's engine failed";
        case Reason::Agreement: return "by agreement";
        case Reason::Adjudication: return "adjudicated by the match runner";
        case Reason::Abandoned: return "the game was not finished";
        case Reason::Repetition:
            return points ? "claim: the same position for the third time, result by the disc count"
                          : "the same position for the third time with the same side to move";
        case Reason::NoProgress:
            if (points) return "claim: 25 moves each without a capture or a man move, result by the disc count";
            return traits.squares == 32 ? "the no-progress limit of moves each without a capture or a man move"
                                        : "25 moves each with only kings moving and no capture";
        case Reason::LoneKingVsTwo: return "5 moves each with one king against at most two pieces including a king";
        case Reason::LoneKingVsThree:
            return points
                       ? "25 moves each with one king against three pieces including a king, result by the disc count"
                       : "16 moves each with one king against three pieces including a king";
        case Reason::LongDiagonal:
            return "5 moves each with a lone king on the long diagonal against a king and two men behind it";
        case Reason::TwoKingsVsOne: return "two kings did not beat one king within 7 moves";
        case Reason::OneKingEach: return "one king each, neither en prise nor forced to move into a capture";
    }
    return "";
}

}  // namespace

GameResult win_for(Color side) { return side == Color::White ? GameResult::WhiteWins : GameResult::BlackWins; }

GameResult points_victory_for(Color side) {
    return side == Color::White ? GameResult::WhitePointsVictory : GameResult::BlackPointsVictory;
}

double score_fraction(GameResult result, Color side) {
    const bool white = side == Color::White;
    switch (result) {
        case GameResult::WhiteWins: return white ? 1.0 : 0.0;
        case GameResult::BlackWins: return white ? 0.0 : 1.0;
        case GameResult::Draw: return 0.5;
        case GameResult::WhitePointsVictory: return white ? 0.75 : 0.25;
        case GameResult::BlackPointsVictory: return white ? 0.25 : 0.75;
        case GameResult::Ongoing:
        case GameResult::BothLose: return 0.0;
    }
    return 0.0;
}

double points(GameResult result, Color side, Scoring scoring) {
    return score_fraction(result, side) * (scoring == Scoring::TwoPoints ? 2.0 : 1.0);
}

std::string result_text(GameResult result, Scoring scoring) {
    const bool two = scoring == Scoring::TwoPoints;
    switch (result) {
        case GameResult::Ongoing: return "*";
        case GameResult::WhiteWins: return two ? "2-0" : "1-0";
        case GameResult::BlackWins: return two ? "0-2" : "0-1";
        case GameResult::Draw: return two ? "1-1" : "1/2-1/2";
        case GameResult::WhitePointsVictory: return "1.5-0.5";
        case GameResult::BlackPointsVictory: return "0.5-1.5";
        case GameResult::BothLose: return "0-0";
    }
    return "*";
}

std::optional<GameResult> parse_result(std::string_view text) {
    if (text == "*") return GameResult::Ongoing;
    if (text == "2-0" || text == "1-0") return GameResult::WhiteWins;
    if (text == "0-2" || text == "0-1") return GameResult::BlackWins;
    if (text == "1-1" || text == "1/2-1/2") return GameResult::Draw;
    if (text == "1.5-0.5") return GameResult::WhitePointsVictory;
    if (text == "0.5-1.5") return GameResult::BlackPointsVictory;
    if (text == "0-0") return GameResult::BothLose;
    return std::nullopt;
}

std::string_view reason_name(Reason reason) {
    switch (reason) {
        case Reason::None: return "none";
        case Reason::NoLegalMove: return "no legal move";
        case Reason::FirstKing: return "first king";
        case Reason::Resignation: return "resignation";
        case Reason::TimeForfeit: return "time forfeit";
        case Reason::IllegalMove: return "illegal move";
        case Reason::EngineFailure: return "engine failure";
        case Reason::Agreement: return "agreement";
        case Reason::Adjudication: return "adjudication";
        case Reason::Abandoned: return "abandoned";
        case Reason::Repetition: return "repetition";
        case Reason::NoProgress: return "no progress";
        case Reason::LoneKingVsTwo: return "one king against two";
        case Reason::LoneKingVsThree: return "one king against three";
        case Reason::LongDiagonal: return "long diagonal";
        case Reason::TwoKingsVsOne: return "two kings against one";
        case Reason::OneKingEach: return "one king each";
    }
    return "?";
}

std::string describe_verdict(const RuleTraits& traits, bool points_victory, Verdict verdict) {
    std::string out(result_phrase(verdict.result));
    if (verdict.reason == Reason::None) return out;
    std::string phrase(reason_phrase(traits, verdict.reason, points_victory));
    if (verdict.reason == Reason::NoLegalMove && verdict.over() && verdict.result != GameResult::Draw) {
        // Antidraughts: the side without a move is the winner.
        const bool losing_game = traits.losing_game;
        const bool white_stuck = is_white_side(verdict.result) == losing_game;
        phrase = std::string(white_stuck ? "White" : "Black") + " to move has no legal move";
        if (losing_game) phrase += ", which wins at " + std::string(traits.name);
    }
    if (verdict.reason == Reason::FirstKing && verdict.over())
        phrase = std::string(is_white_side(verdict.result) ? "White" : "Black") + " crowned the first king";
    out += ": " + phrase;
    const std::string_view art = article(traits, points_victory, verdict.reason);
    if (!art.empty()) out += " (" + std::string(art) + ")";
    return out;
}

Reason reason_of_description(const RuleTraits& traits, bool points_victory, GameResult result, std::string_view text) {
    for (int r = static_cast<int>(Reason::NoLegalMove); r <= static_cast<int>(Reason::OneKingEach); ++r) {
        const std::string expected = describe_verdict(traits, points_victory, {result, static_cast<Reason>(r)});
        if (text.substr(0, expected.size()) == expected &&
            (text.size() == expected.size() || text.substr(expected.size(), 3) == " - "))
            return static_cast<Reason>(r);
    }
    return Reason::None;
}

}  // namespace kroon
