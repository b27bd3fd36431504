# `cpack -G DEB` in a build directory: a .deb of what `cmake --install` puts in /usr, its
# library dependencies computed from the binary (dpkg-shlibdeps), checked by lintian in the test
# suite (tests/cli/install_test.py package).
# The Debian changelog and the upstream one under the name Debian gives it (policy 12.7),
# compressed when the build is configured (configure_file re-runs it when CHANGELOG.md changes),
# so that building the drawaudit target alone is enough for cmake --install and cpack.
configure_file(${PROJECT_SOURCE_DIR}/packaging/changelog.Debian.in
  ${PROJECT_BINARY_DIR}/packaging/changelog.Debian @ONLY)
configure_file(${PROJECT_SOURCE_DIR}/CHANGELOG.md ${PROJECT_BINARY_DIR}/packaging/changelog COPYONLY)
foreach(changelog IN ITEMS changelog.Debian changelog)
  execute_process(COMMAND gzip -9 -n -f -k ${PROJECT_BINARY_DIR}/packaging/${changelog}
    RESULT_VARIABLE gzip_result)
  if(NOT gzip_result EQUAL 0)
    message(FATAL_ERROR "gzip ${changelog}: ${gzip_result}")
  endif()
endforeach()

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
