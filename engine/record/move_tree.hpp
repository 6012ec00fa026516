// A game with its variations: the tree of PDN's move text. Every node but the root is a move;
// a node's first child continues its line and the others are variations (alternatives to that
// first child). Comments and annotation glyphs belong to the move they follow. The tree holds
// no positions: who needs them replays the moves from the game's start.
#pragma once

#include <string>
#include <vector>

#include "engine/position/move.hpp"

namespace kroon {

struct MoveTreeNode {
    Move move{};                 // the move that leads here; unset at the root
    int parent = -1;             // -1 at the root
    int ply = 0;                 // moves from the start
    std::vector<int> children;   // children[0] continues this line; the others are its variations
    std::string marks;           // move strength marks written after the move: "!", "?!"
    std::vector<int> nags;       // numeric annotation glyphs: $2 is 2
    std::string comment;         // after the move (at the root: before the first move)
    std::string comment_before;  // before the move: a comment that opens a variation
};

class MoveTree {
public:
    static constexpr int root = 0;

    MoveTree();

    int size() const { return static_cast<int>(nodes_.size()); }
    const MoveTreeNode& operator[](int node) const { return nodes_.at(static_cast<std::size_t>(node)); }
    MoveTreeNode& operator[](int node) { return nodes_.at(static_cast<std::size_t>(node)); }
    // Only the root, without a comment: the game is its moves alone.
    bool bare() const { return nodes_.size() == 1 && nodes_[0].comment.empty(); }

    // The child of `parent` that plays `move`, or -1.
    int child_with(int parent, const Move& move) const;
    // A new child of `parent`, after its other children (a variation when it has any).
    int add(int parent, const Move& move);

    // From the root to `node`, both included.
    std::vector<int> path(int node) const;
    // The last node of the line through `node`: its first children, one after the other.
    int line_end(int node) const;
    // The line through `node`: path(node), then on to line_end(node).
    std::vector<int> line(int node) const;
    // The moves from the start to `node`.
    std::vector<Move> moves_to(int node) const;
    std::vector<Move> main_line() const { return moves_to(line_end(root)); }
    bool on_main_line(int node) const;

    // The variation that holds `node` moves one place up where it branches off (the nearest
    // ancestor-or-self that is not a first child): it becomes the line when it was the first
    // variation. False when `node` is on the main line already.
    bool promote(int node);
    // Promotes until `node` is on the main line.
    void make_main_line(int node);
    // Removes `node` and everything after it (not the root). Node numbers change: the result
    // gives each old number its new one, or -1 for a removed node.
    std::vector<int> remove(int node);

private:
    std::vector<MoveTreeNode> nodes_;
};

}  // namespace kroon
