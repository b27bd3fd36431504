// Ctrl-C: the first SIGINT asks the run to stop cleanly (flag polled between chunks); a second one
// ends the process at once, removing the temporary output file if there is one.
#pragma once

namespace drawaudit::app {

void install_interrupt_handler();
bool interrupted();
// 128 + the signal's number: 130 for Ctrl-C (SIGINT), 143 for SIGTERM.
int interrupt_exit_code();
// The temporary file a forced exit must remove (nullptr: none). Kept in a static buffer because
// only async-signal-safe calls may use it.
void set_interrupt_cleanup_path(const char* path);

}  // namespace drawaudit::app
