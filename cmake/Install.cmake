# `cmake --install`: the binary, its man page, the bash, zsh and fish completions (generated from
# the binary's option table, app/CMakeLists.txt) and the documentation, in the places the
# distributions use (GNUInstallDirs; the shells' vendor completion directories).
install(TARGETS drawaudit RUNTIME DESTINATION ${CMAKE_INSTALL_BINDIR})
install(FILES ${DRAWAUDIT_CLI_DOC_DIR}/man/drawaudit.1.gz
  DESTINATION ${CMAKE_INSTALL_MANDIR}/man1)
install(FILES ${DRAWAUDIT_CLI_DOC_DIR}/bash/drawaudit
  DESTINATION ${CMAKE_INSTALL_DATADIR}/bash-completion/completions)
install(FILES ${DRAWAUDIT_CLI_DOC_DIR}/zsh/_drawaudit
  DESTINATION ${CMAKE_INSTALL_DATADIR}/zsh/vendor-completions)
install(FILES ${DRAWAUDIT_CLI_DOC_DIR}/fish/drawaudit.fish
  DESTINATION ${CMAKE_INSTALL_DATADIR}/fish/vendor_completions.d)
# docs/ beside README.md, so that the README's links (docs/rules.md) still lead somewhere.
install(FILES README.md ${PROJECT_BINARY_DIR}/packaging/changelog.gz
  DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(DIRECTORY docs/ DESTINATION ${CMAKE_INSTALL_DOCDIR}/docs
  FILES_MATCHING PATTERN "*.md" PATTERN "*.png")
# Debian's policy files (lintian): the copyright and a Debian changelog, compressed, and the one
# lintian tag that does not apply (the package is not uploaded to Debian, so closes no ITP bug).
install(FILES packaging/copyright ${PROJECT_BINARY_DIR}/packaging/changelog.Debian.gz
  DESTINATION ${CMAKE_INSTALL_DOCDIR})
install(FILES packaging/lintian-overrides RENAME drawaudit
  DESTINATION ${CMAKE_INSTALL_DATADIR}/lintian/overrides)
