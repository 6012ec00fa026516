#include "protocol/dxp/framing.hpp"

namespace kroon::dxp {

std::vector<Frame> FrameReader::feed(std::string_view bytes) {
    std::vector<Frame> frames;
    while (!bytes.empty()) {
        const std::size_t nul = bytes.find('\0');
        const std::string_view chunk = bytes.substr(0, nul);
        if (!skipping_) {
            if (partial_.size() + chunk.size() > max_length_) {
                frames.push_back({false, "message longer than " + std::to_string(max_length_) + " characters"});
                partial_.clear();
                skipping_ = true;
            } else {
                partial_.append(chunk);
            }
        }
        if (nul == std::string_view::npos) break;
        // An empty frame (two NULs in a row) carries nothing: skipped without complaint.
        if (!skipping_ && !partial_.empty()) frames.push_back({true, std::move(partial_)});
        partial_.clear();
        skipping_ = false;
        bytes.remove_prefix(nul + 1);
    }
    return frames;
}

}  // namespace kroon::dxp
