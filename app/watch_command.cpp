#include "watch_command.hpp"

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <map>
#include <set>
#include <string_view>

#include <fcntl.h>
#include <poll.h>
#include <sys/inotify.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fmt/format.h>

#include "audit_command.hpp"
#include "interrupt.hpp"
#include "live/identity.hpp"
#include "live/round.hpp"
#include "logging.hpp"
#include "output_file.hpp"
#include "outputs.hpp"
#include "report/escape.hpp"
#include "report/messages.hpp"
#include "report/watch_writer.hpp"

namespace drawaudit::app {

CLI::App* add_watch_command(CLI::App& app, WatchOptions& options) {
    CLI::App* cmd = app.add_subcommand(
        "watch",
        "Follow a live round's broadcast files and report each event once as the moves arrive "
        "(alerts: 9.6 endings, illegal moves, ...; notices: claims, finished games)");
    cmd->footer(
        "Exit status: with --once 0 no alert, 1 an alert was reported; 2 usage error; 130 ended "
        "by SIGINT or SIGTERM (one summary line on stderr).\nExamples:\n"
        "  drawaudit watch live/round5.pgn\n"
        "  drawaudit watch --format jsonl --html /var/www/round.html live/\n"
        "  drawaudit watch --once round5/\n"
        "Events and their rules: docs/arbiter.md, \"During the round: watch\".");
    cmd->add_option("paths", options.paths,
                    "PGN files, or directories whose *.pgn files are followed (a DGT LiveChess "
                    "round folder through its game-N.pgn files)")
        ->required();
    cmd->add_flag("--once", options.once,
                  "Read what is there, report and exit (1 when an alert was reported)");
    cmd->add_option("--settle", options.settle,
                    "Seconds a file must stay unchanged before a move that may be half-written "
                    "counts, and before a withdrawal (default 1)")
        ->check(CLI::Range(0.0, 3600.0));
    cmd->add_option("--poll", options.poll,
                    "Look at the files every this many seconds instead of inotify (used anyway "
                    "where inotify is unavailable)")
        ->check(CLI::Range(0.0, 3600.0));
    cmd->add_flag("--bell", options.bell, "Ring the terminal's bell on an alert");
    cmd->add_option("--format", options.format, "text (default) or jsonl: one event per line")
        ->check(CLI::IsMember({"text", "jsonl"}));
    cmd->add_option("--html", options.html,
                    "Keep this page of the round up to date (one tile per board; it reloads "
                    "itself)");
    cmd->add_option("--lang", options.lang, "Language of what a person reads: en or es")
        ->check(CLI::IsMember({"en", "es"}));
    cmd->add_option("--color", options.color, "auto, always or never")
        ->check(CLI::IsMember({"auto", "always", "never"}));
    return cmd;
}

namespace {

namespace fs = std::filesystem;
using live::Clock;

// Past this a file is no round's broadcast: it is reported unreadable rather than held.
constexpr std::uintmax_t kMaxWatchedFileBytes = std::uintmax_t{256} << 20;

std::string utc_now(const char* format) {
    const std::time_t now = std::time(nullptr);
    std::tm tm{};
    gmtime_r(&now, &tm);
    char text[32];
    std::strftime(text, sizeof text, format, &tm);
    return text;
}

// The whole file, or why it cannot be read.
tl::expected<std::string, std::string> read_whole(const std::string& path) {
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (fd < 0) return tl::unexpected(std::string(std::strerror(errno)));
    struct stat info {};
    if (::fstat(fd, &info) != 0 || !S_ISREG(info.st_mode)) {
        const std::string why = S_ISDIR(info.st_mode) ? "is a directory" : "not a regular file";
        ::close(fd);
        return tl::unexpected(why);
    }
    if (static_cast<std::uintmax_t>(info.st_size) > kMaxWatchedFileBytes) {
        ::close(fd);
        return tl::unexpected(std::string("larger than 256 MiB"));
    }
    std::string text;
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(fd, buffer, sizeof buffer);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            const std::string why = std::strerror(errno);
            ::close(fd);
            return tl::unexpected(why);
        }
        if (n == 0) break;
        text.append(buffer, static_cast<std::size_t>(n));
        if (text.size() > kMaxWatchedFileBytes) {
            ::close(fd);
            return tl::unexpected(std::string("larger than 256 MiB"));
        }
    }
    ::close(fd);
    return text;
}

