#include "interrupt.hpp"

#include <csignal>
#include <cstring>

#include <unistd.h>

namespace drawaudit::app {
namespace {

volatile std::sig_atomic_t interrupt_count = 0;
char cleanup_path[4096] = {};

extern "C" void on_interrupt(int) {
    interrupt_count = interrupt_count + 1;
    if (interrupt_count >= 2) {
        if (cleanup_path[0] != '\0') unlink(cleanup_path);
        _exit(130);
    }
}

}  // namespace

void install_interrupt_handler() {
    struct sigaction action {};
    action.sa_handler = on_interrupt;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_RESTART;  // blocking reads resume; the flag is polled between chunks
    sigaction(SIGINT, &action, nullptr);
    sigaction(SIGTERM, &action, nullptr);
}

bool interrupted() {
    return interrupt_count > 0;
}

void set_interrupt_cleanup_path(const char* path) {
    if (path == nullptr || std::strlen(path) >= sizeof(cleanup_path)) {
        cleanup_path[0] = '\0';
        return;
    }
    std::strcpy(cleanup_path, path);
}

}  // namespace drawaudit::app
