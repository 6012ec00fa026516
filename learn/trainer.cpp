#include "learn/trainer.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <limits>
#include <numeric>
#include <random>
#include <thread>
#include <utility>

#include "engine/rulebook/rulebook.hpp"
#include "eval/evaluate.hpp"
#include "learn/training_data.hpp"

namespace kroon::learn {
namespace {

using Clock = std::chrono::steady_clock;

struct Sample {
    eval::FeatureList features;
    float target = 0.5f;
};

double sigmoid(double x) { return 1 / (1 + std::exp(-x)); }

// The parameters in hundredths of a man: every pattern entry's (mg, eg), then every count's.
struct Model {
    // The most a weights file holds (16-bit, in 1/16 of a hundredth). The fit stays inside
    // it: a weight beyond would be cut when written, and the written weights would no longer
    // be the ones fitted (the kings' middle-game weight runs into it).
    static constexpr long max_stored = std::numeric_limits<std::int16_t>::max();
    static constexpr double max_weight = static_cast<double>(max_stored) / eval::weight_scale;
    std::size_t pattern_params = 0;
    std::vector<double> w;

    std::size_t dense_at(int d) const { return pattern_params + 2 * static_cast<std::size_t>(d); }
    static std::size_t pattern_at(const eval::PatternHit& h) {
        return 2 * (static_cast<std::size_t>(h.table) * eval::pattern_count + h.index);
    }

    double score(const eval::FeatureList& f) const {
        const double phase = static_cast<double>(f.phase) / f.full_phase;
        double mg = 0, eg = 0;
        for (int i = 0; i < f.pattern_hits; ++i) {
            const auto& h = f.patterns[static_cast<size_t>(i)];
            const std::size_t at = pattern_at(h);
            mg += h.sign * w[at];
            eg += h.sign * w[at + 1];
        }
        for (int d = 0; d < eval::dense_count; ++d) {
            const double x = f.dense[static_cast<size_t>(d)];
            if (x == 0) continue;
            mg += x * w[dense_at(d)];
            eg += x * w[dense_at(d) + 1];
        }
        return mg * phase + eg * (1 - phase);
    }