bool is_pgn_name(std::string_view name) {
    return name.size() > 4 && name.substr(name.size() - 4) == ".pgn";
}

// What the watch follows: the files named, and the *.pgn files of the directories named.
class Followed {
  public:
    explicit Followed(const std::vector<std::string>& paths) {
        for (const std::string& path : paths) {
            std::error_code error;
            if (fs::is_directory(path, error))
                directories_.push_back(path);
            else
                named_.push_back(path);
        }
    }
    // Every file to read now: the named ones (also when they are not there: unreadable) and
    // what the directories hold.
    std::vector<std::string> files() const {
        std::vector<std::string> out = named_;
        for (const std::string& dir : directories_) {
            std::vector<std::string> names;
            std::error_code error;
            for (fs::directory_iterator it(dir, error), end; !error && it != end;
                 it.increment(error)) {
                const std::string name = it->path().filename().string();
                if (is_pgn_name(name) && !it->is_directory(error)) names.push_back(name);
            }
            std::sort(names.begin(), names.end());
            for (const std::string& name : names)
                if (!live::left_to_board_files(name, names))
                    out.push_back((fs::path(dir) / name).string());
        }
        return out;
    }
    // The directories to watch with inotify: those named and those that hold a named file.
    std::vector<std::string> watched_directories() const {
        std::set<std::string> out(directories_.begin(), directories_.end());
        for (const std::string& file : named_) {
            const fs::path parent = fs::path(file).parent_path();
            out.insert(parent.empty() ? "." : parent.string());
        }
        return {out.begin(), out.end()};
    }
    const std::vector<std::string>& named() const { return named_; }
    // The path a change in `directory` (as watched_directories() names it) to `name` concerns:
    // a named file as it was named ("round.pgn", not "./round.pgn"), else directory/name.
    std::string path_of(const std::string& directory, std::string_view name) const {
        for (const std::string& file : named_) {
            const fs::path path(file);
            const std::string parent =
                path.parent_path().empty() ? "." : path.parent_path().string();
            if (parent == directory && path.filename() == name) return file;
        }
        return (fs::path(directory) / name).string();
    }

  private:
    std::vector<std::string> named_;
    std::vector<std::string> directories_;
};

// The state of a file as polling sees it: a change of any of these is read again.
struct FileStamp {
    bool exists = false;
    std::int64_t size = 0, mtime_ns = 0;
    ino_t inode = 0;
    bool operator==(const FileStamp&) const = default;
};

FileStamp stamp_of(const std::string& path) {
    struct stat info {};
    if (::stat(path.c_str(), &info) != 0) return {};
    return FileStamp{
        true, info.st_size,
        static_cast<std::int64_t>(info.st_mtim.tv_sec) * 1'000'000'000 + info.st_mtim.tv_nsec,
        info.st_ino};
}

class Watch {
  public:
    explicit Watch(const WatchOptions& options)
        : options_(options),
          followed_(options.paths),
          round_(live::RoundOptions{.audit = {},
                                    .settle = std::chrono::duration_cast<Clock::duration>(
                                        std::chrono::duration<double>(options.settle))}) {
        lang_ = chosen_lang(options.lang);
        colour_ = options.format == "text" &&
                  use_colour(options.color, isatty(STDOUT_FILENO) == 1, no_color_requested());
    }

    int run() {
        if (const int usage = check_usage(); usage != 0) return usage;
        // Before the first reading, which may take a while on a large round: a SIGTERM from a
        // service manager while it runs ends the watch as usual (130 and the summary line), not
        // by the signal's default action. A --once run is stopped by Ctrl-C as any command.
        if (!options_.once) install_interrupt_handler();
        for (const std::string& file : followed_.files()) read(file);
        if (options_.once) {
            // Nothing will change: what waits for the settle time is due now.
            emit(round_.tick(Clock::now() + round_.settle() + std::chrono::hours(1)));
            write_page();
            return alerts_ > 0 ? ExitFindings : ExitClean;
        }
        start_inotify();
        write_page();
        while (!interrupted()) {
            wait_and_read();
            // Settled is judged as of the last look at what changed, not as of now: a file
            // read in a long pass over many files may have changed again since (its event
            // waits, unread), and a half-written read of it must not be taken as settled.
            emit(round_.tick(changes_known_until_));
            if (page_dirty_) write_page();
        }
        std::fflush(stdout);
        std::fprintf(stderr, "%s\n", report::watch_summary(round_.counts(), lang_).c_str());
        // RULES.md: SIGINT and SIGTERM alike end a watch with 130 (how a watch normally ends).
        return ExitInterrupted;
    }

