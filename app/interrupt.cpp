#include "interrupt.hpp"

#include <atomic>
#include <csignal>
#include <cstring>

#include <unistd.h>

namespace drawaudit::app {
namespace {

// Written by the handler and read by every thread: atomics, which (lock-free) are also
// async-signal-safe, where volatile would give the threads no ordering and no guarantee to see it.
std::atomic<int> interrupt_count{0};
std::atomic<int> last_signal{0};
static_assert(std::atomic<int>::is_always_lock_free, "signal handlers need lock-free atomics");
char cleanup_path[4096] = {};

extern "C" void on_interrupt(int signal_number) {
    last_signal.store(signal_number);
    if (interrupt_count.fetch_add(1) + 1 >= 2) {
        if (cleanup_path[0] != '\0') unlink(cleanup_path);
        _exit(128 + signal_number);
    }
}

}  // namespace

void install_interrupt_handler() {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    // Blocking reads resume (a read interrupted half-way is no I/O error); the flag is polled
    // between chunks, and a second signal ends the process at once.
    action.sa_flags = SA_RESTART;
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

bool interrupted() {
    return interrupt_count.load(std::memory_order_acquire) > 0;
}

int interrupt_exit_code() {
    const int signal_number = last_signal.load();
    return 128 + (signal_number != 0 ? signal_number : SIGINT);
}

void set_interrupt_cleanup_path(const char* path) {
    if (path == nullptr || std::strlen(path) >= sizeof(cleanup_path)) {
        cleanup_path[0] = '\0';
        return;
    }
    std::strcpy(cleanup_path, path);
}

}  // namespace drawaudit::app
