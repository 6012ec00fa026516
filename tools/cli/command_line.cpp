#include "tools/cli/command_line.hpp"

#include <istream>
#include <new>
#include <ostream>
#include <sstream>

#include "egdb/cache.hpp"
#include "engine/referee/clock.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "engine/rules/traits.hpp"
#include "tools/cli/build_info.hpp"
#include "tools/commands/commands.hpp"

namespace kroon::cli {

CLI::Option* add_variant(CLI::App& command, Variant& variant) {
    return command
        .add_option_function<std::string>(
            "--variant",
            [&variant](const std::string& name) {
                const auto parsed = parse_variant(name);
                if (!parsed) throw UsageError("unknown variant '" + name + "' (one of: " + variant_names() + ")");
                variant = *parsed;
            },
            "the variant: international (default), frisian, english, ... (kroon variants lists them)")
        ->type_name("V");
}

void add_position(CLI::App& command, PositionArgs& args) {
    add_variant(command, args.variant);
    command.add_option("--fen", args.fen, "the position as PDN FEN, or start (default)")->type_name("FEN");
}

Position read_position(const PositionArgs& args) {
    const Rulebook& rules = rulebook(args.variant);
    if (args.fen == "start") return rules.start_position();
    const auto pos = rules.parse_fen(args.fen);
    if (!pos) throw UsageError("bad FEN: " + pos.error());
    return *pos;
}

void add_search_size(CLI::App& command, int& threads, int& hash_mib) {
    command.add_option("--threads", threads, "threads")->check(CLI::Range(1, 256))->capture_default_str();
    command.add_option("--hash", hash_mib, "transposition table in MiB")
        ->type_name("MIB")
        ->check(CLI::Range(1, 1 << 16))
        ->capture_default_str();
}

std::optional<std::string> EngineArgs::value(std::string_view name) const {
    std::optional<std::string> last;
    for (const auto& [option, value] : given)
        if (option == name) last = value;
    return last;
}

void add_engine_options(CLI::App& command, EngineArgs& args, const std::vector<std::string_view>& names,
                        const std::map<std::string_view, std::string_view>& defaults) {
    for (const std::string_view name : names) {
        const play::OptionSpec* found = play::find_option(name);
        if (!found) throw std::logic_error("no engine option " + std::string(name));  // our bug
        play::OptionSpec shown = *found;
        if (const auto it = defaults.find(name); it != defaults.end()) shown.fallback = it->second;
        const play::OptionSpec* spec = found;
        const std::string flag = "--" + std::string(spec->name);
        std::string help(spec->help);
        if (spec->name == "egdb") help += " (the cache folder: " + cache_folder_text() + ")";
        const std::string range = play::option_range_text(shown);
        if (!range.empty()) help += " (" + range + ")";
        const std::string type = !spec->value_name.empty()                 ? std::string(spec->value_name)
                                 : spec->type == play::OptionType::Integer ? "N"
                                                                           : "FILE";
        command
            .add_option_function<std::string>(
                flag,
                [&args, spec, flag](const std::string& text) {
                    const auto value = play::read_option_value(*spec, text);
                    if (!value) throw UsageError(flag + ": " + value.error());
                    args.given.emplace_back(spec->name, *value);
                },
                help)
            ->type_name(type);
    }
}

namespace {

// The weights file of --eval-file, read and checked against the command's variant.
std::shared_ptr<const eval::Weights> read_weights(const std::string& file, std::optional<Variant> variant) {
    const auto weights = eval::read_weights_file(file);
    if (!weights) throw FileError("--eval-file: " + weights.error());
    if (variant && (*weights)->variant != *variant)
        throw UsageError("--eval-file: " + file + " holds weights for " +
                         std::string(rule_traits((*weights)->variant).name) + ", not " +
                         std::string(rule_traits(*variant).name));
    return *weights;
}

}  // namespace

EngineSettings engine_settings(const EngineArgs& args, EngineChecks checks) {
    EngineSettings settings = args.given;
    if (const auto file = args.value("eval-file"); file && !file->empty()) read_weights(*file, checks.weights_for);
    if (const auto book = args.value("book"))
        if (const auto file = play::book_file_of_option(*book); !file) throw FileError("--book: " + file.error());
    const std::optional<Variant>& variant = checks.databases_for;
    if (const auto folder = args.value("egdb"); folder && *folder != "none" && !folder->empty()) {
        play::DatabaseShelf shelf(*folder, egdb::RejectedFiles::ListOnly);
        const bool found = variant ? shelf.of(*variant) != nullptr : shelf.holds_any();
        if (!found)
            throw FileError("--egdb: no endgame databases " +
                            (variant ? "for " + std::string(rule_traits(*variant).name) + " " : std::string()) + "in " +
                            *folder);
    }
    return settings;
}

void configure(play::Thinker& engine, const EngineSettings& settings) {
    for (const auto& [name, value] : settings)
        if (const auto set = engine.set_option(name, value); !set) throw UsageError("--" + set.error());
}

eval::Evaluation evaluation_of(const EngineArgs& args, std::optional<Variant> variant) {
    eval::Evaluation evaluation;
    if (const auto kind = args.value("eval")) evaluation.kind = *eval::parse_eval_kind(*kind);
    if (const auto file = args.value("eval-file"); file && !file->empty())
        evaluation.file = read_weights(*file, variant);
    return evaluation;
}

std::string cache_folder_text() {
    const auto folder = egdb::cache_folder();
    return folder ? folder->string() : "none: KROON_EGDB=none, or no HOME";
}

CLI::Option* add_seconds(CLI::App& command, const std::string& name, double& seconds, const std::string& help,
                         double low, double high) {
    return command
        .add_option_function<std::string>(
            name,
            [&seconds, name, low, high](const std::string& text) {
                const auto tc = parse_time_control(text);
                if (!tc || tc->periods.size() != 1 || tc->periods[0].moves != 0 || tc->increment != 0)
                    throw UsageError(name + " must be a number of seconds (90, 1.5, 5m), not '" + text + "'");
                const double value = tc->periods[0].seconds;
                if (!(value >= low && value <= high))
                    throw UsageError(name + " must be from " + CLI::detail::to_string(low) + " to " +
                                     CLI::detail::to_string(high) + " seconds, not '" + text + "'");
                seconds = value;
            },
            help)
        ->type_name("S");
}

namespace {

constexpr std::size_t help_width = 100;
constexpr std::size_t name_column = 30;

// `text` broken into lines of at most `width` characters at spaces.
std::string wrapped(const std::string& text, std::size_t width) {
    std::string out, line;
    std::istringstream words(text);
    for (std::string word; words >> word;) {
        if (!line.empty() && line.size() + 1 + word.size() > width) {
            out += line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    return out + line;
}

// The help of every command in one format, wrapped to fit a terminal: the description, the
// usage line, the options with what they take and their defaults.
class Formatter : public CLI::Formatter {
public:
    Formatter() {
        column_width(name_column);
        label("REQUIRED", "(required)");
    }
    std::string make_description(const CLI::App* app) const override {
        return wrapped(app->get_description(), help_width) + "\n";
    }
    std::string make_subcommand(const CLI::App* sub) const override {
        std::ostringstream out;
        CLI::detail::format_help(out, sub->get_display_name(true),
                                 wrapped(sub->get_description(), help_width - name_column), name_column);
        return out.str();
    }
    // " N" for `--depth N`: the value's name; its range and default go with the description.
    std::string make_option_opts(const CLI::Option* option) const override {
        if (option->get_type_size() == 0) return "";
        std::string type = option->get_type_name();
        type = type.substr(0, type.find(':'));
        if (type == "INT" || type == "UINT") type = "N";
        if (type == "FLOAT") type = "X";
        std::string out = type.empty() ? "" : " " + type;
        if (option->get_expected_max() == CLI::detail::expected_max_vector_size) out += " ...";
        if (option->get_required()) out += " (required)";
        return out;
    }
    std::string make_option_desc(const CLI::Option* option) const override {
        std::string desc = option->get_description();
        const std::string type = option->get_type_name();
        std::string range = type.find(':') == std::string::npos ? "" : type.substr(type.find(':') + 1);
        if (const auto in = range.find(" in "); in != std::string::npos) range = range.substr(in + 4);
        const std::string fallback = option->get_default_str();
        if (!range.empty() || !fallback.empty())
            desc += " (" + range + (range.empty() || fallback.empty() ? "" : ", ") +
                    (fallback.empty() ? "" : "default " + fallback) + ")";
        return wrapped(desc, help_width - name_column);
    }
};

// The innermost subcommand the command line chose (`egdb build`), or the top level.
const CLI::App& chosen(const CLI::App& kroon) {
    const CLI::App* where = &kroon;
    while (!where->get_subcommands().empty()) where = where->get_subcommands().front();
    return *where;
}

// The words naming a subcommand after `kroon`: "perft", "egdb build".
std::string command_path(const CLI::App& kroon, const CLI::App& where) {
    std::string path;
    for (const CLI::App* at = &where; at && at != &kroon; at = at->get_parent())
        path = at->get_name() + (path.empty() ? "" : " " + path);
    return path;
}

// Every usage error looks the same: what was wrong, then where to read more.
int usage_error(const Streams& io, const std::string& command, const std::string& what) {
    const std::string name = command.empty() ? "kroon" : "kroon " + command;
    io.err << name << ": " << what << "\n"
           << "usage: " << name << (command.empty() ? " [COMMAND]" : " [OPTIONS]") << " (" << name
           << " --help for details)\n";
    return exit_usage;
}

// A file the command line names that cannot be read: a failure at run time.
int file_error(const Streams& io, const std::string& command, const std::string& what) {
    io.err << (command.empty() ? "kroon" : "kroon " + command) << ": " << what << "\n";
    return exit_failure;
}

}  // namespace

std::pair<int, int> parse_shard(const std::string& text) {
    int i = 0, n = 0;
    char slash = 0;
    std::istringstream in(text);
    if (!(in >> i >> slash >> n) || slash != '/' || !in.eof() || n < 1 || i < 0 || i >= n)
        throw UsageError("--shard must be I/N with 0 <= I < N, not '" + text + "'");
    return {i, n};
}

int run_kroon(const std::vector<std::string>& args, const Streams& io) {
    CLI::App kroon(
        "Kroon, a draughts engine: international, Frisian, English checkers and 13 more variants.\n"
        "Without a command it starts the interactive console. Every command takes --help.",
        "kroon");
    kroon.formatter(std::make_shared<Formatter>());
    kroon.require_subcommand(0, 1);
    kroon.footer("Rules: docs/rules.md. Protocols: docs/protocols.md.");
    kroon.set_version_flag("--version", version_text(build_info()),
                           "the version of kroon, its commit, instruction set, compiler and date");
    const std::vector<std::pair<std::string, Run>> commands = add_all_commands(kroon, io);

    std::vector<std::string> reversed(args.rbegin(), args.rend());  // CLI11 takes them back to front
    try {
        if (!args.empty() && args.front() == "help") reversed = {"--help"};
        kroon.parse(reversed);
    } catch (const CLI::CallForHelp&) {
        const CLI::App& where = chosen(kroon);
        const std::string path = command_path(kroon, where);
        const std::string parents = path.substr(0, path.rfind(' ') == std::string::npos ? 0 : path.rfind(' '));
        io.out << (&where == &kroon ? kroon.help() : where.help(parents.empty() ? "kroon" : "kroon " + parents));
        return exit_ok;
    } catch (const CLI::CallForAllHelp&) {
        io.out << kroon.help("", CLI::AppFormatMode::All);
        return exit_ok;
    } catch (const CLI::CallForVersion& e) {
        io.out << e.what() << "\n";
        return exit_ok;
    } catch (const CLI::ParseError& e) {
        const CLI::App& where = chosen(kroon);
        return usage_error(io, command_path(kroon, where), e.what());
    } catch (const FileError& e) {
        return file_error(io, command_path(kroon, chosen(kroon)), e.what());
    }
    const auto subcommands = kroon.get_subcommands();
    const std::string name = subcommands.empty() ? "console" : subcommands.front()->get_name();
    for (const auto& [command, run] : commands)
        if (command == name) {
            try {
                return run();
            } catch (const UsageError& e) {
                return usage_error(io, name, e.what());
            } catch (const FileError& e) {
                return file_error(io, name, e.what());
            } catch (const std::bad_alloc&) {
                // The process's memory limit, not a bug: say so and end cleanly.
                io.err << "kroon " << name << ": out of memory (the process's limit is too low for this)\n";
                return exit_failure;
            }
        }
    io.err << "kroon: no command '" << name << "'\n";
    return exit_usage;
}

}  // namespace kroon::cli