    ~Watch() {
        if (inotify_ >= 0) ::close(inotify_);
    }

  private:
    int check_usage() {
        if (!options_.html.empty()) {
            std::vector<RunFile> inputs;
            for (const std::string& path : options_.paths)
                inputs.push_back({"a watched path", path});
            if (auto conflict = output_conflict({{"--html", options_.html}}, inputs)) {
                std::fprintf(stderr, "drawaudit watch: error: %s\n", conflict->c_str());
                return ExitError;
            }
            if (is_pgn_name(options_.html)) {
                std::fprintf(stderr,
                             "drawaudit watch: error: --html %s: a page is no .pgn file (a "
                             "watched directory would read it as a game file)\n",
                             report::terminal_text(options_.html).c_str());
                return ExitError;
            }
        }
        return 0;
    }

    void read(const std::string& file) {
        auto text = read_whole(file);
        if (text)
            emit(round_.update(file, *text, Clock::now()));
        else
            emit(round_.unreadable(file, text.error(), Clock::now()));
        stamps_[file] = stamp_of(file);
        page_dirty_ = true;
    }

    void emit(const std::vector<live::Event>& events) {
        if (events.empty()) return;
        page_dirty_ = true;
        fmt::memory_buffer out;
        const std::string clock = options_.once ? std::string() : utc_now("%H:%M:%S");
        const std::string time = utc_now("%Y-%m-%dT%H:%M:%SZ");
        for (const live::Event& event : events) {
            if (event.kind == live::EventKind::Alert) ++alerts_;
            if (options_.format == "jsonl") {
                report::append_event_json(out, event, time);
            } else {
                if (options_.bell && event.kind == live::EventKind::Alert) out.push_back('\a');
                report::append_event_line(out, event, lang_, clock, colour_);
            }
        }
        std::fwrite(out.data(), 1, out.size(), stdout);
        std::fflush(stdout);
    }

    void write_page() {
        page_dirty_ = false;
        if (options_.html.empty()) return;
        auto file = AtomicOutputFile::create(options_.html);
        if (!file) {
            warn_once_about_page(file.error());
            return;
        }
        const std::string page =
            report::watch_page(round_, lang_, utc_now("%H:%M:%S"), options_.html_refresh);
        std::fwrite(page.data(), 1, page.size(), file->stream());
        if (auto done = file->commit(); !done) warn_once_about_page(done.error());
    }

    void warn_once_about_page(const std::string& why) {
        if (page_warned_) return;
        page_warned_ = true;
        std::fprintf(stderr, "drawaudit watch: --html: %s (the watch goes on)\n", why.c_str());
    }

