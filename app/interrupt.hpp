// Ctrl-C: the first SIGINT or SIGTERM asks the run to stop cleanly (flag polled between chunks); a
// second one ends the process at once, removing every temporary output file the run has open.
#pragma once

namespace drawaudit::app {

// Installed even where SIGINT was ignored when drawaudit started (a shell without job control
// starts `cmd &` so): `kill -INT` then still stops the run cleanly, its temporary files removed.
void install_interrupt_handler();
bool interrupted();
// 128 + the signal's number: 130 for Ctrl-C (SIGINT), 143 for SIGTERM.
int interrupt_exit_code();

// The temporary files a forced exit must remove: the report's, the baseline's, the statistics'
// (kInterruptCleanupSlots at most at once). Kept in static buffers because only
// async-signal-safe calls may use them. register_ returns the slot to release once the file is
// renamed or removed, or -1 when no slot is free or the path is too long.
inline constexpr int kInterruptCleanupSlots = 8;
int register_interrupt_cleanup(const char* path);
void release_interrupt_cleanup(int slot);

}  // namespace drawaudit::app
