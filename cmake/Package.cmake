# `cpack -G DEB` in a build directory: a .deb of what `cmake --install` puts in /usr, its
# library dependencies computed from the binary (dpkg-shlibdeps), checked by lintian in the test
# suite (tests/cli/package_test.py).
configure_file(${PROJECT_SOURCE_DIR}/packaging/changelog.Debian.in
  ${PROJECT_BINARY_DIR}/packaging/changelog.Debian @ONLY)
add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/packaging/changelog.Debian.gz
  COMMAND gzip -9 -n -c ${PROJECT_BINARY_DIR}/packaging/changelog.Debian
    > ${PROJECT_BINARY_DIR}/packaging/changelog.Debian.gz
  DEPENDS ${PROJECT_BINARY_DIR}/packaging/changelog.Debian
  VERBATIM)
# The upstream changelog under the name Debian gives it (policy 12.7).
add_custom_command(OUTPUT ${PROJECT_BINARY_DIR}/packaging/changelog.gz
  COMMAND gzip -9 -n -c ${PROJECT_SOURCE_DIR}/CHANGELOG.md > ${PROJECT_BINARY_DIR}/packaging/changelog.gz
  DEPENDS ${PROJECT_SOURCE_DIR}/CHANGELOG.md
  VERBATIM)
add_custom_target(drawaudit_changelog ALL DEPENDS ${PROJECT_BINARY_DIR}/packaging/changelog.Debian.gz
  ${PROJECT_BINARY_DIR}/packaging/changelog.gz)

set(CPACK_GENERATOR DEB)
set(CPACK_PACKAGE_NAME drawaudit)
set(CPACK_PACKAGE_VERSION ${PROJECT_VERSION})
set(CPACK_PACKAGE_VENDOR "drawaudit maintainers")
set(CPACK_PACKAGE_CONTACT "drawaudit maintainers <maintainers@users.noreply.a-seed-def05e92.example>")
set(CPACK_PACKAGE_DESCRIPTION_SUMMARY "audit chess games against the FIDE draw rules")
# The extended description only: CPack puts the summary above it.
set(CPACK_DEBIAN_PACKAGE_DESCRIPTION
  "Reads PGN files (plain or compressed) and checks every draw claim, automatic\n\
draw, checkmate, stalemate and dead position against the FIDE Laws of Chess,\n\
and each game's result against its final position. Reports as text, JSON\n\
Lines, CSV, SARIF, GitHub annotations, annotated PGN or a self-contained HTML\n\
report, with baselines and shard merging for CI and large archives.")
set(CPACK_PACKAGING_INSTALL_PREFIX /usr)
set(CPACK_DEBIAN_FILE_NAME DEB-DEFAULT)
set(CPACK_DEBIAN_PACKAGE_RELEASE 1)
set(CPACK_DEBIAN_PACKAGE_SECTION utils)
set(CPACK_DEBIAN_PACKAGE_PRIORITY optional)
set(CPACK_DEBIAN_PACKAGE_SHLIBDEPS ON)
set(CPACK_DEBIAN_PACKAGE_CONTROL_STRICT_PERMISSION ON)
set(CPACK_STRIP_FILES ON)
include(CPack)
