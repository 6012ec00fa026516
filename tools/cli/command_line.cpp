#include "tools/cli/command_line.hpp"

#include <istream>
#include <ostream>
#include <sstream>

#include "egdb/cache.hpp"
#include "egdb/variants.hpp"
#include "engine/game/clock.hpp"
#include "engine/rulebook/rulebook.hpp"
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
    command.add_option("--threads", threads, "search threads")->check(CLI::Range(1, 256))->capture_default_str();
    command.add_option("--hash", hash_mib, "transposition table in MiB")
        ->type_name("MIB")
        ->check(CLI::Range(1, 1 << 16))
        ->capture_default_str();
}

void add_evaluation(CLI::App& command, EvalArgs& args) {
    command
        .add_option_function<std::string>(
            "--eval",
            [&args](const std::string& name) {
                const auto kind = eval::parse_eval_kind(name);
                if (!kind) throw UsageError("--eval must be hand or learned, not '" + name + "'");
                args.kind = *kind;
            },
            "the evaluation: learned (weights learned from Kroon's games, where the variant has them; the default) "
            "or hand (the hand-written terms)")
        ->type_name("KIND");
    command.add_option("--eval-file", args.file, "learned weights from FILE instead of the built-in ones")
        ->type_name("FILE");
}

eval::Evaluation read_evaluation(const EvalArgs& args, std::optional<Variant> variant) {
    eval::Evaluation evaluation{args.kind, nullptr};
    if (args.file.empty()) return evaluation;
    const auto weights = eval::read_weights_file(args.file);
    if (!weights) throw UsageError("--eval-file: " + weights.error());
    if (variant && (*weights)->variant != *variant)
        throw UsageError("--eval-file: " + args.file + " holds weights for " +
                         std::string(rulebook((*weights)->variant).name()) + ", not " +
                         std::string(rulebook(*variant).name()));
    evaluation.file = *weights;
    return evaluation;
}

void add_databases(CLI::App& command, std::string& folder) {
    command
        .add_option("--egdb", folder,
                    "probe the endgame databases in DIR while searching (kroon egdb build), or none; by default "
                    "those in the cache folder (" +
                        cache_folder_text() + "), when they are there")
        ->type_name("DIR|none");
}

std::string cache_folder_text() {
    const auto folder = egdb::cache_folder();
    return folder ? folder->string() : "none: KROON_EGDB=none, or no HOME";
}

std::string resolve_databases_folder(const std::string& folder, Variant variant) {
    if (folder == "none") return "";
    if (!folder.empty()) return folder;
    const auto cache = egdb::cache_folder();
    if (!cache || !egdb::has_databases(variant)) return "";
    return egdb::Database::open(*cache, variant)->slice_count() > 0 ? cache->string() : "";
}

bool holds_any_databases(const std::string& folder) {
    for (const Variant v : all_variants)
        if (egdb::has_databases(v) && egdb::Database::open(folder, v)->slice_count() > 0) return true;
    return false;
}

std::shared_ptr<const egdb::Database> read_databases(const std::string& folder, Variant variant) {
    if (folder.empty() || folder == "none") {
        const std::string cache = resolve_databases_folder(folder, variant);
        return cache.empty() ? nullptr : egdb::Database::open(cache, variant);
    }
    auto databases = egdb::Database::open(folder, variant);
    if (databases->slice_count() == 0)
        throw UsageError("--egdb: no endgame databases for " + std::string(rulebook(variant).name()) + " in " + folder);
    return databases;
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

}  // namespace

int run_kroon(const std::vector<std::string>& args, const Streams& io) {
    CLI::App kroon(
        "Kroon, a draughts engine: international, Frisian, English checkers and 13 more variants.\n"
        "Without a command it starts the interactive console. Every command takes --help.",
        "kroon");
    kroon.formatter(std::make_shared<Formatter>());
    kroon.require_subcommand(0, 1);
    kroon.footer("Rules: docs/rules.md. Protocols: docs/protocols.md.");
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
    } catch (const CLI::ParseError& e) {
        const CLI::App& where = chosen(kroon);
        return usage_error(io, command_path(kroon, where), e.what());
    }
    const auto subcommands = kroon.get_subcommands();
    const std::string name = subcommands.empty() ? "console" : subcommands.front()->get_name();
    for (const auto& [command, run] : commands)
        if (command == name) {
            try {
                return run();
            } catch (const UsageError& e) {
                return usage_error(io, name, e.what());
            }
        }
    io.err << "kroon: no command '" << name << "'\n";
    return exit_usage;
}

}  // namespace kroon::cli
