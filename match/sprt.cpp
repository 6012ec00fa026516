#include "match/sprt.hpp"

#include <algorithm>
#include <cassert>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <vector>

namespace kroon::match {
namespace {

// A pair's score per game, by pentanomial bin.
constexpr std::array<double, 5> pair_average = {0.0, 0.25, 0.5, 0.75, 1.0};

// Stands in for a count of zero. Without it an outcome not yet seen has probability 0 under both
// hypotheses, and after a few pairs all won no distribution on the outcomes seen has the mean of H0.
// fishtest and fastchess use the same figure, so their LLRs can be compared with ours.
constexpr double zero_count = 1e-3;

// Beyond this a bound is a typing error, and its expected score would come too close to 0 or 1 for
// the root finding below.
constexpr double largest_elo = 1000;

struct Frequencies {
    double pairs = 0;           // after the zero counts were replaced
    std::array<double, 5> p{};  // fractions of the pairs, each > 0
};

Frequencies frequencies(const Pentanomial& pentanomial) {
    Frequencies f;
    std::array<double, 5> counts{};
    for (size_t i = 0; i < counts.size(); ++i) {
        counts[i] = pentanomial.counts[i] > 0 ? pentanomial.counts[i] : zero_count;
        f.pairs += counts[i];
    }
    for (size_t i = 0; i < counts.size(); ++i) f.p[i] = counts[i] / f.pairs;
    return f;
}

// Maximising sum n_i log q_i under sum q_i = 1 and sum q_i a_i = s gives, with Lagrange multipliers,
// q_i = p_i / (1 + lambda (a_i - s)), where lambda is the root of
//     g(lambda) = sum p_i (a_i - s) / (1 + lambda (a_i - s)).
// Where every denominator is positive, lambda in (-1 / (1 - s), 1 / s), g falls strictly from +inf to
// -inf (all p_i > 0, 0 < s < 1), so the root is unique and bisection finds it without a starting guess.
double lagrange_multiplier(const std::array<double, 5>& p, double s) {
    const auto g = [&](double lambda) {
        double sum = 0;
        for (size_t i = 0; i < p.size(); ++i) {
            const double d = pair_average[i] - s;
            sum += p[i] * d / (1 + lambda * d);
        }
        return sum;
    };
    double low = -1 / (1 - s);
    double high = 1 / s;
    double lambda = 0;
    // 200 halvings take the interval below any double's spacing; the test stops earlier when it does.
    for (int step = 0; step < 200; ++step) {
        const double middle = 0.5 * (low + high);
        if (middle <= low || middle >= high) break;
        lambda = middle;  // never an end of the first interval, where a denominator is 0
        (g(middle) > 0 ? low : high) = middle;
    }
    return lambda;
}

std::string_view trim(std::string_view s) {
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    return s;
}

// Rounded to two decimals, never "-0.00".
std::string two_decimals(double x) {
    char buffer[32];
    const double rounded = std::round(x * 100) / 100;
    std::snprintf(buffer, sizeof buffer, "%.2f", rounded + 0.0);
    return buffer;
}

}  // namespace

void Pentanomial::add_pair(double first_game_score, double second_game_score) {
    const double twice_total = 2 * (first_game_score + second_game_score);
    const double bin = std::nearbyint(twice_total);
    assert(bin == twice_total && bin >= 0 && bin <= 4 && "game scores are 0, 0.5 or 1");
    ++counts[static_cast<size_t>(std::clamp(bin, 0.0, 4.0))];
}

int Pentanomial::pairs() const {
    int sum = 0;
    for (const int count : counts) sum += count;
    return sum;
}

Result<SprtBounds> parse_sprt_bounds(std::string_view text) {
    const std::string quoted = "'" + std::string(text) + "'";
    const std::string expected = "SPRT bounds " + quoted + ": expected ELO0,ELO1 or ELO0,ELO1,ALPHA,BETA";
    if (trim(text).empty()) return Error{expected};
    std::vector<double> numbers;
    for (std::string_view rest = text;;) {
        const size_t comma = rest.find(',');
        const std::string_view field = trim(rest.substr(0, comma));
        double value = 0;
        const auto [end, ec] = std::from_chars(field.data(), field.data() + field.size(), value);
        if (field.empty() || ec != std::errc{} || end != field.data() + field.size() || !std::isfinite(value))
            return Error{"SPRT bounds " + quoted + ": '" + std::string(field) + "' is not a number"};
        numbers.push_back(value);
        if (comma == std::string_view::npos) break;
        rest.remove_prefix(comma + 1);
    }
    if (numbers.size() != 2 && numbers.size() != 4) return Error{expected};
    SprtBounds bounds{numbers[0], numbers[1]};
    if (numbers.size() == 4) {
        bounds.alpha = numbers[2];
        bounds.beta = numbers[3];
    }
    if (!(bounds.elo0 < bounds.elo1)) return Error{"SPRT bounds " + quoted + ": ELO0 must be below ELO1"};
    if (std::abs(bounds.elo0) > largest_elo || std::abs(bounds.elo1) > largest_elo)
        return Error{"SPRT bounds " + quoted + ": Elo must lie within -1000..1000"};
    if (!(bounds.alpha > 0 && bounds.alpha < 1) || !(bounds.beta > 0 && bounds.beta < 1))
        return Error{"SPRT bounds " + quoted + ": ALPHA and BETA must lie between 0 and 1"};
    // Else log(beta / (1 - alpha)) >= log((1 - beta) / alpha): the test would stop before it began.
    if (bounds.alpha + bounds.beta >= 1) return Error{"SPRT bounds " + quoted + ": ALPHA + BETA must be below 1"};
    return bounds;
}

double lower_bound(const SprtBounds& bounds) { return std::log(bounds.beta / (1 - bounds.alpha)); }

double upper_bound(const SprtBounds& bounds) { return std::log((1 - bounds.beta) / bounds.alpha); }

double score_of_logistic_elo(double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); }

