// Match and tournament arithmetic: the schedule (pairs of engines with colours, Berger tables
// for round robins), Elo from a score with its 95% interval and the likelihood of
// superiority, and standings with Sonneborn-Berger tie-breaks (Frisian tournament rules, appendix 1).
#pragma once

#include <string>
#include <vector>

#include "engine/referee/outcome.hpp"

namespace kroon::match {

// One round of a round robin: pairs (white, black) of 0-based player numbers.
struct Pairing {
    int white = 0;
    int black = 0;
    friend bool operator==(const Pairing&, const Pairing&) = default;
};
// The Berger tables: n-1 rounds for n players (n rounds when n is odd: each round one player
// has a bye, left out). Round 1 is 1-n, 2-(n-1), ...; each next round moves the board-1
// player on by n/2 and swaps the colours of the last player (FIDE's Berger tables).
std::vector<std::vector<Pairing>> berger_rounds(int players);

// Results from one player's side.
struct Tally {
    int wins = 0;
    int draws = 0;
    int losses = 0;
    int points_wins = 0;    // KNDB points victories (score 0.75)
    int points_losses = 0;  // (score 0.25)

    void add(GameResult result, bool as_white);
    int games() const { return wins + draws + losses + points_wins + points_losses; }
    double score() const;  // wins 1, draws 0.5, points victories 0.75 / 0.25
};

struct EloEstimate {
    double elo = 0;  // may be +-infinity for 100% or 0% scores
    double low = 0;  // 95% interval
    double high = 0;
    double los = 0.5;  // likelihood of superiority, 0..1
};
EloEstimate estimate_elo(const Tally& tally);
double elo_of_score(double fraction);
// "+35.2 +- 20.1" style text; "+inf" for a clean sweep.
std::string format_elo(double elo);

struct GameOutcome {
    int white = 0;
    int black = 0;
    GameResult result = GameResult::Ongoing;
};

struct Standing {
    int player = 0;
    double points = 0;            // on the variant's scale
    double sonneborn_berger = 0;  // 2x points of beaten opponents + 1x of drawn ones
    Tally tally;
};
// Sorted by points, then Sonneborn-Berger, then player number.
std::vector<Standing> standings(int players, const std::vector<GameOutcome>& games, Scoring scoring);

}  // namespace kroon::match
