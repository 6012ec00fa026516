# Every C++ file of the tree is laid out as .clang-format says (scripts/format.sh applies it).
# Run as: cmake -DROOT=<source dir> -DCLANG_FORMAT=<program> -P check_format.cmake
if(NOT CLANG_FORMAT)
  message(FATAL_ERROR "clang-format was not found: scripts/setup.sh installs it (Debian package clang-format)")
endif()
set(sources "")
foreach(folder platform engine egdb eval search play protocol players match learn bench tools tests fuzz)
  file(GLOB_RECURSE found "${ROOT}/${folder}/*.hpp" "${ROOT}/${folder}/*.cpp")
  list(APPEND sources ${found})
endforeach()
execute_process(COMMAND "${CLANG_FORMAT}" --dry-run --Werror --style=file ${sources}
                WORKING_DIRECTORY "${ROOT}"
                RESULT_VARIABLE status
                ERROR_VARIABLE complaints)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "files not formatted (run scripts/format.sh):\n${complaints}")
endif()
list(LENGTH sources count)
message(STATUS "${count} files formatted")
