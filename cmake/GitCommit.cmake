# The commit the build is made from, for `drawaudit --version`: `git rev-parse --short HEAD` at
# configure time, "unknown" outside a git checkout (a source tarball, an unpacked .deb's source).
# Configure-time on purpose: a build-time query would rebuild main.cpp on every commit.
function(drawaudit_git_commit out_var)
  set(commit "unknown")
  find_package(Git QUIET)
  if(GIT_FOUND)
    execute_process(
      COMMAND "${GIT_EXECUTABLE}" rev-parse --short HEAD
      WORKING_DIRECTORY "${PROJECT_SOURCE_DIR}"
      OUTPUT_VARIABLE git_out
      OUTPUT_STRIP_TRAILING_WHITESPACE
      RESULT_VARIABLE git_result
      ERROR_QUIET)
    if(git_result EQUAL 0 AND git_out MATCHES "^[0-9a-f]+$")
      set(commit "${git_out}")
    endif()
  endif()
  set(${out_var} "${commit}" PARENT_SCOPE)
endfunction()
