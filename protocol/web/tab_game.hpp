// A tab's game: the moves with their variations (a MoveTree) and the game shown, which is the
// line of nodes line() in it (line()[p] the node of ply p, line()[0] the root), refereed; the
// ply looked at; per node the last score and whether Kroon played it from the book; a result
// decided off the board; and the PDN record's header and tags, in and out.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/record/game.hpp"
#include "engine/record/move_tree.hpp"
#include "engine/record/pdn.hpp"
#include "protocol/web/messages.hpp"
#include "search/searcher.hpp"

namespace kroon::web {

constexpr std::size_t max_comment_length = 2000;

class TabGame {
public:
    const Game& game() const { return game_; }
    const MoveTree& tree() const { return tree_; }
    const std::vector<int>& line() const { return line_; }
    int plies() const { return static_cast<int>(game_.moves().size()); }
    int node_at(int ply) const { return line_[static_cast<std::size_t>(ply)]; }
    // Whether `node` is on the line shown.
    bool shows(int node) const;
    bool on_main_line() const { return tree_.on_main_line(line_.back()); }

    // The ply looked at: the game's end unless the player went back.
    int view_ply() const;
    // Look at `ply`; at the game's end, follow the game.
    void look_at(int ply);
    void follow_the_game() { view_.reset(); }

    // A new game: its moves are the tree, nothing is decided off the board, a new record.
    void start(Game game);
    // After start: the moves with their variations; the line shown is the main line.
    void set_tree(MoveTree tree);
    // The line through `node` (on to its line's end) becomes the game shown, at `node`.
    void show_line(int node);
    // A move on the line shown, into the tree (where it is already, or as a new node).
    void append(const Move& move);
    void truncate_to(int ply);
    // Removes `node` and what follows it; returns the tree's renumbering (tree_.remove).
    std::vector<int> remove(int node);
    // The line shown becomes the tree's main line.
    void make_main_line() {
        tree_.make_main_line(line_.back());
        changed();
    }
    bool promote(int node) {
        changed();
        return tree_.promote(node);
    }
    int child_with(int node, const Move& move) const { return tree_.child_with(node, move); }
    void set_comment(int node, std::string text) {
        tree_[node].comment = std::move(text);
        changed();
    }
    // The move's strength mark ("!", "?!", or none); the NAGs that grade a move ($1-$6) go, the
    // others (a position's, $14) stay.
    void set_marks(int node, std::string marks);
    // A result decided off the board (a resignation, a flag, an agreement, a loaded record's):
    // it holds while the line shown ends at the node it came at.
    void end(Verdict verdict, const std::string& detail);
    // After any change: the per-node records follow the tree, the view stays on the line.
    void settle();

    // The game up to `ply`, judged by the board alone (not by a resignation or a flag).
    Game game_at(int ply) const;
    // A line of the tree, refereed.
    Game line_game(const std::vector<int>& nodes) const;
    // Per ply of the game shown, whether its position is over, judged by the board alone: one
    // replay of the line.
    std::vector<bool> over_by_ply() const;

    // The state's `tree` and `history` (the move list of the line shown) as JSON text, written
    // again only after the tree or the line shown changed: a state of a large tree, asked for
    // again and again, costs a copy, not a walk over the tree.
    const std::string& tree_text() const;
    const std::string& history_text() const;
    // For tests and measurements: the moves played or written anew to answer messages
    // (replaying a line, writing the tree and the move list), since the tab began.
    std::uint64_t moves_worked() const { return moves_worked_; }

    // The last score of a node, White's view.
    const std::optional<search::Score>& score(int node) const { return scores_[static_cast<std::size_t>(node)]; }
    void set_score(int node, search::Score score) { scores_[static_cast<std::size_t>(node)] = score; }
    bool from_book(int node) const { return from_book_[static_cast<std::size_t>(node)]; }
    void set_from_book(int node, bool from_book) { from_book_[static_cast<std::size_t>(node)] = from_book; }

    // The record.
    PdnHeader& header() { return header_; }
    const PdnHeader& header() const { return header_; }
    // The tags of a game read from a file: saved with it, its players shown.
    void adopt_tags(std::vector<PdnTag> tags);
    const std::vector<PdnTag>& record_tags() const { return record_tags_; }
    // The game as a PDN record: the main line, with the tree's variations and comments.
    PdnGame record() const;

private:
    void renumber(const std::vector<int>& renumbered);
    // The tree or the line shown changed: the texts are written again when next asked for.
    void changed() { ++revision_; }

    Game game_;
    std::optional<int> view_;  // the ply shown; none: follow the game
    MoveTree tree_;
    std::vector<int> line_;
    std::vector<std::optional<search::Score>> scores_;  // per node: the last score, White's view
    std::vector<bool> from_book_;                       // per node: Kroon played it from the book
    struct OffBoardEnd {
        Verdict verdict;
        std::string detail;
        int node = 0;
    };
    std::optional<OffBoardEnd> off_board_end_;
    PdnHeader header_;
    std::vector<PdnTag> record_tags_;  // the tags of a game opened from a PDN file

    std::uint64_t revision_ = 0;  // of the tree and the line shown
    struct Text {
        std::uint64_t revision = ~std::uint64_t{0};
        std::string json;
    };
    mutable Text tree_text_;
    mutable Text history_text_;
    mutable std::uint64_t moves_worked_ = 0;
};

// A game the page kept (a reload, a server restarted), from a restore message: its moves as a
// tree of nodes ("tree") or a list ("moves"), kept as far as they are legal.
struct SavedTree {
    MoveTree tree;
    int shown = -1;                      // the node the page showed; -1: the line's end
    std::optional<std::string> refused;  // what was dropped, and why
};
SavedTree read_saved_tree(const Request& message, const Rulebook& rules, const Position& start, int max_nodes);

}  // namespace kroon::web
