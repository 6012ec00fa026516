// The console's endgame databases (docs/egdb.md): the `egdb` command, and the databases
// following the variant when a new game changes it.
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <system_error>

#include "egdb/variants.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "platform/folders.hpp"
#include "protocol/console/console_session.hpp"

namespace kroon::console {
namespace {

std::string variant_name(Variant v) { return std::string(rulebook(v).name()); }

bool means_none(const std::string& word) {
    std::string w;
    for (unsigned char c : word) w += static_cast<char>(std::tolower(c));
    return w == "none" || w == "off";
}

// The folder a user typed: "~" and "~/..." start at the home folder, as in a shell.
std::filesystem::path typed_folder(const std::string& text) {
    const auto home = platform::home_folder();
    if (home && (text == "~" || text.rfind("~/", 0) == 0)) return home->string() + text.substr(1);
    return text;
}

// The other variants whose database files `folder` holds ("english, brazilian"), by name.
std::string other_variants_in(const std::filesystem::path& folder, Variant variant) {
    std::string found;
    for (const Variant v : all_variants) {
        if (v == variant || !egdb::has_databases(v)) continue;
        const std::string prefix = variant_name(v) + "-wm";
        std::error_code ec;
        for (const auto& entry : std::filesystem::directory_iterator(folder, ec)) {
            const std::string name = entry.path().filename().string();
            if (name.rfind(prefix, 0) == 0 && entry.path().extension() == ".egdb") {
                found += (found.empty() ? "" : ", ") + variant_name(v);
                break;
            }
        }
    }
    return found;
}

}  // namespace

std::string ConsoleSession::databases_text() {
    const Variant variant = game_.variant();
    const std::filesystem::path& folder = thinker_.shelf().folder();
    const auto databases = thinker_.shelf().of(variant);
    if (!databases) {
        if (folder.empty()) return "none (egdb DIR opens those in DIR; kroon egdb build makes them)";
        if (!egdb::has_databases(variant))
            return "none for " + variant_name(variant) + " (Kroon has them for " + egdb::variants_with_databases() +
                   "); those in " + folder.string() + " come back with their variant";
        return "none for " + variant_name(variant) + " in " + folder.string();
    }
    const egdb::Database& db = *databases;
    const int complete = db.complete_pieces();
    const std::string coverage = complete >= 3   ? "every slice of 2 to " + std::to_string(complete) + " pieces"
                                 : complete == 2 ? "every slice of 2 pieces"
                                                 : "not every slice of 2 pieces";
    char size[32];
    std::snprintf(size, sizeof size, "%.2f MB", static_cast<double>(db.file_bytes()) / 1e6);
    return std::to_string(db.slice_count()) + " slices of " + variant_name(db.variant()) + " (" + coverage + "), " +
           std::to_string(db.distance_file_count()) + " distance files, " + size + " in " + db.folder().string();
}

void ConsoleSession::databases_follow_variant() {
    if (thinker_.shelf().folder().empty()) return;
    out_ << "Endgame databases: " << databases_text() << ".\n";
}

void ConsoleSession::cmd_egdb(const Words& args) {
    if (args.empty()) {
        out_ << "Endgame databases: " << databases_text() << ".\n";
        return;
    }
    if (args.size() == 1 && means_none(args[0])) {
        thinker_.set_option("egdb", "none");
        out_ << "Endgame databases: " << databases_text() << ".\n";
        return;
    }
    // Every refusal leaves the databases in use as they were, and says so.
    const auto refuse = [&](const std::string& why, const std::vector<std::string>& details = {}) {
        error(why);
        for (const std::string& detail : details) out_ << "  " << detail << "\n";
        out_ << "Endgame databases (unchanged): " << databases_text() << ".\n";
    };
    const Variant variant = game_.variant();
    const std::filesystem::path folder = typed_folder(arguments_);
    if (!egdb::has_databases(variant))
        return refuse("Kroon has no endgame databases for " + variant_name(variant) + ", only for " +
                      egdb::variants_with_databases());
    std::error_code ec;
    const auto status = std::filesystem::status(folder, ec);
    if (ec && ec != std::errc::no_such_file_or_directory)
        return refuse("cannot read " + folder.string() + ": " + ec.message());
    if (!std::filesystem::exists(status)) return refuse("no folder " + folder.string());
    if (!std::filesystem::is_directory(status)) return refuse(folder.string() + " is not a folder");

    auto shelf = std::make_shared<play::DatabaseShelf>(folder, egdb::RejectedFiles::ListOnly);
    const auto opened = egdb::Database::open(folder, variant, egdb::RejectedFiles::ListOnly);
    if (opened->slice_count() == 0) {
        std::string why = "no endgame databases for " + variant_name(variant) + " in " + folder.string();
        if (!opened->rejected().empty())
            why = "no usable endgame databases for " + variant_name(variant) + " in " + folder.string() + "; left out:";
        else if (const std::string others = other_variants_in(folder, variant); !others.empty())
            why += " (it holds " + others + " ones: new VARIANT plays another variant)";
        else
            why += " (kroon egdb build --dir " + folder.string() + " makes them)";
        return refuse(why, opened->rejected());
    }
    thinker_.use_databases(shelf);
    out_ << "Endgame databases: " << databases_text() << ".\n";
    for (const std::string& rejected : opened->rejected()) out_ << "  left out: " << rejected << "\n";
}

}  // namespace kroon::console
