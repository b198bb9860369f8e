// The sandbox child's entry and the parent's spawn and wait. See include/csandbox.h.
#define _GNU_SOURCE
#include "csandbox.h"

#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/auxv.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define TABSNAP_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define TABSNAP_SANITIZED 1
#endif

extern char **environ;

// The child is told apart by its first argument and an environment entry together, so neither a
// stray variable nor an odd argv[0] alone turns a normal run into a probe.
static const char child_name[] = "tabsnap-sandbox";
static const char child_marker[] = "TABSNAP_SANDBOX_CHILD=1";
// What the child reads on standard input at most (an icon is at most 8 MB; a font request is
// texts and file names).
static const size_t input_limit = 64u << 20;

static int started_with_us = 0;
// The executable, opened at start: a child is started from it even after the file at its path
// is deleted or replaced (a package upgrade during a preview session), so the child is always
// this very program.
static int executable_fd = -1;

int tabsnap_sandbox_available(void) { return started_with_us; }

// Standard input, output or error closed at start (`<&-`, `>&-`): each is opened on /dev/null,
// so no file opened later takes their number. Else the executable opened at start became
// descriptor 0, the child's input (the icon's bytes) was moved onto it, and the child started
// from /proc/self/fd/3 was the icon — run as a program, outside the sandbox, when it began with
// `#!` (hostile round 93); and a file opened later on 1 would take what is printed.
static void open_closed_standard_descriptors(void) {
    for (int fd = 0; fd <= 2; fd++) {
        if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
        int opened = open("/dev/null", fd == 0 ? O_RDONLY : O_WRONLY);
        if (opened >= 0 && opened != fd) close(opened);  // (the lowest free number: fd itself)
    }
}

// A descriptor moved to 10 or above, close-on-exec, so the spawn's moves onto 0 to 3 never
// overwrite one with another; the original closed. -1 stays -1. Under a descriptor limit of 10 or
// less (`ulimit -n 10`) it goes to 3 or above instead: 0 to 2 are open from the start
// (open_closed_standard_descriptors), and the moves onto them come first.
static int above_standard(int fd) {
    if (fd < 0 || fd >= 10) return fd;
    int moved = fcntl(fd, F_DUPFD_CLOEXEC, 10);
    if (moved < 0 && fd >= 3) return fd;
    if (moved < 0) moved = fcntl(fd, F_DUPFD_CLOEXEC, 3);
    int saved = errno;
    close(fd);
    errno = saved;
    return moved;
}

static int is_child(int argc, char **argv) {
    if (argc < 4 || argv == NULL || argv[0] == NULL || strcmp(argv[0], child_name) != 0) return 0;
    const char *value = getenv("TABSNAP_SANDBOX_CHILD");
    return value != NULL && strcmp(value, "1") == 0;
}

static void limit(int resource, rlim_t value) {
    struct rlimit limits = {value, value};
    if (resource == RLIMIT_CPU) limits.rlim_max = value + 1;  // SIGXCPU at the soft limit, SIGKILL a second later
    setrlimit(resource, &limits);
}

static uint8_t *read_input(size_t *length) {
    size_t capacity = 1 << 16, used = 0;
    uint8_t *bytes = malloc(capacity);
    if (bytes == NULL) return NULL;
    for (;;) {
        if (used == capacity) {
            if (capacity >= input_limit) { free(bytes); return NULL; }
            capacity *= 2;
            uint8_t *grown = realloc(bytes, capacity);
            if (grown == NULL) { free(bytes); return NULL; }
            bytes = grown;
        }
        ssize_t got = read(0, bytes + used, capacity - used);
        if (got == 0) break;
        if (got < 0) {
            if (errno == EINTR) continue;
            free(bytes);
            return NULL;
        }
        used += (size_t)got;
    }
    *length = used;
    return bytes;
}

