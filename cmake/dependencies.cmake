# Kroon's libraries, all Debian packages: Boost (Asio, Beast), spdlog and fmt, CLI11 and
# nlohmann-json (all used header-only), zlib (the endgame databases' distance files),
# GoogleTest for the tests.
#
# A native build finds them as installed. The Windows build (cmake/toolchains/) uses the same
# headers through a staging folder that holds only them, so that the cross compiler never
# sees the rest of /usr/include (Linux's own headers); zlib is Debian's mingw-w64 build, and
# GoogleTest is compiled from Debian's source package (googletest, /usr/src/googletest).
find_package(Threads REQUIRED)
if(KROON_STATIC_RUNTIME)
  set(ZLIB_USE_STATIC_LIBS ON)
endif()
find_package(ZLIB REQUIRED)

# spdlog and fmt compiled into the program from their headers: no library to link.
function(kroon_header_only_spdlog include_dir)
  add_library(spdlog::spdlog INTERFACE IMPORTED GLOBAL)
  target_include_directories(spdlog::spdlog SYSTEM INTERFACE ${include_dir})
  target_compile_definitions(spdlog::spdlog INTERFACE SPDLOG_FMT_EXTERNAL FMT_HEADER_ONLY)
endfunction()

if(NOT CMAKE_CROSSCOMPILING)
  if(KROON_STATIC_RUNTIME)
    find_path(KROON_SPDLOG_INCLUDE spdlog/spdlog.h REQUIRED)
    kroon_header_only_spdlog(${KROON_SPDLOG_INCLUDE})
  else()
    find_package(spdlog REQUIRED)
  endif()
  find_package(Boost 1.74 REQUIRED)
  find_package(CLI11 REQUIRED)
  find_package(nlohmann_json 3 REQUIRED)
  if(KROON_BUILD_TESTS)
    find_package(GTest REQUIRED)
  endif()
  return()
endif()

set(KROON_NATIVE_INCLUDE /usr/include CACHE PATH "Where the header-only libraries are (Debian's native packages)")
set(staged ${PROJECT_BINARY_DIR}/staged-include)
file(MAKE_DIRECTORY ${staged})
foreach(dir boost spdlog fmt CLI nlohmann)
  if(NOT EXISTS ${KROON_NATIVE_INCLUDE}/${dir})
    message(FATAL_ERROR "${KROON_NATIVE_INCLUDE}/${dir} is missing: install Debian's libboost-dev, libspdlog-dev, "
                        "libfmt-dev, libcli11-dev and nlohmann-json3-dev (scripts/setup.sh windows does)")
  endif()
  file(CREATE_LINK ${KROON_NATIVE_INCLUDE}/${dir} ${staged}/${dir} SYMBOLIC)
endforeach()

kroon_header_only_spdlog(${staged})
# Asio on Windows: sockets from Winsock 2, Windows 10 as the oldest system.
add_library(Boost::headers INTERFACE IMPORTED GLOBAL)
target_include_directories(Boost::headers SYSTEM INTERFACE ${staged})
target_compile_definitions(Boost::headers INTERFACE _WIN32_WINNT=0x0A00 BOOST_ALL_NO_LIB)
target_link_libraries(Boost::headers INTERFACE ws2_32 mswsock)
add_library(CLI11::CLI11 INTERFACE IMPORTED GLOBAL)
target_include_directories(CLI11::CLI11 SYSTEM INTERFACE ${staged})
add_library(nlohmann_json::nlohmann_json INTERFACE IMPORTED GLOBAL)
target_include_directories(nlohmann_json::nlohmann_json SYSTEM INTERFACE ${staged})

if(KROON_BUILD_TESTS)
  set(KROON_GOOGLETEST_SOURCE /usr/src/googletest CACHE PATH "GoogleTest's sources (Debian's googletest)")
  if(NOT EXISTS ${KROON_GOOGLETEST_SOURCE}/CMakeLists.txt)
    message(FATAL_ERROR "${KROON_GOOGLETEST_SOURCE} is missing: install Debian's googletest")
  endif()
  set(BUILD_GMOCK ON CACHE BOOL "" FORCE)
  set(INSTALL_GTEST OFF CACHE BOOL "" FORCE)
  add_subdirectory(${KROON_GOOGLETEST_SOURCE} ${PROJECT_BINARY_DIR}/googletest EXCLUDE_FROM_ALL SYSTEM)
  # Its own CMake names the libraries GTest::gtest, GTest::gtest_main and GTest::gmock.
endif()
