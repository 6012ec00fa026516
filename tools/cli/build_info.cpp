#include "tools/cli/build_info.hpp"

#include "tools/cli/build_info_values.hpp"  // written into the build folder (cmake/build_info.cmake)

namespace kroon::cli {
namespace {

// The compiler in its own words: g++ "12.2.0", Debian's mingw-w64 g++ "12-posix" (which CMake
// reads as 12.0.0), clang "Debian Clang 14.0.6".
#if defined(__clang__)
constexpr const char* compiler = __VERSION__;
#elif defined(__GNUC__)
constexpr const char* compiler = "GCC " __VERSION__;
#else
constexpr const char* compiler = KROON_BUILD_COMPILER;
#endif

}  // namespace

const BuildInfo& build_info() {
    static const BuildInfo info{KROON_BUILD_VERSION, KROON_BUILD_COMMIT, KROON_BUILD_LEVEL, compiler,
                                KROON_BUILD_SYSTEM,  KROON_BUILD_DATE};
    return info;
}

std::string version_text(const BuildInfo& info) {
    return "kroon " + info.version + "\n" +                                   //
           "commit " + info.commit + ", built " + info.date + "\n" +          //
           "for " + info.system + ", instruction set " + info.level + "\n" +  //
           "compiler " + info.compiler + "\n" +                               //
           "GPL-3.0-or-later: free software, without any warranty (LICENSE)";
}

}  // namespace kroon::cli
