# Cross-compiling kroon.exe for 64-bit Windows on Debian with its mingw-w64 compilers, the
# posix-threads flavour (std::thread, std::jthread): packages g++-mingw-w64-x86-64-posix and
# libz-mingw-w64-dev. Used by `scripts/setup.sh windows` and `package`:
#   cmake -S . -B build-windows --toolchain cmake/toolchains/mingw-w64-x86_64.cmake
# The header-only libraries come from Debian's native packages through a staging folder
# (cmake/dependencies.cmake); the tests run under Wine (CMAKE_CROSSCOMPILING_EMULATOR).
set(CMAKE_SYSTEM_NAME Windows)
set(CMAKE_SYSTEM_PROCESSOR x86_64)
set(kroon_mingw x86_64-w64-mingw32)
set(CMAKE_C_COMPILER ${kroon_mingw}-gcc-posix)
set(CMAKE_CXX_COMPILER ${kroon_mingw}-g++-posix)
set(CMAKE_RC_COMPILER ${kroon_mingw}-windres)
set(CMAKE_FIND_ROOT_PATH /usr/${kroon_mingw})
set(CMAKE_FIND_ROOT_PATH_MODE_PROGRAM NEVER)
set(CMAKE_FIND_ROOT_PATH_MODE_LIBRARY ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_INCLUDE ONLY)
set(CMAKE_FIND_ROOT_PATH_MODE_PACKAGE ONLY)
find_program(KROON_WINE NAMES wine wine64)
if(KROON_WINE)
  set(CMAKE_CROSSCOMPILING_EMULATOR ${KROON_WINE})
  # With the address space randomised, Wine now and then finds the place of its shared user
  # data taken and the program never starts ("failed to map the shared user data", about one
  # start in a thousand, with no output under WINEDEBUG=-all). Without randomisation it always
  # finds it; where the system does not allow that, Wine runs as it is.
  execute_process(COMMAND setarch -R true RESULT_VARIABLE kroon_setarch OUTPUT_QUIET ERROR_QUIET)
  if(kroon_setarch EQUAL 0)
    set(CMAKE_CROSSCOMPILING_EMULATOR setarch -R ${KROON_WINE})
  endif()
endif()
