#include "engine/record/move_tree.hpp"

#include <algorithm>
#include <stdexcept>

namespace kroon {

MoveTree::MoveTree() : nodes_(1) {}

int MoveTree::child_with(int parent, const Move& move) const {
    for (const int child : (*this)[parent].children)
        if ((*this)[child].move == move) return child;
    return -1;
}

int MoveTree::add(int parent, const Move& move) {
    MoveTreeNode node;
    node.move = move;
    node.parent = parent;
    node.ply = (*this)[parent].ply + 1;
    const int index = size();
    nodes_.push_back(std::move(node));
    nodes_[static_cast<std::size_t>(parent)].children.push_back(index);
    return index;
}

std::vector<int> MoveTree::path(int node) const {
    std::vector<int> nodes;
    for (int n = node; n != -1; n = (*this)[n].parent) nodes.push_back(n);
    std::reverse(nodes.begin(), nodes.end());
    return nodes;
}

int MoveTree::line_end(int node) const {
    while (!(*this)[node].children.empty()) node = (*this)[node].children.front();
    return node;
}

std::vector<int> MoveTree::line(int node) const {
    std::vector<int> nodes = path(node);
    for (int n = node; !(*this)[n].children.empty();) {
        n = (*this)[n].children.front();
        nodes.push_back(n);
    }
    return nodes;
}

std::vector<Move> MoveTree::moves_to(int node) const {
    std::vector<Move> moves;
    for (const int n : path(node))
        if (n != root) moves.push_back((*this)[n].move);
    return moves;
}

bool MoveTree::on_main_line(int node) const {
    for (int n = node; n != root; n = (*this)[n].parent)
        if ((*this)[(*this)[n].parent].children.front() != n) return false;
    return true;
}

bool MoveTree::promote(int node) {
    int n = node;
    while (n != root && (*this)[(*this)[n].parent].children.front() == n) n = (*this)[n].parent;
    if (n == root) return false;
    std::vector<int>& siblings = nodes_[static_cast<std::size_t>((*this)[n].parent)].children;
    const auto at = std::find(siblings.begin(), siblings.end(), n);
    std::iter_swap(at, at - 1);
    return true;
}

void MoveTree::make_main_line(int node) {
    while (promote(node)) {}
}

std::vector<int> MoveTree::remove(int node) {
    if (node == root) throw std::invalid_argument("the root of a move tree stays");
    std::vector<bool> removed(nodes_.size(), false);
    std::vector<int> stack = {node};
    while (!stack.empty()) {
        const int n = stack.back();
        stack.pop_back();
        removed[static_cast<std::size_t>(n)] = true;
        for (const int child : (*this)[n].children) stack.push_back(child);
    }
    std::vector<int>& siblings = nodes_[static_cast<std::size_t>((*this)[node].parent)].children;
    siblings.erase(std::find(siblings.begin(), siblings.end(), node));

    std::vector<int> renumbered(nodes_.size(), -1);
    std::vector<MoveTreeNode> kept;
    for (std::size_t i = 0; i < nodes_.size(); ++i) {
        if (removed[i]) continue;
        renumbered[i] = static_cast<int>(kept.size());
        kept.push_back(std::move(nodes_[i]));
    }
    for (MoveTreeNode& n : kept) {
        if (n.parent != -1) n.parent = renumbered[static_cast<std::size_t>(n.parent)];
        for (int& child : n.children) child = renumbered[static_cast<std::size_t>(child)];
    }
    nodes_ = std::move(kept);
    return renumbered;
}

}  // namespace kroon