    // Adds d(loss)/d(score) times d(score)/d(w) to `g`.
    void gradient(const eval::FeatureList& f, double dscore, std::vector<double>& g) const {
        const double phase = static_cast<double>(f.phase) / f.full_phase;
        for (int i = 0; i < f.pattern_hits; ++i) {
            const auto& h = f.patterns[static_cast<size_t>(i)];
            const std::size_t at = pattern_at(h);
            g[at] += dscore * h.sign * phase;
            g[at + 1] += dscore * h.sign * (1 - phase);
        }
        for (int d = 0; d < eval::dense_count; ++d) {
            const double x = f.dense[static_cast<size_t>(d)];
            if (x == 0) continue;
            g[dense_at(d)] += dscore * x * phase;
            g[dense_at(d) + 1] += dscore * x * (1 - phase);
        }
    }
};

Model model_from(const eval::Weights& weights) {
    Model m;
    m.pattern_params = weights.patterns.size() * 2;
    m.w.assign(m.pattern_params + 2 * eval::dense_count, 0.0);
    for (std::size_t i = 0; i < weights.patterns.size(); ++i) {
        m.w[2 * i] = weights.patterns[i].mg / double(eval::weight_scale);
        m.w[2 * i + 1] = weights.patterns[i].eg / double(eval::weight_scale);
    }
    for (int d = 0; d < eval::dense_count; ++d) {
        m.w[m.dense_at(d)] = weights.dense[static_cast<size_t>(d)].mg / double(eval::weight_scale);
        m.w[m.dense_at(d) + 1] = weights.dense[static_cast<size_t>(d)].eg / double(eval::weight_scale);
    }
    return m;
}

eval::Weights weights_from(const Model& m, const eval::Weights& layout) {
    eval::Weights w = eval::empty_weights(layout.variant, layout.by_side_to_move, layout.shifted_windows());
    const auto quantize = [](double v) {
        return static_cast<std::int16_t>(
            std::clamp(std::lround(v * eval::weight_scale), -Model::max_stored, Model::max_stored));
    };
    for (std::size_t i = 0; i < w.patterns.size(); ++i)
        w.patterns[i] = {quantize(m.w[2 * i]), quantize(m.w[2 * i + 1])};
    for (int d = 0; d < eval::dense_count; ++d)
        w.dense[static_cast<size_t>(d)] = {quantize(m.w[m.dense_at(d)]), quantize(m.w[m.dense_at(d) + 1])};
    return w;
}

// Material only: a man 1.00, a king as the hand-written evaluation values it; in the losing
// game (antidraughts) every piece counts against its side, as there.
eval::Weights material_weights(Variant variant, bool by_side_to_move, bool shifted_windows) {
    eval::Weights w = eval::empty_weights(variant, by_side_to_move, shifted_windows);
    const RuleTraits& t = rulebook(variant).traits();
    const int sign = t.losing_game ? -1 : 1;
    const int man = sign * 100;
    const int king = sign * (t.squares == 50 ? 300 : t.flying_kings ? 250 : 150);
    w.dense[int(eval::Dense::Men)] = {static_cast<std::int16_t>(man * eval::weight_scale),
                                      static_cast<std::int16_t>(man * eval::weight_scale)};
    w.dense[int(eval::Dense::Kings)] = {static_cast<std::int16_t>(king * eval::weight_scale),
                                        static_cast<std::int16_t>(king * eval::weight_scale)};
    return w;
}

double cross_entropy(double p, double t) {
    constexpr double eps = 1e-12;
    return -(t * std::log(std::max(p, eps)) + (1 - t) * std::log(std::max(1 - p, eps)));
}

// Work is cut into this many chunks whatever the number of threads, and chunk results are
// added in chunk order, so the sums (and the weights) do not depend on the thread count.
constexpr int chunks = 16;

// Runs `f(begin, end, chunk)` for every chunk of [0, n), spread over `threads` threads.
template <class F>
void parallel(std::size_t n, int threads, F&& f) {
    const std::size_t part = (n + chunks - 1) / chunks;
    const auto run = [&](int first) {
        for (int c = first; c < chunks; c += threads) {
            const std::size_t begin = std::min(n, part * static_cast<std::size_t>(c));
            f(begin, std::min(n, begin + part), c);
        }
    };
    std::vector<std::thread> pool;
    for (int t = 1; t < threads; ++t) pool.emplace_back(run, t);
    run(0);
    for (auto& th : pool) th.join();
}

double mean_loss(const Model& m, const std::vector<Sample>& samples, std::size_t begin, std::size_t end, double k,
                 int threads) {
    if (begin >= end) return 0;
    std::vector<double> sums(chunks, 0.0);
    parallel(end - begin, threads, [&](std::size_t b, std::size_t e, int t) {
        double s = 0;
        for (std::size_t i = begin + b; i < begin + e; ++i)
            s += cross_entropy(sigmoid(m.score(samples[i].features) / k), samples[i].target);
        sums[static_cast<std::size_t>(t)] = s;
    });
    return std::accumulate(sums.begin(), sums.end(), 0.0) / static_cast<double>(end - begin);
}

// Samples in file order, each with its target: the game's result and the search's score
// mixed by lambda.
Result<std::vector<Sample>> read_samples(const TrainOptions& o, const eval::Weights& layout) {
    const Rulebook& rules = rulebook(o.variant);
    const bool shifted_windows = layout.shifted_windows();
    std::vector<Sample> samples;
    for (const auto& path : o.data) {
        auto file = read_training_file(path);
        if (!file) return Error{file.error()};
        if (file->variant != o.variant)
            return Error{path + " holds " + std::string(rulebook(file->variant).name()) + " positions, not " +
                         std::string(rules.name())};
        for (const auto& p : file->positions)
            samples.push_back({eval::features(rules, p.position, layout.by_side_to_move, shifted_windows),
                               static_cast<float>(o.lambda * p.result + (1 - o.lambda) * sigmoid(p.score / o.scale))});
    }
    return samples;
}

// Material only, or the weights of `init`; asked for tables split by the side to move, one
// table a window is copied into both; asked for the shifted windows, they start from 0.
Result<eval::Weights> initial_weights(const TrainOptions& o) {
    if (o.init.empty()) return material_weights(o.variant, o.by_side_to_move, o.shifted_windows);
    const auto weights = eval::read_weights_file(o.init);
    if (!weights) return Error{weights.error()};
    if ((*weights)->variant != o.variant) return Error{o.init + " holds weights for another variant"};
    const eval::Weights widened = o.shifted_windows ? eval::add_shifted_windows(**weights) : **weights;
    return o.by_side_to_move ? eval::split_by_side_to_move(widened) : widened;
}

// The step shrinks linearly to a tenth over the epochs: big moves first, then settling.
double step_size(const TrainOptions& o, int epoch) {
    return o.learning_rate * (1 - 0.9 * (epoch - 1) / std::max(1, o.epochs - 1));
}

// Adam's running moments of every parameter's gradient.
class Adam {
public:
    explicit Adam(std::size_t params) : m1_(params, 0.0), m2_(params, 0.0) {}

