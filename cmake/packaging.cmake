# `cmake --install` and the packages (docs/install.md, Packages): the program, the licence and
# the documentation; the evaluation weights and the opening book are inside the program.
# `scripts/setup.sh package` makes every package into dist/, one build per system and level:
#   Linux:   kroon-VERSION-linux-LEVEL.tar.gz and .deb (package kroon, Debian section games)
#   Windows: kroon-VERSION-windows-LEVEL.zip, kroon.exe at its top
include(GNUInstallDirs)

if(WIN32)
  # A folder a player unpacks anywhere: kroon.exe, the licence and the documentation beside it.
  set(kroon_bin_dir .)
  set(kroon_doc_dir .)
else()
  set(kroon_bin_dir ${CMAKE_INSTALL_BINDIR})
  set(kroon_doc_dir ${CMAKE_INSTALL_DOCDIR})
endif()
install(TARGETS kroon RUNTIME DESTINATION ${kroon_bin_dir})
install(FILES ${PROJECT_SOURCE_DIR}/README.md ${PROJECT_SOURCE_DIR}/LICENSE DESTINATION ${kroon_doc_dir})
install(DIRECTORY ${PROJECT_SOURCE_DIR}/docs/ DESTINATION ${kroon_doc_dir}/docs
        FILES_MATCHING PATTERN "*.md" PATTERN "*.png")

string(TOLOWER "${CMAKE_SYSTEM_NAME}" kroon_system)
set(CPACK_PACKAGE_NAME kroon)
set(CPACK_PACKAGE_VENDOR "Kroon developers")
set(CPACK_PACKAGE_CONTACT "Kroon developers")
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "draughts engine: international, Frisian, English checkers and 13 more variants")
# One string: separate arguments would become a list, its semicolons in the .deb's control file.
string(CONCAT CPACK_PACKAGE_DESCRIPTION
       "Kroon plays draughts (dammen) in 16 variants. It speaks the Hub protocol (the Hub GUI,\n"
       "pydraughts, lidraughts bots) and DXP (Dam 3.0 and other DXP programs), has a console\n"
       "and its own board in the browser (kroon serve).")
set(CPACK_RESOURCE_FILE_LICENSE ${PROJECT_SOURCE_DIR}/LICENSE)
set(CPACK_PACKAGE_FILE_NAME kroon-${PROJECT_VERSION}-${kroon_system}-${KROON_ARCH})
set(CPACK_PACKAGE_DIRECTORY ${PROJECT_BINARY_DIR}/packages)
set(CPACK_STRIP_FILES ON)
if(WIN32)
  set(CPACK_GENERATOR ZIP)
  set(CPACK_INCLUDE_TOPLEVEL_DIRECTORY ON)
else()
  set(CPACK_GENERATOR TGZ DEB)
  set(CPACK_DEBIAN_PACKAGE_SECTION games)
  set(CPACK_DEBIAN_PACKAGE_LICENSE GPL-3.0-or-later)
  set(CPACK_DEBIAN_PACKAGE_HOMEPAGE "")
  # The libraries the program needs, from the program itself (dpkg-shlibdeps).
  set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
  set(CPACK_DEBIAN_FILE_NAME ${CPACK_PACKAGE_FILE_NAME}.deb)
endif()
include(CPack)
