// The engine parameters declared in the `hub` reply and changed with `set-param` (docs/protocols.md, Hub 3
// and 9). Names and meanings follow Scan so that clients configured for Scan work unchanged:
//   variant  enum: Scan's values (normal killer bt frisian losing) then Kroon's other games
//            (english, brazilian, russian, ... frysk); values= last, as draughtsnet reads it
//   threads  search threads
//   tt-size  log2 of the number of 16-byte hash entries (24 = 256 MiB), as draughtsnet computes it
//   ponder   the GUI ponders for us: each move may take 1.2 times its usual share of the clock
//   log      Kroon's: log every protocol line to a file (`kroon hub --log FILE`, else
//            kroon-hub.log in the working directory, which GUIs set to the engine's folder)
//   eval     the evaluation: learned (weights learned from Kroon's games) or hand (the
//            hand-written terms); lidraughts' draughtsnet sends pattern and pst for them
//   eval-file  learned weights from a file, used for games of the file's variant
//   egdb-path  Kroon's: the folder of the endgame databases (kroon egdb build; docs/egdb.md),
//            "" or none for none; `kroon hub` starts with its --egdb folder, by default the
//            cache folder when it holds databases
// Other names (book, book-ply, book-margin, bb-size, eval, ...) are ignored, as the protocol
// asks for anything unrecognised.
#pragma once

#include <string>
#include <string_view>
#include <vector>

#include "engine/result.hpp"
#include "engine/rules/variant.hpp"
#include "eval/evaluate.hpp"
#include "protocol/hub/hub_line.hpp"

namespace kroon::hub {

struct Params {
    Variant variant = Variant::International;
    int threads = 1;
    int tt_size = 22;
    bool ponder = false;
    bool log = false;
    eval::EvalKind eval = eval::EvalKind::Learned;
    std::string eval_file;  // "" for the built-in weights
    std::string egdb_path;  // "" for no endgame databases

    int hash_mib() const;  // 2^tt_size entries of 16 bytes
};

inline constexpr int min_threads = 1, max_threads = 64;
inline constexpr int min_tt_size = 16, max_tt_size = 30;

// The Hub value of a variant: Scan's names (normal, bt, losing) where Scan has the game,
// else Kroon's own name.
std::string_view hub_variant_name(Variant variant);
// Hub values, Kroon's names and the usual synonyms, including lidraughts' names
// (standard, fromPosition, breakthrough, antidraughts, frysk) that lidraughts-bot passes on.
std::optional<Variant> parse_hub_variant(std::string_view text);

// One `param` line per parameter, current values shown.
std::vector<std::string> param_lines(const Params& params);

enum class ParamChange { None, Variant, Threads, Hash, Ponder, Log, Eval, EvalFile, EgdbPath };

// Applies `set-param name=N value=V`. Integers out of range are clamped; an unknown name
// changes nothing (ParamChange::None); a missing name or unreadable value is an error.
Result<ParamChange> set_param(Params& params, const Command& command);

}  // namespace kroon::hub
