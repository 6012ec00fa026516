// DXP layer 1 on a byte stream: every message is its characters followed by one NUL byte.
// TCP may split or merge messages, so bytes are buffered and cut at every NUL. A message
// longer than 127 characters is reported once and skipped up to its NUL; the buffer never
// grows past that bound, whatever the peer sends.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace kroon::dxp {

struct Frame {
    bool ok = true;
    std::string text;  // the message when ok, else what was wrong
};

class FrameReader {
public:
    explicit FrameReader(std::size_t max_length = 127) : max_length_(max_length) {}

    // Feeds received bytes; returns the frames they complete, in order.
    std::vector<Frame> feed(std::string_view bytes);
    // Bytes held for an unfinished message.
    std::size_t pending() const { return partial_.size(); }

private:
    std::size_t max_length_;
    std::string partial_;
    bool skipping_ = false;  // inside an over-long message, until its NUL
};

// The bytes on the wire for one message.
inline std::string frame(std::string_view message) {
    std::string out(message);
    out.push_back('\0');
    return out;
}

}  // namespace kroon::dxp
