// The Hub's face of the engine's options table (play/options.hpp; docs/protocols.md, Hub 3
// and 9): the `param` lines of the `hub` reply and what `set-param` asks. Names and meanings
// follow Scan, so clients configured for Scan work unchanged; two options take Scan's form:
//   variant  Scan's values (normal killer bt frisian losing) then Kroon's other games
//            (english, brazilian, russian, ... frysk); values= last, as draughtsnet reads it
//   tt-size  the table as log2 of the number of 16-byte entries (24 = 256 MiB), as
//            draughtsnet computes it; the engine's option is `hash` in MiB
// Scan's integers out of range are clamped, as Scan does, Kroon's own (multipv) refused;
// egdb-path "" means none. Other names are ignored, as the protocol asks for anything
// unrecognised; a warning on stderr names them, except Scan's own parameters that Kroon has
// no counterpart for (bb-size, book-ply), which clients set up for Scan send.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/rules/variant.hpp"
#include "platform/result.hpp"
#include "play/options.hpp"
#include "protocol/hub/line_codec.hpp"

namespace kroon::hub {

inline constexpr int min_tt_size = 16, max_tt_size = 30;

// The Hub value of a variant: Scan's names (normal, bt, losing) where Scan has the game,
// else Kroon's own name.
std::string_view hub_variant_name(Variant variant);
// Hub values, Kroon's names and the usual synonyms, including lidraughts' names
// (standard, fromPosition, breakthrough, antidraughts, frysk) that lidraughts-bot passes on.
std::optional<Variant> parse_hub_variant(std::string_view text);

// One `param` line per option the Hub offers, in the table's order, current values shown.
std::vector<std::string> param_lines(const play::OptionValues& values);

// `set-param name=N value=V` in the options table's terms: the option and its value as the
// engine reads it.
struct OptionRequest {
    std::string option;
    std::string value;
};
// Nothing for a name the Hub does not offer; an error for a missing name or a value that
// cannot be read.
Result<std::optional<OptionRequest>> read_set_param(const Command& command);

// For a `set-param` name that read_set_param ignores: the warning to log (a name the engine
// knows under another Hub name gets that name), or nothing for Scan's parameters that Kroon
// has no use for.
std::optional<std::string> ignored_parameter_warning(std::string_view name);

}  // namespace kroon::hub
