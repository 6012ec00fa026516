#include "engine/record/pdn.hpp"

#include "platform/file_reader.hpp"
#include "platform/file_sync.hpp"
#include "platform/local_time.hpp"

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <fstream>
#include <sstream>
#include <unordered_map>
#include <utility>
#include <vector>

#include "engine/notation/square_names.hpp"
#include "engine/rulebook/rulebook.hpp"
#include "engine/text_blanks.hpp"

namespace kroon {
namespace {

bool is_tag_name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

// ---- lexer --------------------------------------------------------------------------------

struct Token {
    enum Kind { Tag, Word, Comment, Open, Close, Problem } kind = Word;
    std::string text;   // word, tag name, comment, or problem message
    std::string value;  // tag value
    int line = 0;
    int column = 0;
};

bool is_delimiter(char c) {
    return std::isspace(static_cast<unsigned char>(c)) || c == '[' || c == ']' || c == '{' || c == '}' || c == '(' ||
           c == ')' || c == ';';
}

class Lexer {
public:
    explicit Lexer(std::string_view text) : s_(text) {
        if (s_.substr(0, 3) == "\xEF\xBB\xBF") s_.remove_prefix(3);  // UTF-8 byte order mark
    }

    // The next token, or nullopt at the end of the text. Lexical problems come back as
    // Problem tokens; lexing goes on after them.
    std::optional<Token> next() {
        for (;;) {
            skip_blanks();
            if (at_end()) return std::nullopt;
            const char c = peek();
            if (c == '%' && column_ == 1) {
                skip_line();
            } else if (c == ';') {
                skip_line();
            } else if (c == '{') {
                Token t = here(Token::Comment);
                const size_t close = comment_end(i_);
                if (close == std::string_view::npos) {
                    advance();  // read on after the '{': the game it is in is lost, the next ones not
                    return problem(t, "comment '{' is never closed");
                }
                advance();
                while (i_ < close) t.text += advance();
                advance();
                return t;
            } else if (const size_t marks = parenthesised_marks(); marks > 0) {
                // "29-23(?)": a move strength in parentheses, as the PDN 3.0 standard allows,
                // is a word of marks, not a variation.
                Token t = here(Token::Word);
                for (size_t k = 0; k < marks; ++k) t.text += advance();
                return t;
            } else if (c == '(' || c == ')') {
                const Token t = here(c == '(' ? Token::Open : Token::Close);
                advance();
                return t;
            } else if (c == '}' || c == ']') {
                const Token at = here(Token::Problem);
                advance();
                return problem(at, std::string("unexpected '") + c + "'");
            } else if (c == '[') {
                return tag();
            } else {
                Token t = here(Token::Word);
                while (!at_end() && !is_delimiter(peek())) t.text += advance();
                return t;
            }
        }
    }

private:
    bool at_end() const { return i_ >= s_.size(); }
    char peek() const { return s_[i_]; }
    // The length of "(!)", "(?)", "(!?)" and the like at the current place; 0 for anything else.
    size_t parenthesised_marks() const {
        if (peek() != '(') return 0;
        size_t end = i_ + 1;
        while (end < s_.size() && (s_[end] == '!' || s_[end] == '?')) ++end;
        return end > i_ + 1 && end < s_.size() && s_[end] == ')' ? end + 1 - i_ : 0;
    }
    char advance() {
        const char c = s_[i_++];
        if (c == '\n') {
            ++line_;
            column_ = 1;
        } else {
            ++column_;
        }
        return c;
    }
    Token here(Token::Kind kind) const {
        Token t;
        t.kind = kind;
        t.line = line_;
        t.column = column_;
        return t;
    }
    static Token problem(Token at, std::string message) {
        at.kind = Token::Problem;
        at.text = std::move(message);
        return at;
    }
    void skip_blanks() {
        while (!at_end() && std::isspace(static_cast<unsigned char>(peek()))) advance();
    }
    void skip_line() {
        while (!at_end() && peek() != '\n') advance();
    }
    void skip_spaces_on_line() {
        while (!at_end() && peek() != '\n' && std::isspace(static_cast<unsigned char>(peek()))) advance();
    }
    // The first '}' at or after `from`, or npos; remembered, so that a run of '{' that are
    // never closed is not searched to the end once for each.
    size_t comment_end(size_t from) {
        if (from < comment_from_ || (comment_end_ != std::string_view::npos && from > comment_end_)) {
            comment_from_ = from;
            comment_end_ = s_.find('}', from);
        }
        return comment_end_;
    }
    // [Name "value"] on one line.
    Token tag() {
        Token t = here(Token::Tag);
        advance();  // '['
        skip_spaces_on_line();
        while (!at_end() && is_tag_name_char(peek())) t.text += advance();
        if (t.text.empty()) return fail_tag(here(Token::Problem), "tag without a name");
        skip_spaces_on_line();
        if (at_end() || peek() != '"') return fail_tag(here(Token::Problem), "tag " + t.text + " needs a quoted value");
        const Token open = here(Token::Problem);
        advance();
        for (;;) {
            if (at_end() || peek() == '\n') return fail_tag(open, "the value of tag " + t.text + " is never closed");
            char c = advance();
            if (c == '"') break;
            if (c == '\\' && !at_end() && (peek() == '"' || peek() == '\\')) c = advance();
            t.value += c;
        }
        skip_spaces_on_line();
        if (at_end() || peek() != ']') return fail_tag(here(Token::Problem), "tag " + t.text + " needs a closing ']'");
        advance();
        return t;
    }
    Token fail_tag(Token at, std::string message) {
        skip_line();
        return problem(at, std::move(message));
    }

