// The sequential probability ratio test as engine testing frameworks run it (fishtest, fastchess,
// OpenBench): the generalised SPRT over game pairs with pentanomial counts, the hypotheses given in
// logistic Elo. Pairs, not games, are the samples: the two games of one opening are correlated, pairs
// are (nearly) independent, and counting per pair keeps that correlation out of the error estimate.
#pragma once

#include <array>
#include <string>
#include <string_view>

#include "platform/result.hpp"

namespace kroon::match {

// counts[k]: pairs in which the tested engine scored k/2 points, k = 0..4 (0, 0.5, 1, 1.5, 2).
struct Pentanomial {
    std::array<int, 5> counts{};

    // Each score is 1 (win), 0.5 (draw) or 0 (loss). KNDB points victories (0.75 / 0.25) do not fit the
    // five bins: the caller decides what they count as.
    void add_pair(double first_game_score, double second_game_score);
    int pairs() const;
};

// H0: the tested engine is elo0 stronger; H1: it is elo1 stronger (logistic Elo, elo0 < elo1).
// alpha: the chance of accepting H1 when H0 holds; beta: of accepting H0 when H1 holds.
struct SprtBounds {
    double elo0 = 0;
    double elo1 = 0;
    double alpha = 0.05;
    double beta = 0.05;
};
// "ELO0,ELO1" or "ELO0,ELO1,ALPHA,BETA", e.g. "0,5" or "-1.5,3.5,0.05,0.1".
Result<SprtBounds> parse_sprt_bounds(std::string_view text);

double lower_bound(const SprtBounds& bounds);  // log(beta / (1 - alpha)); reached: accept H0
double upper_bound(const SprtBounds& bounds);  // log((1 - beta) / alpha); reached: accept H1

// Expected score of one game at an Elo difference, logistic model: 1 / (1 + 10^(-elo / 400)).
double score_of_logistic_elo(double elo);

// Log-likelihood ratio of H1 against H0: for each hypothesis the pentanomial distribution of largest
// likelihood whose mean score per game is that hypothesis' score, then the sum over pairs of
// log(q1 / q0). A count of zero is taken as 0.001 (as fishtest does); no pairs at all give 0.
double llr(const Pentanomial& pairs, const SprtBounds& bounds);
// The normal approximation N (s1 - s0) (2 x - s0 - s1) / (2 var), with x the mean score per game and
// var the variance of a pair's average score, for cross-checks; close to llr() when elo1 - elo0 is
// small against the spread of the results.
double llr_normal_approximation(const Pentanomial& pairs, const SprtBounds& bounds);

enum class SprtVerdict { Continue, AcceptH0, AcceptH1 };
SprtVerdict verdict(double llr, const SprtBounds& bounds);

// "LLR 1.23 [-2.94, 2.94]".
std::string format_llr(double llr, const SprtBounds& bounds);

}  // namespace kroon::match