    // inotify on every directory that holds a followed file: a file replaced by rename, deleted
    // or created is seen there (a watch on the file itself would follow the old inode).
    void start_inotify() {
        if (options_.poll > 0) return;
        inotify_ = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);
        if (inotify_ < 0) {
            std::fprintf(stderr,
                         "drawaudit watch: inotify is unavailable (%s): polling every 1 s\n",
                         std::strerror(errno));
            return;
        }
        add_directory_watches();
    }

    // False where a directory could not be watched (yet): it is tried again at each poll.
    bool add_directory_watches() {
        bool all = true;
        for (const std::string& dir : followed_.watched_directories()) {
            if (watched_.count(dir) != 0) continue;
            const int wd = inotify_add_watch(inotify_, dir.c_str(),
                                             IN_CLOSE_WRITE | IN_MODIFY | IN_MOVED_TO |
                                                 IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_ATTRIB |
                                                 IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR);
            if (wd < 0) {
                all = false;
                continue;
            }
            watched_[dir] = wd;
            directory_of_[wd] = dir;
        }
        return all;
    }

    double poll_seconds() const {
        if (options_.poll > 0) return options_.poll;
        return inotify_ < 0 || !all_watched_ ? 1.0 : 0;
    }

    // Blocks until a file changes, a settle time ends, or a signal comes; then reads what changed.
    void wait_and_read() {
        int timeout_ms = -1;  // nothing waits: sleep until a file changes
        if (const auto deadline = round_.next_deadline()) {
            const auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(*deadline - Clock::now());
            timeout_ms = static_cast<int>(std::clamp<long long>(left.count() + 1, 0, 3'600'000));
        }
        if (const double poll = poll_seconds(); poll > 0) {
            const int poll_ms = static_cast<int>(std::lround(poll * 1000));
            timeout_ms = timeout_ms < 0 ? poll_ms : std::min(timeout_ms, poll_ms);
        }
        if (inotify_ >= 0) {
            pollfd fd{inotify_, POLLIN, 0};
            ::poll(&fd, 1, timeout_ms);
            // Every change before this moment is in the queue that read_inotify drains (the
            // descriptor does not block: an empty queue costs one read).
            changes_known_until_ = Clock::now();
            read_inotify();
        } else {
            pollfd none{-1, 0, 0};
            ::poll(&none, 0, timeout_ms);
            changes_known_until_ = Clock::now();
        }
        if (poll_seconds() > 0) poll_files();
    }

    void read_inotify() {
        std::set<std::string> changed;
        bool rescan = false;
        alignas(inotify_event) char buffer[64 * 1024];
        for (;;) {
            const ssize_t n = ::read(inotify_, buffer, sizeof buffer);
            if (n <= 0) break;
            for (ssize_t at = 0; at < n;) {
                const auto* event = reinterpret_cast<const inotify_event*>(buffer + at);
                at += static_cast<ssize_t>(sizeof(inotify_event) + event->len);
                if (event->mask & (IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED | IN_Q_OVERFLOW)) {
                    rescan = true;
                    if (event->mask & IN_IGNORED) forget_watch(event->wd);
                    continue;
                }
                const auto dir = directory_of_.find(event->wd);
                if (dir == directory_of_.end() || event->len == 0) continue;
                changed.insert(followed_.path_of(dir->second, event->name));
            }
        }
        if (rescan) {
            all_watched_ = add_directory_watches();
            poll_files();
            return;
        }
        // A directory's new file or a followed file: read (the others are not followed).
        const std::vector<std::string> files = followed_.files();
        std::set<std::string> followed(files.begin(), files.end());
        for (const std::string& file : changed) {
            if (followed.count(file) != 0 || stamps_.count(file) != 0) read(file);
            // A new board file can put a games.pgn aside (DGT LiveChess's layout).
        }
        drop_files_no_longer_followed(followed);
    }

    void forget_watch(int wd) {
        const auto it = directory_of_.find(wd);
        if (it == directory_of_.end()) return;
        watched_.erase(it->second);
        directory_of_.erase(it);
        all_watched_ = false;
    }

    // Polling: every followed file whose size, time or inode changed is read again.
    void poll_files() {
        if (inotify_ >= 0 && !all_watched_) all_watched_ = add_directory_watches();
        const std::vector<std::string> files = followed_.files();
        for (const std::string& file : files) {
            const auto known = stamps_.find(file);
            if (known == stamps_.end() || !(known->second == stamp_of(file))) read(file);
        }
        drop_files_no_longer_followed({files.begin(), files.end()});
    }

    // A file of a watched directory that is gone (not a named one) is read once more, as
    // unreadable, and then left: deleting it is how the broadcast ends it or re-creates it.
    void drop_files_no_longer_followed(const std::set<std::string>& followed) {
        for (auto it = stamps_.begin(); it != stamps_.end();) {
            if (followed.count(it->first) != 0) {
                ++it;
                continue;
            }
            const std::string file = it->first;
            it = stamps_.erase(it);
            if (std::find(followed_.named().begin(), followed_.named().end(), file) ==
                followed_.named().end()) {
                auto text = read_whole(file);
                if (!text) emit(round_.unreadable(file, text.error(), Clock::now()));
            }
        }
    }

    const WatchOptions& options_;
    Followed followed_;
    live::Round round_;
    report::Lang lang_ = report::Lang::En;
    bool colour_ = false;
    int inotify_ = -1;
    // When the watch last looked at what changed (the inotify queue drained, or the files'
    // stamps compared): the time the settle times are judged by.
    Clock::time_point changes_known_until_ = Clock::now();
    bool all_watched_ = true;
    std::map<std::string, int> watched_;
    std::map<int, std::string> directory_of_;
    std::map<std::string, FileStamp> stamps_;  // every file read, as it was then
    std::uint64_t alerts_ = 0;
    bool page_dirty_ = false;
    bool page_warned_ = false;
};

}  // namespace

int run_watch(const WatchOptions& options) {
    Watch watch(options);
    return watch.run();
}

}  // namespace drawaudit::app
