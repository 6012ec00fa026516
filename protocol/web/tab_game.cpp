#include "protocol/web/tab_game.hpp"

#include <algorithm>

namespace kroon::web {

bool TabGame::shows(int node) const {
    const int ply = tree_[node].ply;
    return ply < static_cast<int>(line_.size()) && node_at(ply) == node;
}

void TabGame::set_marks(int node, std::string marks) {
    MoveTreeNode& n = tree_[node];
    n.marks = std::move(marks);
    std::erase_if(n.nags, [](int nag) { return nag >= 1 && nag <= 6; });  // !, ?, !!, ??, !?, ?!
    changed();
}

int TabGame::view_ply() const { return view_ ? std::min(*view_, plies()) : plies(); }

void TabGame::look_at(int ply) { view_ = ply == plies() ? std::nullopt : std::optional<int>(ply); }

void TabGame::start(Game game) {
    game_ = std::move(game);
    view_.reset();
    MoveTree tree;
    for (int node = MoveTree::root; const Move& m : game_.moves()) node = tree.add(node, m);
    set_tree(std::move(tree));
    off_board_end_.reset();
    record_tags_.clear();
    header_ = PdnHeader{};
    header_.event = "Kroon serve";
    header_.date = pdn_date_today();
}

// The tree's main line is the game's moves (game_ holds them already).
void TabGame::set_tree(MoveTree tree) {
    changed();
    tree_ = std::move(tree);
    line_ = tree_.line(MoveTree::root);
    scores_.assign(static_cast<std::size_t>(tree_.size()), std::nullopt);
    from_book_.assign(static_cast<std::size_t>(tree_.size()), false);
    if (line_.size() != game_.positions().size()) {
        game_ = line_game(line_);
        view_.reset();
    }
}

Game TabGame::line_game(const std::vector<int>& nodes) const {
    moves_worked_ += nodes.size() - 1;
    Game game(game_.rules(), game_.start(), game_.rule_options());
    game.play_past_end();  // a recorded line may go on after a draw rule's verdict
    for (std::size_t i = 1; i < nodes.size(); ++i) game.play(tree_[nodes[i]].move);
    if (off_board_end_ && off_board_end_->node == nodes.back() && !game.is_over())
        game.end(off_board_end_->verdict, off_board_end_->detail);
    return game;
}

void TabGame::show_line(int node) {
    changed();
    line_ = tree_.line(node);
    game_ = line_game(line_);
    look_at(tree_[node].ply);
}

std::vector<int> TabGame::remove(int node) {
    changed();
    std::vector<int> renumbered = tree_.remove(node);
    renumber(renumbered);
    return renumbered;
}

void TabGame::renumber(const std::vector<int>& renumbered) {
    const auto of = [&](int node) { return renumbered[static_cast<std::size_t>(node)]; };
    std::vector<int> line;
    for (const int node : line_) {
        if (of(node) == -1) break;
        line.push_back(of(node));
    }
    line_ = std::move(line);
    std::vector<std::optional<search::Score>> scores(static_cast<std::size_t>(tree_.size()));
    std::vector<bool> from_book(static_cast<std::size_t>(tree_.size()));
    for (std::size_t old = 0; old < renumbered.size(); ++old) {
        if (renumbered[old] == -1) continue;
        scores[static_cast<std::size_t>(renumbered[old])] = scores_[old];
        from_book[static_cast<std::size_t>(renumbered[old])] = from_book_[old];
    }
    scores_ = std::move(scores);
    from_book_ = std::move(from_book);
    if (off_board_end_) {
        off_board_end_->node = of(off_board_end_->node);
        if (off_board_end_->node == -1) off_board_end_.reset();
    }
}

void TabGame::append(const Move& move) {
    changed();
    int node = tree_.child_with(line_.back(), move);
    if (node == -1) node = tree_.add(line_.back(), move);
    game_.play(move);
    line_.push_back(node);
    scores_.resize(static_cast<std::size_t>(tree_.size()));
    from_book_.resize(static_cast<std::size_t>(tree_.size()));
}

void TabGame::truncate_to(int ply) {
    changed();
    while (plies() > ply) game_.undo();
    line_.resize(static_cast<std::size_t>(ply) + 1);
}

void TabGame::end(Verdict verdict, const std::string& detail) {
    game_.end(verdict, detail);
    off_board_end_ = OffBoardEnd{verdict, detail, line_.back()};
}

void TabGame::settle() {
    scores_.resize(static_cast<std::size_t>(tree_.size()));
    from_book_.resize(static_cast<std::size_t>(tree_.size()));
    if (view_ && *view_ >= plies()) view_.reset();
}

Game TabGame::game_at(int ply) const {
    moves_worked_ += static_cast<std::uint64_t>(ply);
    Game game(game_.rules(), game_.start(), game_.rule_options());
    game.play_past_end();
    for (int i = 0; i < ply; ++i) game.play(game_.moves()[static_cast<std::size_t>(i)]);
    return game;
}

std::vector<bool> TabGame::over_by_ply() const {
    moves_worked_ += static_cast<std::uint64_t>(plies());
    std::vector<bool> over;
    Game game(game_.rules(), game_.start(), game_.rule_options());
    game.play_past_end();
    for (const Move& m : game_.moves()) {
        over.push_back(game.is_over());
        game.play(m);
    }
    over.push_back(game.is_over());
    return over;
}

const std::string& TabGame::tree_text() const {
    if (tree_text_.revision != revision_) {
        moves_worked_ += static_cast<std::uint64_t>(tree_.size() - 1);
        tree_text_ = {revision_, dump(tree_json(game_.rules(), game_.start(), tree_))};
    }
    return tree_text_.json;
}

const std::string& TabGame::history_text() const {
    if (history_text_.revision != revision_) {
        moves_worked_ += static_cast<std::uint64_t>(plies());
        history_text_ = {revision_, dump(history_json(game_))};
    }
    return history_text_.json;
}

void TabGame::adopt_tags(std::vector<PdnTag> tags) {
    PdnGame record;
    record.tags = std::move(tags);
    PdnHeader header;
    header.event = record.tag("Event").value_or("?");
    header.site = record.tag("Site").value_or("?");
    header.date = record.tag("Date").value_or("????.??.??");
    header.round = record.tag("Round").value_or("?");
    header.white = record.tag("White").value_or("?");
    header.black = record.tag("Black").value_or("?");
    header.time_control = record.tag("TimeControl").value_or("");
    header_ = header;
    record_tags_ = std::move(record.tags);
}

PdnGame TabGame::record() const {
    PdnGame record = make_pdn_game(line_game(tree_.line(MoveTree::root)), header_);
    if (!record_tags_.empty()) {
        // A game opened from a file keeps its tags as they were (Result brought in line).
        const auto termination = record.tag("Termination");
        record.tags = record_tags_;
        if (termination && !record.tag("Termination")) record.set_tag("Termination", *termination);
    }
    record.tree = tree_;
    return record;
}

SavedTree read_saved_tree(const Request& message, const Rulebook& rules, const Position& start, int max_nodes) {
    SavedTree saved;
    MoveTree& tree = saved.tree;
    if (message.has("tree")) {
        const std::vector<Request> nodes = message.objects("tree", static_cast<std::size_t>(max_nodes));
        std::vector<int> node_of(nodes.size(), -1);  // an entry's node; -1: dropped
        std::vector<Position> positions(nodes.size());
        if (!nodes.empty()) {
            node_of[0] = MoveTree::root;
            positions[0] = start;
            tree[MoveTree::root].comment = nodes[0].optional_text("comment", max_comment_length).value_or("");
        }
        for (std::size_t i = 1; i < nodes.size(); ++i) {
            const Request& entry = nodes[i];
            const auto parent = static_cast<std::size_t>(entry.integer("parent", 0, static_cast<int>(i) - 1));
            if (node_of[parent] == -1) continue;  // after a move that was not kept
            const std::string text = entry.text("move", 60);
            const auto move = rules.parse_move(positions[parent], text);
            if (!move) {
                if (!saved.refused)
                    saved.refused = "the saved game drops '" + text + "' and what follows it: " + move.error();
                continue;
            }
            const int node = tree.add(node_of[parent], *move);
            node_of[i] = node;
            positions[i] = positions[parent];
            rules.play(positions[i], *move);
            MoveTreeNode& n = tree[node];
            n.marks = entry.optional_text("marks", 8).value_or("");
            std::erase_if(n.marks, [](char c) { return c != '!' && c != '?' && c != '*'; });
            if (entry.has("nags")) n.nags = entry.integers("nags", 8, 0, 255);
            n.comment = entry.optional_text("comment", max_comment_length).value_or("");
            n.comment_before = entry.optional_text("comment_before", max_comment_length).value_or("");
        }
        if (message.has("node")) {
            const int entry = message.integer("node", 0, std::max(0, static_cast<int>(nodes.size()) - 1));
            if (!nodes.empty()) saved.shown = node_of[static_cast<std::size_t>(entry)];
        }
    } else {
        Position pos = start;
        int node = MoveTree::root;
        for (const std::string& text : message.texts("moves", 2000, 60)) {
            const auto move = rules.parse_move(pos, text);
            if (!move) {
                saved.refused = "the saved game stops before '" + text + "': " + move.error();
                break;
            }
            node = tree.add(node, *move);
            rules.play(pos, *move);
        }
    }
    return saved;
}

}  // namespace kroon::web