// The child's peak resident memory, as its last line on standard error: the parent's view of it
// (wait4's maxrss) would include the parent's own, shared until exec.
static void report_peak(void) {
    FILE *status = fopen("/proc/self/status", "r");
    if (status == NULL) return;
    char line[256];
    while (fgets(line, sizeof(line), status) != NULL) {
        long kilobytes;
        if (sscanf(line, "VmHWM: %ld kB", &kilobytes) == 1) fprintf(stderr, "\n" TABSNAP_SANDBOX_PEAK " %ld\n", kilobytes);
    }
    fclose(status);
}

// argv: tabsnap-sandbox MEMORY_MB CPU_SECONDS (icon|font) ARGUMENTS…
static int run_child(int argc, char **argv) {
    long memory_mb = strtol(argv[1], NULL, 10), cpu_seconds = strtol(argv[2], NULL, 10);
    if (memory_mb <= 0 || cpu_seconds <= 0) return TABSNAP_SANDBOX_BAD_REQUEST;
#ifndef TABSNAP_SANITIZED
    // The budget is resident memory, watched by the parent (`tabsnap_sandbox_wait`) and
    // reported by the child at its end: at an address-space limit an allocation fails, and
    // FreeType and cairo go on without the glyph or layer they could not make (FreeType's
    // emboldening cannot even report it), so the child would draw less than the renderer and
    // pass. The address space is only capped, far above the budget, as a backstop.
    // AddressSanitizer reserves terabytes for its shadow: under it there is no cap.
    limit(RLIMIT_AS, (rlim_t)memory_mb << 22);
#endif
    limit(RLIMIT_CPU, (rlim_t)cpu_seconds);
    limit(RLIMIT_CORE, 0);
    limit(RLIMIT_FSIZE, 0);  // the child writes no files (EFBIG, not SIGXFSZ: ignored below)
    signal(SIGXFSZ, SIG_IGN);
    size_t length = 0;
    uint8_t *input = read_input(&length);
    if (input == NULL) return TABSNAP_SANDBOX_BAD_REQUEST;
    int result = TABSNAP_SANDBOX_BAD_REQUEST;
    if (strcmp(argv[3], "icon") == 0) result = tabsnap_sandbox_probe_icon(argc - 4, argv + 4, input, length);
    if (strcmp(argv[3], "font") == 0) result = tabsnap_sandbox_probe_font(argc - 4, argv + 4, input, length);
    if (strcmp(argv[3], "scan") == 0) result = tabsnap_sandbox_probe_scan(argc - 4, argv + 4, input, length);
    free(input);
    report_peak();
    return result;
}

// Runs before `main` in every process that has this code from its start: notes that the sandbox
// can be used, and in a sandbox child does the probe and exits, so `main` never runs there.
__attribute__((constructor)) static void tabsnap_sandbox_entry(int argc, char **argv, char **envp) {
    (void)envp;
    // Only as part of the program itself: a library opened later (a plugin) also runs its
    // constructors, and starting that host program again would run the host's `main`.
    Dl_info ours, program;
    void *entry = (void *)getauxval(AT_ENTRY);
    if (!dladdr((void *)&tabsnap_sandbox_available, &ours) || entry == NULL || !dladdr(entry, &program)
        || ours.dli_fbase != program.dli_fbase) {
        return;
    }
    started_with_us = 1;
    if (!is_child(argc, argv)) {
        open_closed_standard_descriptors();
        // By the path /proc/self/exe names (valgrind and similar tools answer for their client
        // there; opening /proc/self/exe itself would open the tool).
        char path[4096];
        ssize_t length = readlink("/proc/self/exe", path, sizeof(path) - 1);
        if (length > 0) {
            path[length] = 0;
            executable_fd = above_standard(open(path, O_RDONLY | O_CLOEXEC));
        }
        return;
    }
    close(3);  // the parent's executable, passed as the file to start (tabsnap_sandbox_spawn)
    int result = run_child(argc, argv);
    if (result == TABSNAP_SANDBOX_BAD_REQUEST) fprintf(stderr, "tabsnap-sandbox: not a request tabsnap made (TABSNAP_SANDBOX_CHILD is for tabsnap's own use)\n");
    fflush(stderr);
    _exit(result);  // no atexit handlers or destructors of the parent's libraries
}

