# Writes the header `kroon --version` reads (tools/cli/build_info.cpp): the version, the commit
# the build is made from, the instruction-set level, the compiler and the date. Run at every
# build (tools/CMakeLists.txt), so that the commit is never stale; the file is rewritten only
# when its text changes, so an unchanged build compiles nothing again.
#
#   cmake -DSOURCE_DIR=... -DOUTPUT=... -DVERSION=... -DLEVEL=... -DCOMPILER=... -DSYSTEM=...
#         [-DCOMMIT=...] -P build_info.cmake
#
# COMMIT names the commit of a source tree without git (a release tarball); else git says it,
# with "-modified" when tracked files differ from it. The date honours SOURCE_DATE_EPOCH
# (reproducible builds), else it is today's, in UTC.
if(NOT COMMIT)
  find_program(GIT git)
  set(COMMIT unknown)
  if(GIT)
    execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} rev-parse --short=12 HEAD
                    OUTPUT_VARIABLE head OUTPUT_STRIP_TRAILING_WHITESPACE RESULT_VARIABLE failed ERROR_QUIET)
    if(NOT failed AND head)
      set(COMMIT ${head})
      execute_process(COMMAND ${GIT} -C ${SOURCE_DIR} status --porcelain --untracked-files=no
                      OUTPUT_VARIABLE changes RESULT_VARIABLE failed ERROR_QUIET)
      if(NOT failed AND changes)
        string(APPEND COMMIT "-modified")
      endif()
    endif()
  endif()
endif()
string(TIMESTAMP DATE "%Y-%m-%d" UTC)

set(text "// Written by cmake/build_info.cmake at build time; not in the repository.
#pragma once
#define KROON_BUILD_VERSION \"${VERSION}\"
#define KROON_BUILD_COMMIT \"${COMMIT}\"
#define KROON_BUILD_LEVEL \"${LEVEL}\"
#define KROON_BUILD_COMPILER \"${COMPILER}\"
#define KROON_BUILD_SYSTEM \"${SYSTEM}\"
#define KROON_BUILD_DATE \"${DATE}\"
")
set(old "")
if(EXISTS ${OUTPUT})
  file(READ ${OUTPUT} old)
endif()
if(NOT old STREQUAL text)
  file(WRITE ${OUTPUT} "${text}")
endif()
