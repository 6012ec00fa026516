// Database values and a packed array of them, two bits each.
#pragma once

#include <cstdint>
#include <string_view>
#include <vector>

namespace kroon::egdb {

// The game-theoretic value for the side to move under the capture and crowning rules alone.
enum class Value : std::uint8_t { Draw = 0, Win = 1, Loss = 2, Unknown = 3 };

// The value of the position before a move, seen from the move's result.
constexpr Value from_mover(Value child) {
    return child == Value::Win ? Value::Loss : child == Value::Loss ? Value::Win : child;
}

// Win before draw before loss: the side to move picks the move with the highest.
constexpr int preference(Value v) { return v == Value::Win ? 2 : v == Value::Draw ? 1 : 0; }

constexpr std::string_view value_name(Value v) {
    switch (v) {
        case Value::Win: return "win";
        case Value::Loss: return "loss";
        case Value::Draw: return "draw";
        default: return "unknown";
    }
}

class PackedValues {
public:
    PackedValues() = default;
    explicit PackedValues(std::uint64_t count) : count_(count), words_((count + 31) / 32, 0) {}

    std::uint64_t size() const { return count_; }
    Value get(std::uint64_t i) const { return static_cast<Value>(words_[i / 32] >> (2 * (i % 32)) & 3); }
    void set(std::uint64_t i, Value v) {
        std::uint64_t& w = words_[i / 32];
        const int shift = static_cast<int>(2 * (i % 32));
        w = (w & ~(std::uint64_t{3} << shift)) | std::uint64_t{static_cast<std::uint8_t>(v)} << shift;
    }
    std::uint64_t memory_bytes() const { return words_.size() * sizeof(std::uint64_t); }

private:
    std::uint64_t count_ = 0;
    std::vector<std::uint64_t> words_;
};

}  // namespace kroon::egdb