    std::string_view s_;
    size_t comment_from_ = std::string_view::npos;  // comment_end's last search
    size_t comment_end_ = std::string_view::npos;
    size_t i_ = 0;
    int line_ = 1;
    int column_ = 1;
};

// ---- reader -------------------------------------------------------------------------------

struct Place {
    int line = 0;
    int column = 0;
};

// Where the moves read go: the main line, or a variation (an alternative to the last move of
// the line it is in).
struct Line {
    int node = MoveTree::root;   // the last move read in this line; at first, where it branches off
    Position position;           // after `node`
    Position before;             // before `node`'s move
    bool moved = false;          // a move of this line has been read
    Place opened;                // its '('
    std::string comment_before;  // a comment before its first move
    bool skipped = false;        // left out from a move that is not legal on: read to its ')'
};

struct GameInProgress {
    PdnGame game;
    std::vector<Place> tag_places;
    bool body = false;    // move text has started
    bool set_up = false;  // variant and start position known
    bool failed = false;
    // The game cannot be read as the variant tried, but might be as another: a move that is
    // not legal, a FEN that does not fit the board.
    bool another_variant_might = false;
    std::optional<PdnError> error;  // why it failed
    std::vector<PdnError> notes;    // what was left out of it
    std::vector<Token> move_text;   // its tokens, to read again as another variant
    int depth = 0;                  // variations open at the token read, as written
    // Front: the main line; back: the line being read. As deep as the text nests: every level
    // holds a move of its own, so this grows no faster than the tree.
    std::vector<Line> lines;
    std::optional<GameResult> terminator;
};

void append_comment(std::string& to, std::string_view text) {
    if (!to.empty()) to += ' ';
    to += text;
}

class Reader {
public:
    Reader(std::string_view text, Variant default_variant, UntaggedGames untagged)
        : lexer_(text), default_(default_variant), untagged_(untagged) {}

    PdnFile run() {
        while (auto token = lexer_.next()) {
            if (token->kind == Token::Tag) {
                if (current_ && current_->body) finish();
                ensure_game();
                current_->game.tags.push_back({token->text, token->value});
                current_->tag_places.push_back({token->line, token->column});
                continue;
            }
            // A comment outside any game (before the first tag, between games) is nobody's.
            if (token->kind == Token::Comment && (!current_ || (!current_->body && current_->game.tags.empty())))
                continue;
            ensure_game();
            // Garbage before any tag belongs to no header: let the next tag start a game.
            if (token->kind != Token::Problem || current_->game.tags.empty()) current_->body = true;
            if (token->kind == Token::Open) ++current_->depth;
            if (token->kind == Token::Close && current_->depth > 0) --current_->depth;
            if (ends_game(*token)) {
                finish();
                continue;
            }
            current_->move_text.push_back(*token);
            read(*token);
        }
        if (current_) finish();
        return std::move(file_);
    }

private:
    void ensure_game() {
        if (!current_) {
            current_.emplace();
            ++number_;
        }
    }

