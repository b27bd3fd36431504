#include "interrupt.hpp"

#include <csignal>
#include <cstring>

#include <unistd.h>

namespace drawaudit::app {
namespace {

volatile std::sig_atomic_t interrupt_count = 0;
volatile std::sig_atomic_t last_signal = 0;
char cleanup_path[4096] = {};

extern "C" void on_interrupt(int signal_number) {
    interrupt_count = interrupt_count + 1;
    last_signal = signal_number;
    if (interrupt_count >= 2) {
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
    return interrupt_count > 0;
}

int interrupt_exit_code() {
    return 128 + (last_signal != 0 ? static_cast<int>(last_signal) : SIGINT);
}

void set_interrupt_cleanup_path(const char* path) {
    if (path == nullptr || std::strlen(path) >= sizeof(cleanup_path)) {
        cleanup_path[0] = '\0';
        return;
    }
    std::strcpy(cleanup_path, path);
}

}  // namespace drawaudit::app
