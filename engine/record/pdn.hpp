// PDN 3.0 game files (Portable Draughts Notation, pdn.fmjd.org): reading and writing.
//
// Reading is forgiving where PDN files in the wild differ (move numbers optional or glued to
// the move, short or long captures, `x`/`:`/`-` separators, move strength marks, NAGs,
// {comments}, ; and % line comments, a result token or a new tag section ending a game) and
// strict about what matters: every move of the game must be legal. A move of a variation that
// is not legal cuts the variation there (a note says so) and the game is read. The move text's
// variations, {comments}, move strength marks and NAGs are kept in the game's move tree; ; and
// % comments are not.
// A malformed game gives a PdnError naming its line and column and is left out; the other
// games of the file are still read.
//
// Writing gives the canonical form: the seven-tag roster, GameType (international 20,
// English 21, Frisian 40, the other PDN numbers from the rules structs), a Variant tag (as
// lidraughts writes it) for variants GameType cannot name (killer, frysk!, ...), FEN when the game does not start from
// the start position, then the other tags, numbered moves wrapped at 80 columns (with the
// tree's comments, marks, NAGs and variations) and the result. Kroon's files read back to the
// same games and write out byte for byte the same.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/position/position.hpp"
#include "engine/record/game.hpp"
#include "engine/record/move_tree.hpp"
#include "engine/referee/outcome.hpp"
#include "engine/rules/variant.hpp"
#include "platform/result.hpp"

namespace kroon {

struct PdnTag {
    std::string name;
    std::string value;
    friend bool operator==(const PdnTag&, const PdnTag&) = default;
};

struct PdnGame {
    std::vector<PdnTag> tags;  // in file order
    Variant variant = Variant::International;
    Position start;
    std::vector<Move> moves;  // the main line
    // The whole move text: its main line is `moves`. Bare (the root alone) for a game without
    // variations or comments, as make_pdn_game gives.
    MoveTree tree;
    GameResult result = GameResult::Ongoing;
    // The move text ended with a result token, as every written record does: a record cut
    // short (a crash while writing) does not.
    bool ended_by_result = false;
    // No tag named the variant, and the game was not one of the variant asked for: it is read
    // as the first other variant whose rules it follows (UntaggedGames::AnyVariant).
    bool variant_guessed = false;

    std::optional<std::string> tag(std::string_view name) const;
    void set_tag(std::string_view name, std::string value);  // replaces, or appends
};

struct PdnError {
    int game = 0;    // 1-based number of the game in the file
    int line = 0;    // 1-based
    int column = 0;  // 1-based, in bytes
    std::string message;
    std::string text() const;  // "game 2, line 14, column 9: illegal move 32-27"
};

struct PdnFile {
    std::vector<PdnGame> games;
    std::vector<PdnError> errors;  // the games left out, one each
    std::vector<PdnError> notes;   // what was left out of games read: a variation cut short
};

// A tag name PDN reads: one or more letters, digits and underscores (the PDN standard takes
// PGN's tag names). The writer leaves out a tag whose name is not one.
bool is_pdn_tag_name(std::string_view name);

// Games without a GameType (or Variant) tag are read as `default_variant`. With AnyVariant, such
// a game that does not follow its rules (a move that is not legal, a FEN off its board) is read
// as the first other variant it follows, in the order of all_variants: a board that reads files
// of any variant. Files of one variant (match openings) are read with DefaultVariant.
enum class UntaggedGames { DefaultVariant, AnyVariant };
PdnFile read_pdn(std::string_view text, Variant default_variant = Variant::International,
                 UntaggedGames untagged = UntaggedGames::DefaultVariant);
Result<PdnFile> read_pdn_file(const std::string& path, Variant default_variant = Variant::International,
                              UntaggedGames untagged = UntaggedGames::DefaultVariant);

enum class PdnMoves { Short, Long };
std::string write_pdn(const PdnGame& game, PdnMoves notation = PdnMoves::Short);

// The variant of a PDN GameType value (RuleTraits::pdn_game_type: international 20, English
// 21, Frisian 40): "20" or "20,W,10,10,N2,0" gives the first variant with that number.
std::optional<Variant> variant_of_game_type(std::string_view value);
// Does GameType alone name the variant (international: yes; killer, which shares 20: no)?
bool game_type_names(Variant variant);

// Header of a game record; "?" for the unknown, as PDN wants.
struct PdnHeader {
    std::string event = "?";
    std::string site = "?";
    std::string date = "????.??.??";
    std::string round = "?";
    std::string white = "?";
    std::string black = "?";
    std::string time_control;   // TimeControl tag when not empty
    std::vector<PdnTag> extra;  // written after the others
};

// The record of a refereed game: header tags, GameType, FEN, Result, and Termination (the
// verdict's description) once the game is over.
PdnGame make_pdn_game(const Game& game, const PdnHeader& header = {});
// Replays a record through the referee (the result on the board, not the Result tag).
Result<Game> replay(const PdnGame& record, RuleOptions rule_options = {});

// Today's date as a PDN Date tag value, "YYYY.MM.DD" (local time).
std::string pdn_date_today();

// Appends one game to a file (created if missing) and flushes it to disk, so that a crash
// later loses nothing already written.
std::optional<Error> append_pdn_game(const std::string& path, const PdnGame& game, PdnMoves notation = PdnMoves::Short);

}  // namespace kroon
