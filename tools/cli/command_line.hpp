// The one command-line layer of `kroon`: every subcommand declares its options on a CLI11
// subcommand (validated, with ranges, and a --help of the same shape), and this file runs
// them the same way: help on stdout with status 0, a usage error on stderr as
// "kroon COMMAND: what was wrong" plus the usage line, with status 2.
#pragma once

#include <CLI/CLI.hpp>

#include <functional>
#include <iosfwd>
#include <string>
#include <vector>

#include "egdb/database.hpp"
#include "engine/position/position.hpp"
#include "engine/result.hpp"
#include "engine/rules/variant.hpp"
#include "eval/evaluate.hpp"

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

// A command line that parses but cannot be used (a bad FEN, a missing file): reported like a
// parse error. Throw it from a Run or an option callback.
class UsageError : public CLI::ValidationError {
public:
    explicit UsageError(const std::string& message) : CLI::ValidationError(message) {}
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

// --threads N and --hash MIB for commands that search.
void add_search_size(CLI::App& command, int& threads, int& hash_mib);

// --eval hand|learned and --eval-file FILE for commands that evaluate or search.
struct EvalArgs {
    eval::EvalKind kind = eval::EvalKind::Learned;
    std::string file;
};
void add_evaluation(CLI::App& command, EvalArgs& args);
// The evaluation asked for; a weights file that cannot be read, or is for another variant
// than `variant` (when given), is a usage error.
eval::Evaluation read_evaluation(const EvalArgs& args, std::optional<Variant> variant);

// --egdb DIR|none: the endgame databases to probe while searching (docs/egdb.md); without
// it, those in the cache folder when they are there.
void add_databases(CLI::App& command, std::string& folder);
// The cache folder for a help text, or why there is none.
std::string cache_folder_text();
// The folder whose databases of `variant` to use: `folder` as given, none for "none", and
// without one the cache folder when it holds some ("" when it does not).
std::string resolve_databases_folder(const std::string& folder, Variant variant);
// Whether `folder` holds the databases of some variant.
bool holds_any_databases(const std::string& folder);
// The databases of `variant` for --egdb `folder` (null for none, or when the cache folder
// holds none); a folder given without any is a usage error.
std::shared_ptr<const egdb::Database> read_databases(const std::string& folder, Variant variant);

// A real number of seconds (also 90s, 5m, 2h), checked to lie in [low, high].
CLI::Option* add_seconds(CLI::App& command, const std::string& name, double& seconds, const std::string& help,
                         double low, double high);

// `kroon ARGS`: reads the command line with every subcommand's options and runs the chosen
// one (the console when there is none).
int run_kroon(const std::vector<std::string>& args, const Streams& io);

}  // namespace kroon::cli
