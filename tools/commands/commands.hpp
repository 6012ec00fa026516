// The subcommands of `kroon`, one file each: each adds itself, with its options, to the
// program's one parser (tools/cli/command_line.hpp) and returns what runs it.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "tools/cli/command_line.hpp"

namespace kroon::cli {

cli::Run add_console(CLI::App& kroon, const Streams& io);
cli::Run add_hub(CLI::App& kroon, const Streams& io);
cli::Run add_perft(CLI::App& kroon, const Streams& io);
cli::Run add_divide(CLI::App& kroon, const Streams& io);
cli::Run add_variants(CLI::App& kroon, const Streams& io);
cli::Run add_bench(CLI::App& kroon, const Streams& io);
cli::Run add_tactics(CLI::App& kroon, const Streams& io);
cli::Run add_eval(CLI::App& kroon, const Streams& io);
cli::Run add_match(CLI::App& kroon, const Streams& io);
cli::Run add_dxp(CLI::App& kroon, const Streams& io);
cli::Run add_selfplay(CLI::App& kroon, const Streams& io);
cli::Run add_train(CLI::App& kroon, const Streams& io);
cli::Run add_serve(CLI::App& kroon, const Streams& io);
cli::Run add_egdb(CLI::App& kroon, const Streams& io);
cli::Run add_book(CLI::App& kroon, const Streams& io);

// Every subcommand, in the order `kroon --help` lists them.
inline std::vector<std::pair<std::string, Run>> add_all_commands(CLI::App& kroon, const Streams& io) {
    return {{"serve", add_serve(kroon, io)}, {"console", add_console(kroon, io)}, {"hub", add_hub(kroon, io)},
            {"perft", add_perft(kroon, io)}, {"divide", add_divide(kroon, io)},   {"variants", add_variants(kroon, io)},
            {"bench", add_bench(kroon, io)}, {"tactics", add_tactics(kroon, io)}, {"eval", add_eval(kroon, io)},
            {"match", add_match(kroon, io)}, {"dxp", add_dxp(kroon, io)},         {"selfplay", add_selfplay(kroon, io)},
            {"train", add_train(kroon, io)}, {"egdb", add_egdb(kroon, io)},       {"book", add_book(kroon, io)}};
}

}  // namespace kroon::cli
