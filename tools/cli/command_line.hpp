// The one command-line layer of `kroon`: every subcommand declares its options on a CLI11
// subcommand (validated, with ranges, and a --help of the same shape), and this file runs
// them the same way: help on stdout with status 0, a usage error on stderr as
// "kroon COMMAND: what was wrong" plus the usage line, with status 2.
#pragma once

#include <CLI/CLI.hpp>

#include <atomic>
#include <functional>
#include <iosfwd>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/rules/variant.hpp"
#include "eval/evaluate.hpp"
#include "platform/result.hpp"
#include "play/thinker.hpp"

namespace kroon::cli {

// Exit statuses shared by every subcommand.
constexpr int exit_ok = 0;
constexpr int exit_failure = 1;  // could not do it (a file, a socket, an engine)
constexpr int exit_usage = 2;    // the command line is wrong
constexpr int exit_interrupted = 130;

struct Streams {
    std::istream& in;
    std::ostream& out;
    std::ostream& err;
};

// What a subcommand runs once its command line has been read; returns the exit status.
using Run = std::function<int()>;

// A command line that parses but cannot be used (a bad FEN, a variant without databases):
// reported like a parse error. Throw it from a Run or an option callback.
class UsageError : public CLI::ValidationError {
public:
    explicit UsageError(const std::string& message) : CLI::ValidationError(message) {}
};

// A file or folder the command line names that cannot be read (missing, a folder where a file
// should be, damaged): a failure at run time, status 1, reported as "kroon COMMAND: what" without
// the usage line. Throw it from a Run or an option callback.
class FileError : public std::runtime_error {
public:
    explicit FileError(const std::string& message) : std::runtime_error(message) {}
};

// --variant V: any name parse_variant accepts (kroon variants lists them).
CLI::Option* add_variant(CLI::App& command, Variant& variant);

// --variant V and --fen FEN (or the word `start`): a position of a variant.
struct PositionArgs {
    Variant variant = Variant::International;
    std::string fen = "start";
};
void add_position(CLI::App& command, PositionArgs& args);
Position read_position(const PositionArgs& args);  // throws UsageError on a bad FEN

// --threads N and --hash MIB for perft and divide (their own threads and counting table).
void add_search_size(CLI::App& command, int& threads, int& hash_mib);

// Engine options of the table (play/options.hpp) as --NAME VALUE, with the table's help,
// range and default; each command names those it takes.
struct EngineArgs {
    // The table's names and the values as the engine reads them, in the order given.
    std::vector<std::pair<std::string, std::string>> given;
    std::optional<std::string> value(std::string_view name) const;  // the last one given
};
// `defaults`: where the command's default differs from the table's (for its help).
void add_engine_options(CLI::App& command, EngineArgs& args, const std::vector<std::string_view>& names,
                        const std::map<std::string_view, std::string_view>& defaults = {});
// The options as the thinker takes them (play::Thinker::set_option), each checked as the
// engine would, and for the variant the command plays where it plays one: a weights file
// that cannot be read (or holds another variant's weights than `weights_for`), a databases
// folder without any (of `databases_for`, when given). A problem is a UsageError.
struct EngineChecks {
    std::optional<Variant> weights_for;
    std::optional<Variant> databases_for;
};
using EngineSettings = std::vector<std::pair<std::string, std::string>>;
EngineSettings engine_settings(const EngineArgs& args, EngineChecks checks = {});
// Sets checked settings on an engine.
void configure(play::Thinker& engine, const EngineSettings& settings);
// The evaluation the options choose, for commands that evaluate without searching.
eval::Evaluation evaluation_of(const EngineArgs& args, std::optional<Variant> variant);
// The cache folder for a help text, or why there is none.
std::string cache_folder_text();

// A real number of seconds (also 90s, 5m, 2h), checked to lie in [low, high].
CLI::Option* add_seconds(CLI::App& command, const std::string& name, double& seconds, const std::string& help,
                         double low, double high);

// --shard I/N as {I, N} (the N machines of a self-play run or a book build); a UsageError when
// it is not one.
std::pair<int, int> parse_shard(const std::string& text);

// `kroon ARGS`: reads the command line with every subcommand's options and runs the chosen
// one (the console when there is none).
int run_kroon(const std::vector<std::string>& args, const Streams& io);

}  // namespace kroon::cli