    // A result token at the game's level ends the game (one that ends a variation tells what
    // the variation leads to, and the game goes on).
    bool ends_game(const Token& t) {
        if (t.kind != Token::Word) return false;
        const auto result = parse_result(t.text);
        if (!result || current_->depth > 0) return false;
        current_->terminator = *result;
        return true;
    }

    void read(const Token& t) {
        switch (t.kind) {
            case Token::Problem: return fail(t.line, t.column, t.text);
            case Token::Comment: return comment(t);
            case Token::Open: return open_variation(t);
            case Token::Close: return close_variation(t);
            case Token::Word: return word(t);
            case Token::Tag: return;
        }
    }

    void fail(int line, int column, std::string message, bool another_variant_might = false) {
        GameInProgress& g = *current_;
        if (g.failed) return;
        g.failed = true;
        g.another_variant_might = another_variant_might;
        g.error = PdnError{number_, line, column, std::move(message)};
    }

    Place place_of_tag(std::string_view name) const {
        for (size_t i = 0; i < current_->game.tags.size(); ++i)
            if (current_->game.tags[i].name == name) return current_->tag_places[i];
        return {};
    }

    // A tag names the variant (GameType, or lidraughts' Variant).
    bool variant_tagged() const { return current_->game.tag("GameType") || current_->game.tag("Variant"); }

    // Variant from GameType, start from FEN; at the first move or at the end of the game.
    void set_up(Place fallback) {
        GameInProgress& g = *current_;
        if (g.set_up || g.failed) return;
        g.set_up = true;
        g.game.variant = default_;
        if (const auto name = g.game.tag("Variant"); name && parse_variant(*name)) {
            g.game.variant = *parse_variant(*name);  // lidraughts' tag; names what GameType cannot
        } else if (const auto type = g.game.tag("GameType")) {
            const auto v = variant_of_game_type(*type);
            if (!v) {
                const Place p = place_of_tag("GameType");
                return fail(p.line, p.column,
                            "GameType \"" + *type + "\" is not a game Kroon plays (see kroon variants)");
            }
            g.game.variant = *v;
        }
        const Rulebook& rules = rulebook(g.game.variant);
        g.game.start = rules.start_position();
        if (const auto fen = g.game.tag("FEN")) {
            const auto pos = rules.parse_fen(*fen);
            if (!pos) {
                const Place p = place_of_tag("FEN");
                return fail(p.line ? p.line : fallback.line, p.column, "bad FEN \"" + *fen + "\": " + pos.error(),
                            true);
            }
            g.game.start = *pos;
        }
        Line main;
        main.position = main.before = g.game.start;
        g.lines = {main};
    }

    // Reading on needs the game set up and not failed.
    bool ready(const Token& t) {
        if (current_->failed) return false;
        set_up({t.line, t.column});
        return !current_->failed;
    }

    // Inside the part of a variation left out after a move that is not legal.
    bool skipping() const { return current_->lines.size() > 1 && current_->lines.back().skipped; }

    void comment(const Token& t) {
        if (!ready(t) || skipping()) return;
        const std::string_view text = trim_blanks(t.text);
        if (text.empty()) return;
        GameInProgress& g = *current_;
        Line& line = g.lines.back();
        // Before the first move of the game it is the game's; before a variation's first, that move's.
        if (line.moved || g.lines.size() == 1)
            append_comment(g.game.tree[line.node].comment, text);
        else
            append_comment(line.comment_before, text);
    }

    void open_variation(const Token& t) {
        if (!ready(t)) return;
        GameInProgress& g = *current_;
        const Line& line = g.lines.back();
        if (skipping()) {
            Line inside;  // a variation inside the part left out: left out too
            inside.skipped = true;
            inside.opened = {t.line, t.column};
            g.lines.push_back(std::move(inside));
            return;
        }
        if (!line.moved) return fail(t.line, t.column, "a variation '(' must follow the move it replaces");
        Line variation;
        variation.node = g.game.tree[line.node].parent;
        variation.position = variation.before = line.before;
        variation.opened = {t.line, t.column};
        g.lines.push_back(std::move(variation));
    }