pid_t tabsnap_sandbox_spawn(const char *executable, const char *const *arguments,
                            const uint8_t *input, size_t input_length, int *error_out) {
    // (Every descriptor moved onto 0 to 3 below comes from 10 or above: see above_standard.)
    int memory = above_standard(memfd_create("tabsnap-sandbox-input", MFD_CLOEXEC));
    if (memory < 0) return -1;
    size_t written = 0;
    while (written < input_length) {
        ssize_t wrote = write(memory, input + written, input_length - written);
        if (wrote < 0 && errno == EINTR) continue;
        if (wrote <= 0) { int saved = errno; close(memory); errno = saved ? saved : EIO; return -1; }
        written += (size_t)wrote;
    }
    lseek(memory, 0, SEEK_SET);
    int pipe_ends[2];
    if (pipe2(pipe_ends, O_CLOEXEC) != 0) { int saved = errno; close(memory); errno = saved; return -1; }
    pipe_ends[0] = above_standard(pipe_ends[0]);
    pipe_ends[1] = above_standard(pipe_ends[1]);
    if (pipe_ends[0] < 0 || pipe_ends[1] < 0) {
        int saved = errno;
        close(memory);
        if (pipe_ends[0] >= 0) close(pipe_ends[0]);
        if (pipe_ends[1] >= 0) close(pipe_ends[1]);
        errno = saved;
        return -1;
    }

    // argv: our name, then the arguments; the environment: ours and the marker.
    size_t count = 0;
    while (arguments[count] != NULL) count++;
    size_t environment_count = 0;
    while (environ != NULL && environ[environment_count] != NULL) environment_count++;
    char **argv = calloc(count + 2, sizeof(char *));
    char **envp = calloc(environment_count + 3, sizeof(char *));
    pid_t pid = -1;
    int saved = ENOMEM;
    posix_spawn_file_actions_t actions;
    posix_spawnattr_t attributes;
    if (argv != NULL && envp != NULL && posix_spawn_file_actions_init(&actions) == 0) {
        if (posix_spawnattr_init(&attributes) == 0) {
            argv[0] = (char *)child_name;
            for (size_t index = 0; index < count; index++) argv[index + 1] = (char *)arguments[index];
            size_t kept = 0;
            for (size_t index = 0; index < environment_count; index++) {
                if (strncmp(environ[index], "TABSNAP_SANDBOX_CHILD=", 22) != 0 && strncmp(environ[index], "SWIFT_BACKTRACE=", 16) != 0) {
                    envp[kept++] = environ[index];
                }
            }
            envp[kept++] = (char *)child_marker;
            // A crash there is a verdict, not a report: no Swift backtrace on the terminal.
            envp[kept] = (char *)"SWIFT_BACKTRACE=enable=no";
            posix_spawn_file_actions_adddup2(&actions, memory, 0);
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0);
            posix_spawn_file_actions_adddup2(&actions, pipe_ends[1], 2);
            // The executable as descriptor 3, started as /proc/self/fd/3 (see executable_fd).
            const char *start = executable;
            if (executable_fd >= 0) {
                posix_spawn_file_actions_adddup2(&actions, executable_fd, 3);
                start = "/proc/self/fd/3";
            }
            // Nothing else of the parent's (the preview's sockets, open outputs) reaches the child.
            posix_spawn_file_actions_addclosefrom_np(&actions, executable_fd >= 0 ? 4 : 3);
            // Signals the parent ignores or blocks (SIGPIPE, SIGINT in a worker) act normally there.
            sigset_t none, all;
            sigemptyset(&none);
            sigfillset(&all);
            posix_spawnattr_setsigmask(&attributes, &none);
            posix_spawnattr_setsigdefault(&attributes, &all);
            posix_spawnattr_setflags(&attributes, POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF);
            int failed = posix_spawn(&pid, start, &actions, &attributes, argv, envp);
            if (failed != 0) { pid = -1; saved = failed; }
            posix_spawnattr_destroy(&attributes);
        }
        posix_spawn_file_actions_destroy(&actions);
    }
    free(argv);
    free(envp);
    close(memory);
    close(pipe_ends[1]);
    if (pid < 0) { close(pipe_ends[0]); errno = saved; return -1; }
    *error_out = pipe_ends[0];
    return pid;
}

