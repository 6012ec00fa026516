// Fits the learned evaluation's weights to positions from Kroon's games by logistic
// regression: the evaluation's score s (hundredths of a man, White's view) predicts
// p = 1 / (1 + exp(-s / K)), and the target blends the game's result with the search's
// score, t = lambda * result + (1 - lambda) / (1 + exp(-score / K)). Adam minimises the
// cross-entropy on mini-batches split over threads; a held-out share of the data (the last
// games of the files, so no game is on both sides) measures the fit, and the weights of the
// epoch with the lowest validation loss are kept. The same data, options and seed give the
// same weights, whatever the number of threads.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "eval/weights.hpp"
#include "platform/result.hpp"

namespace kroon::learn {

struct TrainOptions {
    Variant variant = Variant::International;
    std::vector<std::string> data;  // training data files (training_data.hpp)
    std::string init;               // start from these weights ("" = material only)
    // Two pattern tables a window, for the side to move and the other (eval/weights.hpp); an
    // --init file with one table a window starts both from its table.
    bool by_side_to_move = false;
    // Add the shifted windows (eval/patterns.hpp), their tables starting from 0; weights from
    // --init that have them keep them either way.
    bool shifted_windows = false;
    // Fit the counts alone and keep the pattern tables as `init` has them: a new count is
    // fitted without the tables drifting on another data set.
    bool counts_only = false;
    // Keep the base windows' tables and the counts as `init` has them and fit the shifted
    // windows' tables alone: new windows learn what the rest misses (one table a window only).
    bool shifted_only = false;
    int epochs = 30;
    double validation = 0.1;     // share of the positions held out
    double lambda = 0.5;         // weight of the game result against the search score
    double scale = 200;          // K, hundredths of a man
    double learning_rate = 1.0;  // Adam's step, hundredths of a man
    double weight_decay = 1e-4;  // pulls rarely seen patterns towards 0
    int batch = 16384;
    int threads = 2;
    std::uint32_t seed = 1;
};

struct EpochReport {
    int epoch = 0;
    double train_loss = 0;
    double validation_loss = 0;
    double seconds = 0;
};

struct TrainResult {
    eval::Weights weights;
    std::size_t train_positions = 0;
    std::size_t validation_positions = 0;
    double validation_loss = 0;  // of the weights kept
    int best_epoch = 0;
    double seconds = 0;
};

Result<TrainResult> train(const TrainOptions& options, const std::function<void(const EpochReport&)>& on_epoch = {});

}  // namespace kroon::learn