    // One step along the mean gradient of a batch of `n` positions, summed chunk by chunk in
    // `grads`, for the parameters in [first, end); the pattern weights also decay towards 0.
    void step(Model& model, const std::vector<std::vector<double>>& grads, std::size_t n, double rate,
              double weight_decay, std::size_t first, std::size_t end) {
        ++steps_;
        const double c1 = 1 - std::pow(beta1, static_cast<double>(steps_));
        const double c2 = 1 - std::pow(beta2, static_cast<double>(steps_));
        for (std::size_t k = first; k < end; ++k) {
            double g = 0;
            for (int c = 0; c < chunks; ++c) g += grads[static_cast<std::size_t>(c)][k];
            g /= static_cast<double>(n);
            m1_[k] = beta1 * m1_[k] + (1 - beta1) * g;
            m2_[k] = beta2 * m2_[k] + (1 - beta2) * g * g;
            model.w[k] -= rate * ((m1_[k] / c1) / (std::sqrt(m2_[k] / c2) + eps));
            if (k < model.pattern_params) model.w[k] -= rate * weight_decay * model.w[k];
            model.w[k] = std::clamp(model.w[k], -Model::max_weight, Model::max_weight);
        }
    }

private:
    static constexpr double beta1 = 0.9, beta2 = 0.999, eps = 1e-8;
    std::vector<double> m1_, m2_;
    long long steps_ = 0;
};

// Passes over the first `training` samples in a new shuffled order each time, one Adam step
// per batch.
class Fitter {
public:
    // Only the parameters in [fitted.first, fitted.second) move.
    Fitter(const TrainOptions& o, const std::vector<Sample>& samples, std::size_t training, std::size_t params,
           std::pair<std::size_t, std::size_t> fitted)
        : o_(o),
          fitted_(fitted),
          samples_(samples),
          order_(training),
          rng_(o.seed),
          adam_(params),
          grads_(chunks, std::vector<double>(params, 0.0)),
          loss_sums_(chunks, 0.0) {
        std::iota(order_.begin(), order_.end(), std::size_t{0});
    }