static long now_ms(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (long)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

// Keeps the last bytes of what the child writes.
static void keep_tail(tabsnap_sandbox_end *end, const char *bytes, size_t count) {
    size_t capacity = sizeof(end->error_tail) - 1, held = strlen(end->error_tail);
    if (count >= capacity) {
        memcpy(end->error_tail, bytes + count - capacity, capacity);
        end->error_tail[capacity] = 0;
        return;
    }
    if (held + count > capacity) {
        size_t drop = held + count - capacity;
        memmove(end->error_tail, end->error_tail + drop, held - drop);
        held -= drop;
    }
    memcpy(end->error_tail + held, bytes, count);
    end->error_tail[held + count] = 0;
}

// Resident kilobytes of a running process, or -1.
static long resident_kb(pid_t pid) {
    char path[64];
    snprintf(path, sizeof(path), "/proc/%d/statm", (int)pid);
    int descriptor = open(path, O_RDONLY | O_CLOEXEC);
    if (descriptor < 0) return -1;
    char text[128];
    ssize_t got = read(descriptor, text, sizeof(text) - 1);
    close(descriptor);
    if (got <= 0) return -1;
    text[got] = 0;
    long size = 0, resident = 0;
    if (sscanf(text, "%ld %ld", &size, &resident) != 2) return -1;
    return resident * (sysconf(_SC_PAGESIZE) / 1024);
}

void tabsnap_sandbox_wait(pid_t pid, int error_fd, long timeout_ms, long memory_kb, tabsnap_sandbox_end *end) {
    memset(end, 0, sizeof(*end));
    long deadline = now_ms() + timeout_ms;
    int reading = 1;
    struct rusage usage;
    memset(&usage, 0, sizeof(usage));
    for (;;) {
        pid_t done = wait4(pid, &end->status, WNOHANG, &usage);
        if (done == pid) break;
        if (done < 0 && errno != EINTR) {  // reaped elsewhere (SIGCHLD ignored, a signal's clean-up): no verdict
            end->lost = 1;
            break;
        }
        long left = deadline - now_ms();
        long resident = resident_kb(pid);
        if (resident > end->peak_kb) end->peak_kb = resident;
        if (left <= 0 || resident > memory_kb) {
            kill(pid, SIGKILL);
            while (wait4(pid, &end->status, 0, &usage) < 0 && errno == EINTR) {}
            if (left <= 0) end->timed_out = 1; else end->over_memory = 1;
            break;
        }
        if (!reading) {  // standard error closed: the child is ending (or hides its end)
            usleep(1000);
            continue;
        }
        struct pollfd watched = {error_fd, POLLIN, 0};
        int ready = poll(&watched, 1, left < 10 ? (int)left : 10);
        if (ready > 0) {
            char buffer[4096];
            ssize_t got = read(error_fd, buffer, sizeof(buffer));
            if (got > 0) keep_tail(end, buffer, (size_t)got);
            else if (got == 0 || errno != EINTR) reading = 0;
        }
    }
    if (reading) {  // what it wrote just before it ended
        char buffer[4096];
        ssize_t got;
        int flags = fcntl(error_fd, F_GETFL);
        fcntl(error_fd, F_SETFL, flags | O_NONBLOCK);
        while ((got = read(error_fd, buffer, sizeof(buffer))) > 0) keep_tail(end, buffer, (size_t)got);
    }
    close(error_fd);
    end->cpu_ms = (usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000
        + (usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000;
}
