// The report file of -o. A regular file (or none yet) is written atomically: into a temporary
// file next to it, which replaces it only when the run succeeded, so no reader ever sees half a
// report; through a symlink, the file it leads to is replaced. A device, a pipe or a socket
// (-o /dev/null, /dev/stdout, a named pipe) is written in place.
#pragma once

#include <cstdio>
#include <optional>
#include <string>
#include <vector>

#include <tl/expected.hpp>

namespace drawaudit::app {

// The first of `inputs` that `target` names (the same file, through any path or link), if any:
// an -o that would replace an input file with the report.
std::optional<std::string> input_named_by(const std::string& target,
                                          const std::vector<std::string>& inputs);

// A file of the run and what it is to the user: {"-o", "r.txt"}, {"the PGN input", "c.pgn"}.
struct RunFile {
    std::string role;
    std::string path;
};
// The one rule for every file drawaudit writes: it is none of the run's inputs and no other of
// its outputs (the same file through any path, link or hard link; an output not there yet is
// compared by its resolved path). The usage error naming both roles and the path, or nullopt.
// Devices, pipes and sockets are written in place, not replaced, so they never conflict.
std::optional<std::string> output_conflict(const std::vector<RunFile>& outputs,
                                           const std::vector<RunFile>& inputs);

// Flushes and closes standard output once a command is done: the error ("standard output: cannot
// write: No space left on device") when what was written to it did not all get there.
tl::expected<void, std::string> close_standard_output();

class AtomicOutputFile {
  public:
    // Creates the temporary file in the target's directory.
    static tl::expected<AtomicOutputFile, std::string> create(const std::string& target);

    AtomicOutputFile(AtomicOutputFile&& other) noexcept;
    AtomicOutputFile& operator=(AtomicOutputFile&&) = delete;
    AtomicOutputFile(const AtomicOutputFile&) = delete;
    AtomicOutputFile& operator=(const AtomicOutputFile&) = delete;
    ~AtomicOutputFile();  // discards the file unless committed

    std::FILE* stream() const { return stream_; }
    // Written straight into the target (a device, a pipe, an open file): discard() cannot take
    // back what was written.
    bool in_place() const { return temporary_.empty() && replaced_.empty(); }
    // Flushes, closes and replaces the target; an error message on failure (the temporary file
    // is then removed).
    tl::expected<void, std::string> commit();
    void discard();

  private:
    // An empty `temporary`: the target is written in place.
    AtomicOutputFile(std::string target, std::string temporary, std::FILE* stream,
                     std::string replaced = {}, int cleanup_slot = -1)
        : target_(std::move(target)),
          temporary_(std::move(temporary)),
          replaced_(std::move(replaced)),
          stream_(stream),
          cleanup_slot_(cleanup_slot) {}
    // commit()'s replacement of an existing report: true when done, false to rename instead.
    bool exchange_with_old_report();
    // fsync of the directory that holds the report, so that its new name survives a crash.
    bool sync_directory() const;
    static std::string fmt_error(const std::string& target,
                                 const char* what);  // "T: what: errno text"

    std::string target_;
    std::string temporary_;
    std::string replaced_;  // the file the temporary one replaces: target_ or where it leads
    std::FILE* stream_ = nullptr;
    int cleanup_slot_ = -1;  // where a forced exit finds the temporary file (interrupt.hpp)
};

}  // namespace drawaudit::app
