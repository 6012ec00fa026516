// A tab's records: a game the page kept, restored after a reload; PDN files read into the
// board and the study written out (docs/web.md, The WebSocket protocol).
#include <algorithm>

#include "protocol/web/tab.hpp"

namespace kroon::web {

// A game the page kept (a reload, a server restarted): its variant, start, moves (or its whole
// tree), Kroon's side and level, as the page last saw them. Moves are kept as far as they are
// legal.
void Tab::on_restore(const Request& message) {
    const std::string name = message.text("variant", 40);
    const auto variant = parse_variant(name);
    if (!variant) throw BadRequest{"unknown variant '" + name + "'"};
    const Rulebook& rules = rulebook(*variant);
    const auto start = rules.parse_fen(message.text("fen", 400));
    if (!start) throw BadRequest{"bad FEN: " + start.error()};
    SavedTree saved = read_saved_tree(message, rules, *start, config_.max_tree_nodes);
    std::optional<Color> kroon;
    if (const auto side = message.optional_text("kroon", 10)) kroon = parse_side(*side);
    if (message.has("level")) apply_level(read_level(message.object("level")));
    std::vector<PdnTag> tags;
    if (message.has("tags"))
        for (const Request& tag : message.objects("tags", 100)) {
            std::string tag_name = tag.text("name", 40);
            // The name is written as it is, so it must be one PDN reads back (values are quoted).
            if (!is_pdn_tag_name(tag_name))
                throw BadRequest{"bad tag name '" + tag_name + "': PDN tag names are letters, digits and _"};
            tags.push_back({std::move(tag_name), tag.text("value", 400)});
        }
    start_game(Game(rules, *start), kroon);
    shown_.set_tree(std::move(saved.tree));
    if (!tags.empty()) shown_.adopt_tags(std::move(tags));
    if (saved.shown != -1) shown_.show_line(saved.shown);
    game_changed();
    if (saved.refused) send_error(*saved.refused, "restore");
}

void Tab::on_load_pdn(const Request& message) {
    const std::string text = message.text("text", config_.max_message_bytes);
    // The board reads files of any variant: a game without GameType is read as the one it follows.
    PdnFile file = read_pdn(text, game().variant(), UntaggedGames::AnyVariant);
    if (file.games.size() > config_.max_pdn_games) file.games.resize(config_.max_pdn_games);
    send(pdn_games_json(file));
    loaded_ = std::move(file.games);
}

void Tab::on_open_game(const Request& message) {
    if (loaded_.empty()) throw BadRequest{"no PDN file loaded"};
    const int index = message.integer("index", 0, static_cast<int>(loaded_.size()) - 1);
    const PdnGame& record = loaded_[static_cast<std::size_t>(index)];
    if (record.tree.size() > config_.max_tree_nodes)
        throw BadRequest{"game " + std::to_string(index + 1) + " has " + std::to_string(record.tree.size() - 1) +
                         " moves with its variations; the board keeps at most " +
                         std::to_string(config_.max_tree_nodes - 1)};
    auto game = replay(record);
    if (!game) throw BadRequest{"cannot replay game " + std::to_string(index + 1) + ": " + game.error()};
    start_game(std::move(*game), std::nullopt);
    if (!record.tree.bare()) shown_.set_tree(record.tree);
    shown_.adopt_tags(record.tags);
    // A result decided off the board (resignation, agreement, time) is kept from the record:
    // with the reason its Termination tag gives, else as the record has it.
    if (!this->game().is_over() && record.result != GameResult::Ongoing) {
        const std::string termination = record.tag("Termination").value_or("");
        const Reason reason = reason_of_description(
            this->game().rules().traits(), this->game().rule_options().points_victory, record.result, termination);
        if (reason != Reason::None)
            end_game(Verdict{record.result, reason}, "");
        else
            end_game(Verdict{record.result, Reason::None}, termination.empty() ? "as recorded" : termination);
    }
    game_changed();
}

void Tab::on_save_pdn(const Request&) {
    std::string date = shown_.header().date;
    std::replace(date.begin(), date.end(), '?', '0');
    send({{"type", "pdn"}, {"text", write_pdn(shown_.record())}, {"filename", "kroon-" + date + ".pdn"}});
}

}  // namespace kroon::web
