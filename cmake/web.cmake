# The WebAssembly build (`scripts/setup.sh web`, docs/web.md "The static site"): emscripten's
# em++ compiles the rules, the databases' readers, the evaluation with its weights, the search
# and the play layer; no server, no command line, no tests. Searches run on the caller's
# thread (search/searcher.hpp): the module is built without threads.

# Debian's header-only libraries, without the rest of /usr/include, whose C library headers
# would shadow emscripten's own.
set(kroon_host_include ${CMAKE_BINARY_DIR}/host-include)
file(MAKE_DIRECTORY ${kroon_host_include})
foreach(entry spdlog fmt nlohmann)
  if(NOT EXISTS /usr/include/${entry})
    message(FATAL_ERROR "the web build needs /usr/include/${entry} (scripts/setup.sh web installs it)")
  endif()
  if(NOT EXISTS ${kroon_host_include}/${entry})
    file(CREATE_LINK /usr/include/${entry} ${kroon_host_include}/${entry} SYMBOLIC)
  endif()
endforeach()

add_library(kroon_web_spdlog INTERFACE)
target_include_directories(kroon_web_spdlog SYSTEM INTERFACE ${kroon_host_include})
target_compile_definitions(kroon_web_spdlog INTERFACE SPDLOG_HEADER_ONLY FMT_HEADER_ONLY)
add_library(spdlog::spdlog ALIAS kroon_web_spdlog)
add_library(kroon_web_json INTERFACE)
target_include_directories(kroon_web_json SYSTEM INTERFACE ${kroon_host_include})
add_library(nlohmann_json::nlohmann_json ALIAS kroon_web_json)
add_library(Threads::Threads INTERFACE IMPORTED)

# Exceptions are off in emscripten unless asked for; the engine reports bad input with them.
# WebAssembly's size_t has 32 bits: a 64-bit count used as a size would warn everywhere; the
# native build checks those conversions, and no count in the browser comes near 2^32.
target_compile_options(kroon_options INTERFACE -fexceptions -Wno-shorten-64-to-32)
target_link_options(kroon_options INTERFACE -fexceptions)

add_subdirectory(platform)  # with the browser's side (platform/web/)
add_subdirectory(engine)
add_subdirectory(egdb)
add_subdirectory(eval)
add_subdirectory(search)
add_subdirectory(play)
add_subdirectory(protocol/web)

# `kroon-bench`: the bench's positions and node signature in WebAssembly, run by Node.js
# (node --no-experimental-fetch build-web/kroon-bench.js), to set its speed against the
# native `kroon bench`.
add_executable(kroon-bench tools/web/bench_main.cpp bench/bench.cpp)
target_link_libraries(kroon-bench PRIVATE kroon_play kroon_platform)
target_link_options(kroon-bench PRIVATE -sALLOW_MEMORY_GROWTH=1 -sNODERAWFS=1)
