// `kroon console` (and `kroon` with no command): the interactive console on stdin/stdout.

#include "platform/terminal.hpp"
#include "protocol/console/console.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {

Run add_console(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "console",
        "Play against Kroon, let it play itself, analyse positions (type help inside). Reads commands line by "
        "line from stdin, so it can also be scripted through a pipe; `kroon` with no command starts it too.");
    auto options = std::make_shared<console::ConsoleOptions>();
    auto engine = std::make_shared<EngineArgs>();
    add_variant(*command, options->variant);
    add_engine_options(*command, *engine,
                       {"threads", "hash", "eval", "eval-file", "egdb", "book", "book-margin", "multipv", "elo"});
    return [options, engine, io] {
        options->interactive = platform::is_terminal(platform::StandardStream::In);
        options->engine_options = engine_settings(*engine, {std::nullopt, options->variant});
        return console::run_console(io.in, io.out, *options);
    };
}

}  // namespace kroon::cli
