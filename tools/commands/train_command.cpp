// `kroon train`: fits the learned evaluation's weights to training data (learn/trainer).
#include <cstdio>
#include <ostream>

#include "learn/trainer.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {
namespace {

void add_file_options(CLI::App& command, learn::TrainOptions& o, std::string& out) {
    command.add_option("--data", o.data, "training data files")->type_name("FILE")->required();
    command.add_option("--out", out, "write the weights to FILE")->type_name("FILE")->required();
    command.add_option("--init", o.init, "start from these weights instead of material only")->type_name("FILE");
    command.add_flag("--side-to-move-tables", o.by_side_to_move,
                     "two pattern tables a window, one for the side to move and one for the other (twice the "
                     "weights); from --init weights with one table a window, both start from it");
    command.add_flag("--shifted-windows", o.shifted_windows,
                     "add the 4x4 windows whose corners sit on odd rows and files (9 more on 10x10, 4 on 8x8), "
                     "their tables starting from 0; weights from --init that have them keep them");
    command.add_flag(
        "--shifted-only", o.shifted_only,
        "keep the base windows' tables and the counts of --init and fit the shifted windows' tables alone");
    command.add_flag("--counts-only", o.counts_only,
                     "fit the counts alone (material, tempo, mobility, ...) and keep the pattern tables of --init");
}

// The passes, the held-out share, the target and Adam's steps.
void add_fitting_options(CLI::App& command, learn::TrainOptions& o) {
    command.add_option("--epochs", o.epochs, "passes over the data")
        ->check(CLI::Range(1, 10000))
        ->capture_default_str();
    command.add_option("--validation", o.validation, "share of the data held out (the last games)")
        ->check(CLI::Range(0.0, 0.5))
        ->capture_default_str();
    command.add_option("--lambda", o.lambda, "weight of the game result against the search score in the target")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    command.add_option("--scale", o.scale, "K of the logistic curve, hundredths of a man")
        ->check(CLI::Range(10.0, 10000.0))
        ->capture_default_str();
    command.add_option("--rate", o.learning_rate, "Adam's step, hundredths of a man")
        ->check(CLI::Range(1e-4, 100.0))
        ->capture_default_str();
    command.add_option("--decay", o.weight_decay, "pull of the pattern weights towards 0")
        ->check(CLI::Range(0.0, 1.0))
        ->capture_default_str();
    command.add_option("--batch", o.batch, "positions per step")->check(CLI::Range(1, 1 << 24))->capture_default_str();
}

// The kept epoch and what it makes of a man and a king (the weights are 1600 to a man).
void print_summary(std::ostream& out, const learn::TrainResult& result) {
    const auto& men = result.weights.dense[int(eval::Dense::Men)];
    const auto& kings = result.weights.dense[int(eval::Dense::Kings)];
    char line[200];
    std::snprintf(line, sizeof line,
                  "%zu training and %zu validation positions; epoch %d kept (validation loss %.5f); a man %.2f/%.2f, "
                  "a king %.2f/%.2f (middle/end game); %.1f s\n",
                  result.train_positions, result.validation_positions, result.best_epoch, result.validation_loss,
                  men.mg / 1600.0, men.eg / 1600.0, kings.mg / 1600.0, kings.eg / 1600.0, result.seconds);
    out << line;
}

int run_train(const learn::TrainOptions& o, const std::string& out, const Streams& io) {
    const auto result = learn::train(o, [&](const learn::EpochReport& r) {
        char line[160];
        std::snprintf(line, sizeof line, "epoch %3d/%d  train loss %.5f  validation loss %.5f  %.1f s\n", r.epoch,
                      o.epochs, r.train_loss, r.validation_loss, r.seconds);
        io.out << line << std::flush;
    });
    if (!result) {
        io.err << "kroon train: " << result.error() << "\n";
        return exit_failure;
    }
    if (const auto error = eval::write_weights_file(out, result->weights)) {
        io.err << "kroon train: " << error->message << "\n";
        return exit_failure;
    }
    print_summary(io.out, *result);
    io.out << "weights written to " << out << "\n";
    return exit_ok;
}

}  // namespace

Run add_train(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "train",
        "Fits the learned evaluation's weights to positions from `kroon selfplay` by logistic regression on the "
        "game results and the search scores, with a held-out validation share, and writes the weights of the best "
        "epoch (docs/evaluation.md). Deterministic for a given seed, whatever the number of threads.");
    auto o = std::make_shared<learn::TrainOptions>();
    auto out = std::make_shared<std::string>();
    add_variant(*command, o->variant);
    add_file_options(*command, *o, *out);
    add_fitting_options(*command, *o);
    command->add_option("--threads", o->threads, "threads")->check(CLI::Range(1, 256))->capture_default_str();
    command->add_option("--seed", o->seed, "seed of the shuffle")->capture_default_str();
    return [o, out, io] { return run_train(*o, *out, io); };
}

}  // namespace kroon::cli
