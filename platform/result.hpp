// Result of reading text from outside: a value, or a message saying what was wrong.
// Bad input is never an assert or an exception (it comes from GUIs, sockets and files).
#pragma once

#include <optional>
#include <string>
#include <utility>

namespace kroon {

struct Error {
    std::string message;
};

template <class T>
class Result {
public:
    Result(T value) : value_(std::move(value)) {}              // NOLINT: implicit by design
    Result(Error error) : error_(std::move(error.message)) {}  // NOLINT
    bool ok() const { return value_.has_value(); }
    explicit operator bool() const { return ok(); }
    const T& value() const { return *value_; }
    T& value() { return *value_; }
    const T& operator*() const { return *value_; }
    const T* operator->() const { return &*value_; }
    const std::string& error() const { return error_; }

private:
    std::optional<T> value_;
    std::string error_;
};

}  // namespace kroon
