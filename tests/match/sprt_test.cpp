// The sequential probability ratio test over game pairs: the bounds, the log-likelihood ratio of
// pentanomial counts against figures worked out by hand and published ones, the verdicts.
#include "match/sprt.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace kroon::match {
namespace {

// The logistic Elo whose expected score per game is s, to put a hand-picked score into SprtBounds.
double elo_of(double s) { return 400 * std::log10(s / (1 - s)); }

Pentanomial counts(int ll, int ld, int dd_or_wl, int wd, int ww) { return Pentanomial{{ll, ld, dd_or_wl, wd, ww}}; }

// The same results seen from the other engine, with the hypotheses seen from there too.
Pentanomial mirrored(const Pentanomial& p) {
    return counts(p.counts[4], p.counts[3], p.counts[2], p.counts[1], p.counts[0]);
}
SprtBounds mirrored(const SprtBounds& b) { return {-b.elo1, -b.elo0, b.beta, b.alpha}; }

TEST(Pentanomial, PairsGoToTheBinOfTheirTotal) {
    Pentanomial p;
    p.add_pair(0, 0);
    p.add_pair(0.5, 0);
    p.add_pair(0, 0.5);
    p.add_pair(1, 0);  // a win and a loss weigh as two draws: the pair scored 1
    p.add_pair(0.5, 0.5);
    p.add_pair(1, 0.5);
    p.add_pair(1, 1);
    EXPECT_EQ(p.counts, (std::array<int, 5>{1, 2, 2, 1, 1}));
    EXPECT_EQ(p.pairs(), 7);
}

TEST(SprtBounds, WaldsBoundsForFivePercentErrors) {
    // log(0.05 / 0.95) = -log 19 = -2.944439; log(0.95 / 0.05) = log 19.
    const SprtBounds b{0, 5};
    EXPECT_NEAR(lower_bound(b), -2.944439, 1e-6);
    EXPECT_NEAR(upper_bound(b), 2.944439, 1e-6);
    // alpha 0.05, beta 0.1: log(0.1 / 0.95) = -2.251292, log(0.9 / 0.05) = log 18 = 2.890372.
    const SprtBounds c{0, 5, 0.05, 0.1};
    EXPECT_NEAR(lower_bound(c), -2.251292, 1e-6);
    EXPECT_NEAR(upper_bound(c), 2.890372, 1e-6);
}

TEST(SprtBounds, ParsesTwoOrFourNumbers) {
    const auto two = parse_sprt_bounds("0,5");
    ASSERT_TRUE(two.ok()) << two.error();
    EXPECT_EQ(two->elo0, 0);
    EXPECT_EQ(two->elo1, 5);
    EXPECT_EQ(two->alpha, 0.05);
    EXPECT_EQ(two->beta, 0.05);

    const auto four = parse_sprt_bounds(" -1.5 , 3.5,0.1 ,0.2 ");
    ASSERT_TRUE(four.ok()) << four.error();
    EXPECT_EQ(four->elo0, -1.5);
    EXPECT_EQ(four->elo1, 3.5);
    EXPECT_EQ(four->alpha, 0.1);
    EXPECT_EQ(four->beta, 0.2);
}

TEST(SprtBounds, RejectsBadText) {
    for (const char* text :
         {"",        "5",          "0,5,0.05",   "0,5,0.05,0.05,1", "0,5,",        ",5",         "0;5",
          "0,x",     "0,5abc",     "0,inf",      "nan,5",           "5,0",         "2,2",        "0,1001",
          "-1001,0", "0,5,0,0.05", "0,5,0.05,1", "0,5,-0.1,0.05",   "0,5,0.6,0.4", "0,5,0.7,0.5"}) {
        const auto bounds = parse_sprt_bounds(text);
        EXPECT_FALSE(bounds.ok()) << "'" << text << "'";
        if (!bounds.ok()) {
            EXPECT_NE(bounds.error().find("SPRT bounds"), std::string::npos) << bounds.error();
        }
    }
}

TEST(Sprt, LogisticScores) {
    EXPECT_DOUBLE_EQ(score_of_logistic_elo(0), 0.5);
    EXPECT_NEAR(score_of_logistic_elo(400), 10.0 / 11, 1e-15);  // 1 / (1 + 1/10)
    EXPECT_NEAR(score_of_logistic_elo(-400), 1.0 / 11, 1e-15);
    EXPECT_NEAR(elo_of(0.575), 52.511566, 1e-6);  // 400 log10(0.575 / 0.425) = 400 * 0.131279
}

// Counts (LL, LD, DD+WL, WD, WW) = (1, 3, 8, 5, 3): N = 20 pairs, p = (.05, .15, .40, .25, .15) on the
// per-game averages a = (0, .25, .5, .75, 1). No count is zero, so nothing is regularised.
// Mean x = (.25*3 + .5*8 + .75*5 + 1*3) / 20 = 11.5 / 20 = 0.575.
// H1: s1 = 0.575 = x. The equation sum p_i (a_i - s) / (1 + lambda (a_i - s)) = 0 holds at lambda = 0,
//     since sum p_i (a_i - x) = 0; so q1 = p.
// H0: s0 = 0.5 (Elo 0). Try lambda = 1: 1 + (a_i - .5) = (.5, .75, 1, 1.25, 1.5), so
//     q0 = (.05/.5, .15/.75, .40/1, .25/1.25, .15/1.5) = (.1, .2, .4, .2, .1), which sums to 1 and has
//     mean .5, i.e. sum q0_i (a_i - .5) = 0: lambda0 = 1 solves the equation (its root is unique).
// LLR = sum n_i log(q1_i / q0_i) = sum n_i log(1 + lambda0 (a_i - .5))
//     = 1 log .5 + 3 log .75 + 8 log 1 + 5 log 1.25 + 3 log 1.5
//     = -0.693147 - 0.863046 + 0 + 1.115718 + 1.216395 = 0.775920.
TEST(Sprt, LlrOfASmallSampleWorkedOutByHand) {
    const SprtBounds bounds{0, elo_of(0.575)};
    EXPECT_NEAR(llr(counts(1, 3, 8, 5, 3), bounds), 0.775920, 1e-6);
    // The same seen from the other side: x = 0.425, H0 at 0.425 and H1 at 0.5 (lambda1 = -1).
    EXPECT_NEAR(llr(counts(3, 5, 8, 3, 1), SprtBounds{elo_of(0.425), 0}), -0.775920, 1e-6);
}

// The normal approximation of the same sample is 4.5% off: the shift s1 - s0 = .075 is large.
// var = .05*.575^2 + .15*.325^2 + .40*.075^2 + .25*.175^2 + .15*.425^2
//     = .01653125 + .01584375 + .00225 + .00765625 + .02709375 = .069375;
// N (s1 - s0) (2x - s0 - s1) / (2 var) = 20 * .075 * .075 / .13875 = 0.810811.
TEST(Sprt, NormalApproximationOfTheSmallSampleWorkedOutByHand) {
    EXPECT_NEAR(llr_normal_approximation(counts(1, 3, 8, 5, 3), SprtBounds{0, elo_of(0.575)}), 0.810811, 1e-6);
}

// A symmetric sample, mean exactly s0 = 0.5: p = (.1, .2, .4, .2, .1) for N = 10000 pairs, and
// s1 = 0.51 (Elo 6.95). var = 2 (.1 * .5^2 + .2 * .25^2) = .075.
// Normal approximation: 10000 * .01 * (1 - 1.01) / (2 * .075) = -1 / .15 = -6.6667.
// The second approximation, (N / 2) log(sum p (a - s0)^2 / sum p (a - s1)^2)
//     = 5000 log(.075 / (.075 + .01^2)) = -6.6622.
// A symmetric sample has no third moment, so the exact LLR agrees with both to order shift^4.
TEST(Sprt, SymmetricSampleAtTheNullScoreIsClearlyNegative) {
    const Pentanomial sample = counts(1000, 2000, 4000, 2000, 1000);
    const SprtBounds bounds{0, elo_of(0.51)};
    const double exact = llr(sample, bounds);
    EXPECT_NEAR(exact, -6.6645, 0.003);
    EXPECT_NEAR(llr_normal_approximation(sample, bounds), -6.666667, 1e-6);
    EXPECT_EQ(verdict(exact, bounds), SprtVerdict::AcceptH0);
}

// Published figures: fastchess's tests (github.com/Disservin/fastchess, app/tests/sprt_test.cpp, cases
// "logistic pentanomial 1" and "2") pin these to -3.07 and -4.98 within 1%. Its counts are given as
// LL, LD, WL, DD, WD, WW, so our middle bin is WL + DD. It replaces zero counts as fishtest does.
TEST(Sprt, AgreesWithFastchessPublishedFigures) {
    EXPECT_NEAR(llr(counts(223, 9863, 20279 + 1000, 10037, 246), SprtBounds{0.5, 2.5}), -3.07, 0.01);
    EXPECT_NEAR(llr(counts(871, 26175, 55003 + 980, 26678, 821), SprtBounds{0, 2}), -4.98, 0.01);
}

// On large samples with narrow bounds the approximation is within a fraction of a percent. The last
// sample is the one in fishtest's stat_util.py self-test (bounds -3, 1).
TEST(Sprt, NormalApproximationAgreesOnLargeSamples) {
    const struct {
        Pentanomial sample;
        SprtBounds bounds;
    } cases[] = {{counts(223, 9863, 21279, 10037, 246), {0.5, 2.5}},
                 {counts(871, 26175, 55983, 26678, 821), {0, 2}},
                 {counts(10789, 19328, 33806, 19402, 10543), {-3, 1}},
                 {counts(1000, 2000, 4000, 2000, 1000), {0, elo_of(0.51)}}};
    for (const auto& c : cases) {
        const double exact = llr(c.sample, c.bounds);
        const double approximate = llr_normal_approximation(c.sample, c.bounds);
        EXPECT_NEAR(approximate, exact, 0.02 * std::abs(exact)) << exact << " vs " << approximate;
    }
}

TEST(Sprt, SwappingTheEnginesNegatesTheLlr) {
    for (const Pentanomial& sample :
         {counts(1, 3, 8, 5, 3), counts(223, 9863, 21279, 10037, 246), counts(0, 0, 0, 0, 7), counts(0, 4, 0, 9, 2)}) {
        const SprtBounds bounds{-1, 4};
        EXPECT_NEAR(llr(mirrored(sample), mirrored(bounds)), -llr(sample, bounds), 1e-9);
    }
}

// Zero counts are taken as 0.001: all pairs won still gives a finite LLR, growing with the pairs,
// where without the stand-ins no distribution on the single outcome "won both" has mean s0.
TEST(Sprt, SamplesWithEmptyBinsStayFinite) {
    const SprtBounds bounds{0, 5};
    double previous = 0;
    for (const int won : {1, 3, 10, 100, 1000}) {
        const double l = llr(counts(0, 0, 0, 0, won), bounds);
        EXPECT_TRUE(std::isfinite(l));
        EXPECT_GT(l, previous);
        previous = l;
    }
    EXPECT_EQ(llr(Pentanomial{}, bounds), 0);
    EXPECT_EQ(llr_normal_approximation(Pentanomial{}, bounds), 0);
}

TEST(Sprt, VerdictAtAndBetweenTheBounds) {
    const SprtBounds bounds{0, 5};
    EXPECT_EQ(verdict(0, bounds), SprtVerdict::Continue);
    EXPECT_EQ(verdict(2.94, bounds), SprtVerdict::Continue);
    EXPECT_EQ(verdict(-2.94, bounds), SprtVerdict::Continue);
    EXPECT_EQ(verdict(upper_bound(bounds), bounds), SprtVerdict::AcceptH1);
    EXPECT_EQ(verdict(lower_bound(bounds), bounds), SprtVerdict::AcceptH0);
    EXPECT_EQ(verdict(3.5, bounds), SprtVerdict::AcceptH1);
    EXPECT_EQ(verdict(-3.5, bounds), SprtVerdict::AcceptH0);
}

TEST(Sprt, OneLineText) {
    EXPECT_EQ(format_llr(1.234, SprtBounds{0, 5}), "LLR 1.23 [-2.94, 2.94]");
    EXPECT_EQ(format_llr(-0.001, SprtBounds{0, 5}), "LLR 0.00 [-2.94, 2.94]");
    EXPECT_EQ(format_llr(-3.1, SprtBounds{0, 5, 0.05, 0.1}), "LLR -3.10 [-2.25, 2.89]");
}

}  // namespace
}  // namespace kroon::match
