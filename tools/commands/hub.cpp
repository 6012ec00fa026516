// `kroon hub`: the Hub protocol on stdin/stdout, where a GUI or bot starts `scan hub`.
#include "protocol/hub/hub_program.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {

Run add_hub(CLI::App& kroon, const Streams& io) {
    auto* command = kroon.add_subcommand(
        "hub",
        "Speaks the Hub protocol (version 2, as Scan 3.x) on stdin/stdout, for the Hub GUI, pydraughts, "
        "lidraughts-bot and draughtsnet: start it as `kroon hub` where a GUI asks for `scan hub`. What Kroon reads "
        "and writes: docs/protocols.md, Hub.");
    auto options = std::make_shared<hub::ProgramOptions>();
    auto evaluation = std::make_shared<EvalArgs>();
    command
        ->add_option("--log", options->log_file,
                     "append every protocol line in and out to FILE (set-param name=log value=true does the same, "
                     "by default to kroon-hub.log)")
        ->type_name("FILE");
    add_evaluation(*command, *evaluation);
    auto databases = std::make_shared<std::string>();
    add_databases(*command, *databases);
    return [options, evaluation, databases, io] {
        options->evaluation = read_evaluation(*evaluation, std::nullopt);
        options->eval_file = evaluation->file;
        // A folder given without databases of any variant is an error here; the cache folder
        // is used only when it holds some. The Hub never builds them (docs/egdb.md, Cache folder).
        if (!databases->empty() && *databases != "none" && !holds_any_databases(*databases))
            throw UsageError("--egdb: no endgame databases in " + *databases);
        options->egdb_path = resolve_databases_folder(*databases, Variant::International);
        return hub::run_program(*options, io.in, io.out, io.err);
    };
}

}  // namespace kroon::cli
