// The memory of the browser's side (the static site, docs/web.md): a WebAssembly module has
// one memory that grows up to a maximum and never shrinks, and the page is not told the
// machine's memory.
#include <emscripten/heap.h>

#include <cstdlib>

#include "platform/memory.hpp"

namespace kroon::platform {

// Cache lines: WebAssembly has no large pages to align to.
constexpr std::size_t table_alignment = 64;

std::uint64_t physical_memory_bytes() { return 0; }

std::optional<std::uint64_t> process_memory_limit() { return emscripten_get_heap_max(); }

void* allocate_large(std::size_t bytes) {
    return std::aligned_alloc(table_alignment, (bytes + table_alignment - 1) / table_alignment * table_alignment);
}

void free_large(void* memory) { std::free(memory); }

void return_free_memory() {}

}  // namespace kroon::platform
