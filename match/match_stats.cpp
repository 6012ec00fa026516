#include "match/match_stats.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <limits>

namespace kroon::match {

std::vector<std::vector<Pairing>> berger_rounds(int players) {
    std::vector<std::vector<Pairing>> rounds;
    if (players < 2) return rounds;
    const int n = players % 2 ? players + 1 : players;  // a dummy player n means a bye
    const int m = n - 1;
    const auto wrap = [m](int x) { return ((x - 1) % m + m) % m + 1; };
    for (int r = 1; r <= m; ++r) {
        std::vector<Pairing> round;
        const int p = wrap((r - 1) * (n / 2) + 1);
        // Board 1: the rotating player against player n, colours alternating by round.
        const Pairing first = r % 2 ? Pairing{p, n} : Pairing{n, p};
        for (int board = 1; board <= n / 2; ++board) {
            Pairing pair = board == 1 ? first : Pairing{wrap(p + board - 1), wrap(p - board + 1)};
            if (pair.white > players || pair.black > players) continue;  // the bye
            round.push_back({pair.white - 1, pair.black - 1});
        }
        rounds.push_back(round);
    }
    return rounds;
}

void Tally::add(GameResult result, bool as_white) {
    const double s = score_fraction(result, as_white ? Color::White : Color::Black);
    if (result == GameResult::Ongoing) return;
    if (s == 1.0)
        ++wins;
    else if (s == 0.75)
        ++points_wins;
    else if (s == 0.5)
        ++draws;
    else if (s == 0.25)
        ++points_losses;
    else
        ++losses;
}

double Tally::score() const { return wins + 0.5 * draws + 0.75 * points_wins + 0.25 * points_losses; }

double elo_of_score(double fraction) {
    if (fraction <= 0) return -std::numeric_limits<double>::infinity();
    if (fraction >= 1) return std::numeric_limits<double>::infinity();
    return -400.0 * std::log10(1.0 / fraction - 1.0);
}

EloEstimate estimate_elo(const Tally& t) {
    EloEstimate e;
    const int n = t.games();
    if (n == 0) return e;
    const double mean = t.score() / n;
    // Per-game variance of the score, over the five kinds of result.
    const double outcomes[][2] = {{1.0, double(t.wins)},
                                  {0.75, double(t.points_wins)},
                                  {0.5, double(t.draws)},
                                  {0.25, double(t.points_losses)},
                                  {0.0, double(t.losses)}};
    double variance = 0, deviation_sum = 0, deviation_squares = 0;
    for (const auto& [x, count] : outcomes) {
        variance += count / n * (x - mean) * (x - mean);
        deviation_sum += count * (x - 0.5);
        deviation_squares += count * (x - 0.5) * (x - 0.5);
    }
    const double error = std::sqrt(variance / n);
    e.elo = elo_of_score(mean);
    e.low = elo_of_score(mean - 1.959964 * error);
    e.high = elo_of_score(mean + 1.959964 * error);
    // LOS: draws say nothing about who is stronger; with wins and losses only this is the
    // usual 0.5 * (1 + erf((W - L) / sqrt(2 (W + L)))).
    e.los = deviation_squares > 0 ? 0.5 * (1 + std::erf(deviation_sum / std::sqrt(2 * deviation_squares))) : 0.5;
    return e;
}

std::string format_elo(double elo) {
    if (std::isinf(elo)) return elo > 0 ? "+inf" : "-inf";
    char buffer[32];
    std::snprintf(buffer, sizeof buffer, "%+.1f", elo + 0.0);  // no "-0.0"
    return buffer;
}

std::vector<Standing> standings(int players, const std::vector<GameOutcome>& games, Scoring scoring) {
    const double scale = scoring == Scoring::TwoPoints ? 2.0 : 1.0;
    std::vector<Standing> table(players);
    for (int p = 0; p < players; ++p) table[p].player = p;
    for (const GameOutcome& g : games) {
        if (g.result == GameResult::Ongoing) continue;
        table[g.white].points += scale * score_fraction(g.result, Color::White);
        table[g.black].points += scale * score_fraction(g.result, Color::Black);
        table[g.white].tally.add(g.result, true);
        table[g.black].tally.add(g.result, false);
    }
    // Frisian tournament rules, appendix 1: twice the points of the opponents beaten, once those of the
    // opponents drawn; a points victory weighs 1.5 (the game's score fraction times two).
    for (const GameOutcome& g : games) {
        if (g.result == GameResult::Ongoing) continue;
        table[g.white].sonneborn_berger += 2 * score_fraction(g.result, Color::White) * table[g.black].points;
        table[g.black].sonneborn_berger += 2 * score_fraction(g.result, Color::Black) * table[g.white].points;
    }
    std::sort(table.begin(), table.end(), [](const Standing& a, const Standing& b) {
        if (a.points != b.points) return a.points > b.points;
        if (a.sonneborn_berger != b.sonneborn_berger) return a.sonneborn_berger > b.sonneborn_berger;
        return a.player < b.player;
    });
    return table;
}

}  // namespace kroon::match
