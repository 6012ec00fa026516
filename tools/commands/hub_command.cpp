// `kroon hub`: the Hub protocol on stdin/stdout, where a GUI or bot starts `scan hub`.
#include "protocol/hub/program.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {

Run add_hub(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "hub",
        "Speaks the Hub protocol (version 2, as Scan 3.x) on stdin/stdout, for the Hub GUI, pydraughts, "
        "lidraughts-bot and draughtsnet: start it as `kroon hub` where a GUI asks for `scan hub`. What Kroon reads "
        "and writes: docs/protocols.md, Hub.");
    auto options = std::make_shared<hub::ProgramOptions>();
    command
        ->add_option("--log", options->log_file,
                     "append every protocol line in and out to FILE (set-param name=log value=true does the same, "
                     "by default to kroon-hub.log)")
        ->type_name("FILE");
    auto engine = std::make_shared<EngineArgs>();
    add_engine_options(*command, *engine,
                       {"eval", "eval-file", "egdb", "book", "book-margin", "multipv", "skill", "elo"});
    return [options, engine, io] {
        // A folder given without databases of any variant is an error here; the cache folder
        // is used only when it holds some. The Hub never builds them (docs/egdb.md, Cache folder).
        options->engine_options = engine_settings(*engine);
        if (!engine->value("egdb")) {
            // egdb-path shows the folder in use.
            const auto folder = play::DatabaseShelf::folder_of_option("");
            options->engine_options.emplace_back("egdb", folder.empty() ? "none" : folder.string());
        }
        return hub::run_program(*options, io.in, io.out, io.err);
    };
}

}  // namespace kroon::cli
