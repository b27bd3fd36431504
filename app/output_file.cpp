#include "output_file.hpp"

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <vector>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "interrupt.hpp"
#include "report/escape.hpp"

namespace drawaudit::app {

namespace {
// Whether `target` leads through /proc (/dev/stdout, /dev/fd/N, /proc/self/fd/N): a name of one of
// a process's open files, which the report goes into as it stands, since a replacement would not
// reach the descriptor behind it (and a shell's `>>` would lose what came before). Checked on
// each link of the way: the directory a name is in, and the text of a symlink.
bool names_an_open_file(const std::string& target) {
    std::filesystem::path name(target);
    for (int hop = 0; hop < 16; ++hop) {  // a symlink loop ends here; stat reports it
        std::error_code error;
        const std::filesystem::path directory = std::filesystem::canonical(
            name.has_parent_path() ? name.parent_path() : std::filesystem::path("."), error);
        if (!error && directory.string().rfind("/proc/", 0) == 0) return true;
        if (!std::filesystem::is_symlink(name, error)) return false;
        const std::filesystem::path text = std::filesystem::read_symlink(name, error);
        if (error) return false;
        name = text.is_absolute() ? text : directory / text;
    }
    return false;
}
}  // namespace

std::optional<std::string> input_named_by(const std::string& target,
                                          const std::vector<std::string>& inputs) {
    struct stat output {};
    if (stat(target.c_str(), &output) != 0 || !S_ISREG(output.st_mode)) return std::nullopt;
    for (const std::string& input : inputs) {
        struct stat read {};
        if (input != "-" && stat(input.c_str(), &read) == 0 && read.st_dev == output.st_dev &&
            read.st_ino == output.st_ino)
            return input;
    }
    return std::nullopt;
}

namespace {
// What a path names, to compare two of them: the file (device and inode) where there is one, else
// the path the file would get (its directories' links resolved).
struct FileIdentity {
    bool exists = false;
    bool regular = false;
    dev_t device = 0;
    ino_t inode = 0;
    std::string resolved;
};

FileIdentity identify(const std::string& path) {
    FileIdentity identity;
    struct stat info {};
    if (stat(path.c_str(), &info) == 0) {
        identity.exists = true;
        identity.regular = S_ISREG(info.st_mode);
        identity.device = info.st_dev;
        identity.inode = info.st_ino;
    }
    std::error_code error;
    const std::filesystem::path resolved = std::filesystem::weakly_canonical(path, error);
    identity.resolved = error ? path : resolved.string();
    return identity;
}

bool same_file(const FileIdentity& a, const FileIdentity& b) {
    if (a.exists != b.exists) return false;
    if (a.exists) return a.device == b.device && a.inode == b.inode;
    return a.resolved == b.resolved;
}
}  // namespace

std::optional<std::string> output_conflict(const std::vector<RunFile>& outputs,
                                           const std::vector<RunFile>& inputs) {
    std::vector<FileIdentity> written;  // of outputs[0..i), "-" and in-place ones left empty
    for (const RunFile& output : outputs) {
        written.emplace_back();
        if (output.path.empty() || output.path == "-") continue;
        FileIdentity identity = identify(output.path);
        // A device, a pipe or an open file under /proc is written in place: nothing is replaced.
        if ((identity.exists && !identity.regular) || names_an_open_file(output.path)) continue;
        for (const RunFile& input : inputs) {
            if (input.path.empty() || input.path == "-" || !identity.exists) continue;
            if (same_file(identity, identify(input.path))) {
                return output.role + " " + report::terminal_text(output.path) + " names " +
                       input.role + " " + report::terminal_text(input.path) +
                       ": the output would replace it";
            }
        }
        for (std::size_t i = 0; i + 1 < written.size(); ++i) {
            if (written[i].resolved.empty() || !same_file(identity, written[i])) continue;
            return outputs[i].role + " " + report::terminal_text(outputs[i].path) + " and " +
                   output.role + " " + report::terminal_text(output.path) +
                   " name the same file: one output would replace the other";
        }
        written.back() = std::move(identity);
    }
    return std::nullopt;
}

tl::expected<void, std::string> close_standard_output() {
    errno = 0;
    const bool flushed = std::fflush(stdout) == 0;
    int reason = errno;
    // A write that failed earlier set the error flag; its errno may be gone, so EIO says it then.
    const bool intact = flushed && std::ferror(stdout) == 0;
    if (intact) reason = 0;
    errno = 0;
    // Some file systems (NFS) report a failed write only when the file is closed.
    if (std::fclose(stdout) != 0 && intact) reason = errno;
    if (intact && reason == 0) return {};
    return tl::unexpected(std::string("standard output: cannot write: ") +
                          std::strerror(reason != 0 ? reason : EIO));
}

tl::expected<AtomicOutputFile, std::string> AtomicOutputFile::create(const std::string& target) {
    // Where the report replaces a file: the target, or the regular file its symlinks lead to
    // (the links stay links).
    std::filesystem::path replaced(target);
    struct stat existing {};
    if (stat(target.c_str(), &existing) == 0) {
        if (S_ISDIR(existing.st_mode)) {
            errno = EISDIR;
            return tl::unexpected(fmt_error(target, "cannot write the report"));
        }
        // A device, a pipe, a socket (-o /dev/null, a named pipe, /dev/stdout on a terminal):
        // written in place. Replacing it would put a regular file where it was. Appending, so
        // that an open file keeps what it holds: a shell's `>` has emptied it, `>>` keeps it.
        if (!S_ISREG(existing.st_mode) || names_an_open_file(target)) {
            std::FILE* stream = std::fopen(target.c_str(), "ab");
            if (stream == nullptr) return tl::unexpected(fmt_error(target, "cannot open"));
            return AtomicOutputFile(target, std::string(), stream);
        }
        std::error_code error;
        if (auto resolved = std::filesystem::canonical(replaced, error); !error)
            replaced = std::move(resolved);
    }
    const std::filesystem::path directory =
        replaced.has_parent_path() ? replaced.parent_path() : std::filesystem::path(".");
    // Built piecewise: GCC 12 warns falsely (-Wrestrict, bug 105329) on chained operator+ here.
    std::string hidden_name(".");
    hidden_name += replaced.filename().string();
    hidden_name += ".drawaudit-XXXXXX";
    const std::string pattern = (directory / hidden_name).string();
    std::vector<char> name(pattern.begin(), pattern.end());
    name.push_back('\0');
    const int fd = mkstemp(name.data());
    if (fd < 0) {
        return tl::unexpected(fmt_error(target, "cannot create a temporary file next to it"));
    }
    // mkstemp makes the file private (0600). A report that replaces one keeps the old report's
    // permissions (whoever could read it still can, no one more); a new one gets the usual ones.
    if (existing.st_mode != 0) {
        fchmod(fd, existing.st_mode & 07777);
    } else {
        const mode_t mask = umask(0);
        umask(mask);
        fchmod(fd, 0666 & ~mask);
    }
    std::FILE* stream = fdopen(fd, "wb");
    if (stream == nullptr) {
        close(fd);
        unlink(name.data());
        return tl::unexpected(fmt_error(target, "cannot open the temporary file"));
    }
    std::string temporary(name.data());
    // Every temporary file of the run is registered: a second Ctrl-C removes them all.
    const int cleanup_slot = register_interrupt_cleanup(temporary.c_str());
    if (cleanup_slot < 0) {
        std::fclose(stream);
        unlink(temporary.c_str());
        return tl::unexpected(target +
                              ": too many output files at once to remove them on an interrupt");
    }
    return AtomicOutputFile(target, std::move(temporary), stream, replaced.string(), cleanup_slot);
}

std::string AtomicOutputFile::fmt_error(const std::string& target, const char* what) {
    return target + ": " + what + ": " + std::strerror(errno);
}

AtomicOutputFile::AtomicOutputFile(AtomicOutputFile&& other) noexcept
    : target_(std::move(other.target_)),
      temporary_(std::move(other.temporary_)),
      replaced_(std::move(other.replaced_)),
      stream_(other.stream_),
      cleanup_slot_(other.cleanup_slot_) {
    other.stream_ = nullptr;
    other.temporary_.clear();
    other.cleanup_slot_ = -1;
}

AtomicOutputFile::~AtomicOutputFile() {
    discard();
}

tl::expected<void, std::string> AtomicOutputFile::commit() {
    if (stream_ == nullptr) return tl::unexpected(target_ + ": output already closed");
    // On disk before the name points at it: otherwise a crash soon after the rename can leave an
    // empty or partial file under the report's name, where the old report was.
    const bool written = std::fflush(stream_) == 0 && std::ferror(stream_) == 0 &&
                         (temporary_.empty() || fsync(fileno(stream_)) == 0);
    const int saved_errno = errno;
    const bool closed = std::fclose(stream_) == 0;
    stream_ = nullptr;
    if (!written || !closed) {
        errno = written ? errno : saved_errno;
        std::string message = fmt_error(target_, "cannot write");
        discard();
        return tl::unexpected(std::move(message));
    }
    if (temporary_.empty()) return {};  // written in place
    if (!exchange_with_old_report() && std::rename(temporary_.c_str(), replaced_.c_str()) != 0) {
        std::string message = fmt_error(target_, "cannot rename the temporary file over it");
        discard();
        return tl::unexpected(std::move(message));
    }
    temporary_.clear();
    release_interrupt_cleanup(cleanup_slot_);
    cleanup_slot_ = -1;
    // The rename itself is durable only once the directory is.
    if (!sync_directory()) return tl::unexpected(fmt_error(target_, "cannot sync its directory"));
    return {};
}

bool AtomicOutputFile::sync_directory() const {
    const std::filesystem::path replaced(replaced_);
    const std::string directory =
        replaced.has_parent_path() ? replaced.parent_path().string() : std::string(".");
    const int fd = open(directory.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
    if (fd < 0) return false;
    // Some file systems cannot sync a directory (EINVAL): nothing more can be done there.
    const bool synced = fsync(fd) == 0 || errno == EINVAL;
    const int saved_errno = errno;
    close(fd);
    errno = saved_errno;
    return synced;
}

// Renaming over an existing file on ext4 makes the kernel start writing the new file out within
// the rename call (its auto_da_alloc safeguard for programs that replace files without fsync).
// The report is fsynced before (commit), so that costs nothing more now; swapping
// the two names (as atomic as the rename: a reader sees the old report or the new one) and then
// removing the old report under the temporary name skips that; the old file's pages are freed
// either way. Only for a regular file, so that a directory or a device is never moved: anything
// else, and a file system that cannot swap names, takes std::rename.
bool AtomicOutputFile::exchange_with_old_report() {
#ifdef RENAME_EXCHANGE
    struct stat old_report {};
    if (lstat(replaced_.c_str(), &old_report) != 0 || !S_ISREG(old_report.st_mode)) return false;
    if (renameat2(AT_FDCWD, temporary_.c_str(), AT_FDCWD, replaced_.c_str(), RENAME_EXCHANGE) != 0)
        return false;
    unlink(temporary_.c_str());  // now the old report
    return true;
#else
    return false;
#endif
}

void AtomicOutputFile::discard() {
    if (stream_ != nullptr) {
        std::fclose(stream_);
        stream_ = nullptr;
    }
    if (!temporary_.empty()) {
        unlink(temporary_.c_str());
        temporary_.clear();
        release_interrupt_cleanup(cleanup_slot_);
        cleanup_slot_ = -1;
    }
}

}  // namespace drawaudit::app
