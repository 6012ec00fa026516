// The page's files, built into the binary (CMake turns protocol/web/page/ into a generated
// source file with their bytes): `kroon serve` needs no files on disk and fetches nothing.
#pragma once

#include <span>
#include <string_view>

namespace kroon::web {

struct Asset {
    std::string_view path;          // "/index.html", "/app.js", ...
    std::string_view content_type;  // "text/html; charset=utf-8", ...
    std::string_view body;
};

std::span<const Asset> assets();
// The asset served for a request path ("/" is "/index.html"); nullptr for anything else.
const Asset* find_asset(std::string_view path);

}  // namespace kroon::web
