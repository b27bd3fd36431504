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
static_assert(std::atomic<bool>::is_always_lock_free, "signal handlers need lock-free atomics");

// A slot's path is written before `used` is set and read by the handler only after it sees it set.
struct CleanupSlot {
    std::atomic<bool> used{false};
    char path[4096] = {};
};
CleanupSlot cleanup_slots[kInterruptCleanupSlots];

extern "C" void on_interrupt(int signal_number) {
    last_signal.store(signal_number);
    if (interrupt_count.fetch_add(1) + 1 >= 2) {
        for (CleanupSlot& slot : cleanup_slots) {
            if (slot.used.load(std::memory_order_acquire)) unlink(slot.path);
        }
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

int register_interrupt_cleanup(const char* path) {
    if (path == nullptr || std::strlen(path) >= sizeof(CleanupSlot::path)) return -1;
    for (int i = 0; i < kInterruptCleanupSlots; ++i) {
        CleanupSlot& slot = cleanup_slots[i];
        if (slot.used.load(std::memory_order_relaxed)) continue;
        std::strcpy(slot.path, path);
        slot.used.store(true, std::memory_order_release);
        return i;
    }
    return -1;
}

void release_interrupt_cleanup(int slot) {
    if (slot >= 0 && slot < kInterruptCleanupSlots)
        cleanup_slots[slot].used.store(false, std::memory_order_release);
}

}  // namespace drawaudit::app