    void close_variation(const Token& t) {
        if (!ready(t)) return;
        GameInProgress& g = *current_;
        if (g.lines.size() < 2) return fail(t.line, t.column, "unexpected ')'");
        if (!g.lines.back().moved && !g.lines.back().skipped)
            return fail(t.line, t.column, "a variation without a move");
        g.lines.pop_back();
    }

    void word(const Token& t) {
        std::string_view text = t.text;
        if (parse_result(text)) return;  // one that ends a variation (ends_game took the others)
        if (!ready(t) || skipping()) return;
        int column = t.column;
        // A move number, alone or glued to its move: "12." "12..." "12.32-28".
        size_t digits = 0;
        while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
        if (digits > 0 && digits < text.size() && text[digits] == '.') {
            size_t dots = digits;
            while (dots < text.size() && text[dots] == '.') ++dots;
            text.remove_prefix(dots);
            column += static_cast<int>(dots);
        }
        GameInProgress& g = *current_;
        // "1. ... 7-12": dots standing for White's move, as some files write "1... 7-12".
        if (!text.empty() && text.find_first_not_of('.') == std::string_view::npos) return;
        // Move strength marks: "32-28!", "28x19?!", "1-6*"; alone, they mark the move before.
        if (!text.empty() && text.front() == '(') {  // "(?)", from the lexer: the marks of the move before
            if (g.lines.back().moved) g.game.tree[g.lines.back().node].marks += text;
            return;
        }
        size_t marks_at = text.size();
        while (marks_at > 0 && (text[marks_at - 1] == '!' || text[marks_at - 1] == '?' || text[marks_at - 1] == '*'))
            --marks_at;
        const std::string marks(text.substr(marks_at));
        text = text.substr(0, marks_at);
        if (text.empty()) {
            if (g.lines.back().moved) g.game.tree[g.lines.back().node].marks += marks;
            return;
        }
        if (text.front() == '$') {  // numeric annotation glyph, for the move before
            const std::string_view number = text.substr(1);
            if (g.lines.back().moved && !number.empty() && number.size() <= 3 &&
                std::all_of(number.begin(), number.end(),
                            [](char c) { return std::isdigit(static_cast<unsigned char>(c)); }))
                g.game.tree[g.lines.back().node].nags.push_back(std::stoi(std::string(number)));
            return;
        }
        // Moves start with a square: a number, or an algebraic name (c3-d4) in Russian PDN.
        if (!starts_with_square_name(text))
            return fail(t.line, column, "unexpected '" + std::string(text) + "' in the move text");
        const Rulebook& rules = rulebook(g.game.variant);
        Line& line = g.lines.back();
        const auto move = rules.parse_move(line.position, text, MoveSyntax::Pdn);
        if (!move) {
            const int ply = g.game.tree[line.node].ply;
            std::string why = move.error() + " (at ply " + std::to_string(ply + 1) + ", position " +
                              rules.format_fen(line.position) + ")";
            if (g.lines.size() == 1) return fail(t.line, column, std::move(why), true);
            // In a variation: the game is read, the variation up to this move.
            g.notes.push_back({number_, t.line, column, std::move(why) + ": the variation is cut there"});
            line.skipped = true;
            return;
        }
        const int node = g.game.tree.add(line.node, *move);
        g.game.tree[node].marks = marks;
        g.game.tree[node].comment_before = std::move(line.comment_before);
        line.comment_before.clear();
        line.before = line.position;
        rules.play(line.position, *move);
        line.node = node;
        line.moved = true;
        if (g.lines.size() == 1) g.game.moves.push_back(*move);
    }

    // What is left to check once the move text has been read.
    void settle() {
        GameInProgress& g = *current_;
        if (!g.failed) set_up({});
        if (!g.failed && g.lines.size() > 1)
            fail(g.lines[1].opened.line, g.lines[1].opened.column, "variation '(' is never closed");
    }