double llr(const Pentanomial& pairs, const SprtBounds& bounds) {
    if (pairs.pairs() == 0) return 0;
    const Frequencies f = frequencies(pairs);
    const double s0 = score_of_logistic_elo(bounds.elo0);
    const double s1 = score_of_logistic_elo(bounds.elo1);
    assert(s0 > 0 && s1 < 1);
    const double lambda0 = lagrange_multiplier(f.p, s0);
    const double lambda1 = lagrange_multiplier(f.p, s1);
    // log(q1_i / q0_i) = log(1 + lambda0 (a_i - s0)) - log(1 + lambda1 (a_i - s1)): the p_i cancel.
    double sum = 0;
    for (size_t i = 0; i < f.p.size(); ++i) {
        const double a = pair_average[i];
        sum += f.p[i] * (std::log1p(lambda0 * (a - s0)) - std::log1p(lambda1 * (a - s1)));
    }
    return f.pairs * sum;
}

double llr_normal_approximation(const Pentanomial& pairs, const SprtBounds& bounds) {
    if (pairs.pairs() == 0) return 0;
    const Frequencies f = frequencies(pairs);
    double mean = 0;
    for (size_t i = 0; i < f.p.size(); ++i) mean += f.p[i] * pair_average[i];
    double variance = 0;
    for (size_t i = 0; i < f.p.size(); ++i) variance += f.p[i] * (pair_average[i] - mean) * (pair_average[i] - mean);
    const double s0 = score_of_logistic_elo(bounds.elo0);
    const double s1 = score_of_logistic_elo(bounds.elo1);
    return f.pairs * (s1 - s0) * (2 * mean - s0 - s1) / (2 * variance);
}

SprtVerdict verdict(double llr, const SprtBounds& bounds) {
    if (llr >= upper_bound(bounds)) return SprtVerdict::AcceptH1;
    if (llr <= lower_bound(bounds)) return SprtVerdict::AcceptH0;
    return SprtVerdict::Continue;
}

std::string format_llr(double llr, const SprtBounds& bounds) {
    return "LLR " + two_decimals(llr) + " [" + two_decimals(lower_bound(bounds)) + ", " +
           two_decimals(upper_bound(bounds)) + "]";
}

}  // namespace kroon::match