    // One pass; returns the loss summed over the positions, each taken before its batch's step.
    double epoch(Model& model, double rate) {
        std::shuffle(order_.begin(), order_.end(), rng_);
        const std::size_t training = order_.size();
        double loss = 0;
        for (std::size_t at = 0; at < training; at += static_cast<std::size_t>(o_.batch)) {
            const std::size_t n = std::min(training - at, static_cast<std::size_t>(o_.batch));
            batch_gradients(model, at, n);
            for (int c = 0; c < chunks; ++c) loss += loss_sums_[static_cast<std::size_t>(c)];
            adam_.step(model, grads_, n, rate, o_.weight_decay, fitted_.first, fitted_.second);
        }
        return loss;
    }

private:
    // The loss and the gradient of the `n` positions from `at` of the order, chunk by chunk.
    void batch_gradients(const Model& model, std::size_t at, std::size_t n) {
        parallel(n, o_.threads, [&](std::size_t b, std::size_t e, int t) {
            auto& g = grads_[static_cast<std::size_t>(t)];
            std::fill(g.begin(), g.end(), 0.0);
            double loss = 0;
            for (std::size_t i = b; i < e; ++i) {
                const Sample& s = samples_[order_[at + i]];
                const double p = sigmoid(model.score(s.features) / o_.scale);
                loss += cross_entropy(p, s.target);
                model.gradient(s.features, (p - s.target) / o_.scale, g);
            }
            loss_sums_[static_cast<std::size_t>(t)] = loss;
        });
    }

    const TrainOptions& o_;
    std::pair<std::size_t, std::size_t> fitted_;
    const std::vector<Sample>& samples_;
    std::vector<std::size_t> order_;
    std::mt19937_64 rng_;
    Adam adam_;
    std::vector<std::vector<double>> grads_;
    std::vector<double> loss_sums_;
};

}  // namespace

Result<TrainResult> train(const TrainOptions& o, const std::function<void(const EpochReport&)>& on_epoch) {
    const auto start = Clock::now();
    if (o.data.empty()) return Error{"no training data"};
    if (o.threads < 1 || o.batch < 1 || o.epochs < 1) return Error{"bad training options"};
    const auto init = initial_weights(o);
    if (!init) return Error{init.error()};
    if (o.shifted_only && (!init->shifted_windows() || init->by_side_to_move || o.init.empty()))
        return Error{
            "fitting the shifted windows alone needs --init weights and the shifted windows, with one table "
            "a window"};
    const auto loaded = read_samples(o, *init);
    if (!loaded) return Error{loaded.error()};
    // The last share of the samples is held out for validation.
    const std::vector<Sample>& samples = *loaded;
    const std::size_t validation = static_cast<std::size_t>(static_cast<double>(samples.size()) * o.validation);
    const std::size_t training = samples.size() - validation;
    if (training == 0) return Error{"no training positions left after the validation share"};

    Model model = model_from(*init);
    // The parameters are every table's patterns in table order, then the counts.
    const std::size_t base_params = 2 * static_cast<std::size_t>(init->base_windows()) * eval::pattern_count;
    const std::pair<std::size_t, std::size_t> fitted = o.counts_only ? std::pair{model.pattern_params, model.w.size()}
                                                       : o.shifted_only ? std::pair{base_params, model.pattern_params}
                                                                        : std::pair{std::size_t{0}, model.w.size()};
    Fitter fitter(o, samples, training, model.w.size(), fitted);
    const auto validation_loss = [&] {
        return mean_loss(model, samples, training, samples.size(), o.scale, o.threads);
    };
    TrainResult result;
    result.train_positions = training;
    result.validation_positions = validation;
    result.validation_loss = validation ? validation_loss() : 0;
    Model best = model;
    for (int epoch = 1; epoch <= o.epochs; ++epoch) {
        const auto epoch_start = Clock::now();
        EpochReport report;
        report.epoch = epoch;
        report.train_loss = fitter.epoch(model, step_size(o, epoch)) / static_cast<double>(training);
        report.validation_loss = validation ? validation_loss() : report.train_loss;
        report.seconds = std::chrono::duration<double>(Clock::now() - epoch_start).count();
        if (on_epoch) on_epoch(report);
        if (epoch == 1 || report.validation_loss < result.validation_loss) {
            result.validation_loss = report.validation_loss;
            result.best_epoch = epoch;
            best = model;
        }
    }
    result.weights = weights_from(best, *init);
    result.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    return result;
}

}  // namespace kroon::learn