    // A game without a tag naming its variant that cannot be read as the default variant is
    // read as each other variant in turn; the first whose rules it follows is taken.
    void read_as_another_variant() {
        GameInProgress failed = std::move(*current_);
        const Variant tried = default_;
        for (const Variant v : all_variants) {
            if (v == tried) continue;
            default_ = v;
            current_.emplace();
            current_->game.tags = failed.game.tags;
            current_->tag_places = failed.tag_places;
            current_->body = true;
            for (const Token& t : failed.move_text) read(t);
            current_->terminator = failed.terminator;
            settle();
            if (!current_->failed) {
                current_->game.variant_guessed = true;
                break;
            }
        }
        default_ = tried;
        if (current_->failed) *current_ = std::move(failed);
    }

    void finish() {
        settle();
        GameInProgress& g = *current_;
        if (g.failed && g.another_variant_might && untagged_ == UntaggedGames::AnyVariant && !variant_tagged())
            read_as_another_variant();
        GameInProgress& read = *current_;
        if (read.failed) {
            file_.errors.push_back(*read.error);
        } else {
            // The Result tag is authoritative; the terminator is the fallback.
            read.game.result = read.terminator.value_or(GameResult::Ongoing);
            read.game.ended_by_result = read.terminator.has_value();
            if (const auto tag = read.game.tag("Result"))
                if (const auto r = parse_result(*tag)) read.game.result = *r;
            file_.notes.insert(file_.notes.end(), read.notes.begin(), read.notes.end());
            file_.games.push_back(std::move(read.game));
        }
        current_.reset();
    }

    Lexer lexer_;
    Variant default_;
    UntaggedGames untagged_;
    std::optional<GameInProgress> current_;
    int number_ = 0;
    PdnFile file_;
};

// ---- writer -------------------------------------------------------------------------------

// A tag value on one line: control characters (a line break in an engine's message, say)
// become blanks, since the reader ends a value at the end of its line.
std::string quoted(const std::string& value) {
    std::string out = "\"";
    for (char c : value) {
        if (c == '"' || c == '\\') out += '\\';
        const auto u = static_cast<unsigned char>(c);
        out += u < 0x20 || u == 0x7f ? ' ' : c;
    }
    return out + "\"";
}

// The move text of a tree, unit by unit: numbered moves with their marks, NAGs and comments,
// each variation in parentheses after the move it replaces.
class MoveTextWriter {
public:
    MoveTextWriter(const Rulebook& rules, const MoveTree& tree, const Position& start, PdnMoves notation,
                   std::vector<std::string>& units)
        : rules_(rules), tree_(tree), start_(start), notation_(notation), units_(units) {}

    void write() {
        if (!tree_[MoveTree::root].comment.empty()) comment(tree_[MoveTree::root].comment);
        line(MoveTree::root, start_, false);
    }

private:
    // A line being written: the line after `parent` (reached in `pos`); `numbered`: its next
    // move is numbered even when it is the second player's (after a variation, and where a
    // variation starts); `next`: the child of `parent` to write next (0: the line's own move,
    // then its variations).
    struct OpenLine {
        int parent;
        Position pos;
        bool numbered;
        std::size_t next = 0;
    };

    // The lines open at once are kept here, not on the call stack: a tree may nest its
    // variations as deep as it has moves.
    void line(int parent, const Position& pos, bool numbered) {
        std::vector<OpenLine> open = {{parent, pos, numbered}};
        while (!open.empty()) {
            OpenLine& l = open.back();
            const std::vector<int>& children = tree_[l.parent].children;
            if (children.empty()) {
                open.pop_back();
                if (!open.empty()) units_.back() += ")";
                continue;
            }
            if (l.next == 0) {
                move(children.front(), l.pos, l.numbered);
                l.next = 1;
            }
            if (l.next < children.size()) {
                const int variation = children[l.next++];
                open_ = true;
                move(variation, l.pos, true);
                Position after = l.pos;
                rules_.play(after, tree_[variation].move);
                open.push_back({variation, after, false});  // l is not used after this
                continue;
            }
            l.numbered = children.size() > 1;
            rules_.play(l.pos, tree_[children.front()].move);
            l.parent = children.front();
            l.next = 0;
        }
    }

