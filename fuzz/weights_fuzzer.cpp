// The weights-file reader (eval/weights.cpp, docs/evaluation.md "Weights files"): any bytes
// give weights or an error, never a crash; weights that read write back to bytes that read
// to the same weights, and to the same bytes unless the file named its variant by another
// of its names (the reader takes "standard" for international, the writer writes the name).
#include <cstddef>
#include <cstdint>

#include "eval/weights.hpp"
#include "fuzz/fuzz_check.hpp"

using namespace kroon;
using kroon::fuzz::require;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view bytes = fuzz::as_text(data, size);
    const auto weights = eval::parse_weights(bytes);
    if (!weights) {
        require(!weights.error().empty(), "an error says why");
        return 0;
    }
    const std::string written = eval::serialize(*weights);
    const auto again = eval::parse_weights(written);
    require(again.ok(), "written weights read back");
    require(again->variant == weights->variant && again->windows == weights->windows, "the same variant and board");
    require(eval::serialize(*again) == written, "writing is canonical");
    // Header bytes 10-25 hold the variant's name; the rest must be as read.
    constexpr size_t name_at = 10, name_end = 26;
    require(
        written.substr(0, name_at) == bytes.substr(0, name_at) && written.substr(name_end) == bytes.substr(name_end),
        "weights that read write back to the same bytes, the variant's name aside");
    return 0;
}