    void move(int node, const Position& pos, bool numbered) {
        const MoveTreeNode& n = tree_[node];
        if (!n.comment_before.empty()) comment(n.comment_before);
        const int ply = n.ply - 1;  // moves before this one
        const int offset = start_.side_to_move() == rules_.first_player() ? 0 : 1;
        const int number = (ply + offset) / 2 + 1;
        const bool first_players = (ply + offset) % 2 == 0;
        std::string text =
            rules_.format_move(pos, n.move, notation_ == PdnMoves::Long ? MoveNotation::Long : MoveNotation::Standard);
        if (first_players)
            text = std::to_string(number) + ". " + text;
        else if (numbered || ply == 0)
            text = std::to_string(number) + "... " + text;
        unit(text + n.marks);
        for (const int nag : n.nags) unit("$" + std::to_string(nag));
        if (!n.comment.empty()) comment(n.comment);
    }

    // A '}' would end the comment early: it cannot be written inside one.
    void comment(const std::string& text) {
        std::string body = text;
        std::erase(body, '}');
        unit("{" + body + "}");
    }

    void unit(std::string text) {
        units_.push_back((open_ ? "(" : "") + std::move(text));
        open_ = false;
    }

    const Rulebook& rules_;
    const MoveTree& tree_;
    const Position& start_;
    PdnMoves notation_;
    std::vector<std::string>& units_;
    bool open_ = false;  // the next unit opens a variation
};

// The stored tags with Result, GameType and FEN brought in line with the game (stored
// values that mean the same are kept as written).
std::vector<PdnTag> canonical_tags(const PdnGame& g) {
    const Rulebook& rules = rulebook(g.variant);
    PdnGame copy;
    copy.tags = g.tags;
    const auto result = copy.tag("Result");
    if (!result || parse_result(*result) != g.result) copy.set_tag("Result", result_text(g.result, rules.scoring()));
    const auto type = copy.tag("GameType");
    const std::string number = std::to_string(rules.traits().pdn_game_type);
    if (number != "0" && (!type || type->substr(0, type->find(',')) != number)) copy.set_tag("GameType", number);
    const auto name = copy.tag("Variant");
    if ((name || !game_type_names(g.variant)) && (!name || parse_variant(*name) != g.variant))
        copy.set_tag("Variant", std::string(rules.name()));
    const auto fen = copy.tag("FEN");
    const bool standard_start = g.start == rules.start_position();
    if (fen) {
        const auto pos = rules.parse_fen(*fen);
        if (!pos || !(*pos == g.start)) copy.set_tag("FEN", rules.format_fen(g.start));
    } else if (!standard_start) {
        copy.set_tag("FEN", rules.format_fen(g.start));
    }
    return copy.tags;
}

}  // namespace

bool is_pdn_tag_name(std::string_view name) {
    return !name.empty() && std::all_of(name.begin(), name.end(), is_tag_name_char);
}

std::optional<std::string> PdnGame::tag(std::string_view name) const {
    for (const PdnTag& t : tags)
        if (t.name == name) return t.value;
    return std::nullopt;
}

void PdnGame::set_tag(std::string_view name, std::string value) {
    for (PdnTag& t : tags)
        if (t.name == name) {
            t.value = std::move(value);
            return;
        }
    tags.push_back({std::string(name), std::move(value)});
}

std::string PdnError::text() const {
    return "game " + std::to_string(game) + ", line " + std::to_string(line) + ", column " + std::to_string(column) +
           ": " + message;
}

std::optional<Variant> variant_of_game_type(std::string_view value) {
    const std::string_view number = value.substr(0, value.find(','));
    for (Variant v : all_variants) {
        const int type = rulebook(v).traits().pdn_game_type;
        if (type != 0 && number == std::to_string(type)) return v;
    }
    return std::nullopt;
}

bool game_type_names(Variant variant) {
    const int type = rulebook(variant).traits().pdn_game_type;
    return type != 0 && variant_of_game_type(std::to_string(type)) == variant;
}

PdnFile read_pdn(std::string_view text, Variant default_variant, UntaggedGames untagged) {
    return Reader(text, default_variant, untagged).run();
}

Result<PdnFile> read_pdn_file(const std::string& path, Variant default_variant, UntaggedGames untagged) {
    const auto text = platform::read_file(path, platform::max_text_file_bytes, "PDN file");
    if (!text) return Error{text.error()};
    return read_pdn(*text, default_variant, untagged);
}

std::string write_pdn(const PdnGame& game, PdnMoves notation) {
    std::string out;
    for (const PdnTag& t : canonical_tags(game))
        if (is_pdn_tag_name(t.name)) out += "[" + t.name + " " + quoted(t.value) + "]\n";
    out += "\n";

    // Move text in units that are never split over lines: "12. 32-28", "19-23", "{a comment}".
    const Rulebook& rules = rulebook(game.variant);
    std::vector<std::string> units;
    if (game.tree.bare()) {
        MoveTree line;
        int node = MoveTree::root;
        for (const Move& m : game.moves) node = line.add(node, m);
        MoveTextWriter(rules, line, game.start, notation, units).write();
    } else {
        MoveTextWriter(rules, game.tree, game.start, notation, units).write();
    }
    units.push_back(result_text(game.result, rules.scoring()));
    // PDN readers can mistake a result for a move when the result tag disagrees; the tag above
    // always matches it.
    size_t width = 0;
    for (const std::string& u : units) {
        if (width > 0 && width + 1 + u.size() > 79) {
            out += "\n";
            width = 0;
        } else if (width > 0) {
            out += " ";
            ++width;
        }
        out += u;
        width += u.size();
    }
    return out + "\n";
}

PdnGame make_pdn_game(const Game& game, const PdnHeader& header) {
    const Rulebook& rules = game.rules();
    PdnGame g;
    g.variant = game.variant();
    g.start = game.start();
    g.moves = game.moves();
    g.result = game.verdict().result;
    g.tags = {{"Event", header.event},
              {"Site", header.site},
              {"Date", header.date},
              {"Round", header.round},
              {"White", header.white},
              {"Black", header.black},
              {"Result", result_text(g.result, rules.scoring())}};
    if (const int type = rules.traits().pdn_game_type; type != 0) g.tags.push_back({"GameType", std::to_string(type)});
    if (!game_type_names(g.variant)) g.tags.push_back({"Variant", std::string(rules.name())});
    if (!(g.start == rules.start_position())) g.tags.push_back({"FEN", rules.format_fen(g.start)});
    if (!header.time_control.empty()) g.tags.push_back({"TimeControl", header.time_control});
    if (game.is_over()) g.tags.push_back({"Termination", game.termination()});
    g.tags.insert(g.tags.end(), header.extra.begin(), header.extra.end());
    return g;
}

Result<Game> replay(const PdnGame& record, RuleOptions rule_options) {
    Game game(rulebook(record.variant), record.start, rule_options);
    for (size_t i = 0; i < record.moves.size(); ++i) {
        if (game.is_over())
            return Error{"the game was already over before ply " + std::to_string(i + 1) + ": " + game.termination()};
        if (!game.play(record.moves[i])) return Error{"ply " + std::to_string(i + 1) + " is not a legal move"};
    }
    return game;
}

std::optional<Error> append_pdn_game(const std::string& path, const PdnGame& game, PdnMoves notation) {
    std::FILE* file = std::fopen(path.c_str(), "ab");
    if (!file) return Error{"cannot open " + path + " for appending: " + std::strerror(errno)};
    const std::string text = write_pdn(game, notation) + "\n";
    const bool written = std::fwrite(text.data(), 1, text.size(), file) == text.size() && platform::flush_to_disk(file);
    const int saved = errno;
    const bool closed = std::fclose(file) == 0;
    if (!written || !closed) return Error{"cannot write " + path + ": " + std::strerror(written ? errno : saved)};
    return std::nullopt;
}

std::string pdn_date_today() {
    const std::tm local = platform::local_time(std::time(nullptr));
    char buffer[16];
    std::strftime(buffer, sizeof buffer, "%Y.%m.%d", &local);
    return buffer;
}

}  // namespace kroon
