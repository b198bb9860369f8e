// The sandbox child: how Tabsnap bounds the time and memory of drawing what a spec brings (SVG
// icons, font files) when neither librsvg nor cairo can be interrupted. The process that renders
// runs a probe of each new icon or font in a child of itself first: this code, started by the
// same executable before its `main` (a constructor), with address-space and CPU limits. Only
// what the child drew within them is drawn in the process itself. See Sandbox/ in TabsnapCairo.
#pragma once
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

// Exit codes of the child (anything else, or a signal, is a crash or a limit hit).
enum {
    TABSNAP_SANDBOX_DREW = 0,
    TABSNAP_SANDBOX_BAD_REQUEST = 2,
    TABSNAP_SANDBOX_OUT_OF_MEMORY = 3,
    TABSNAP_SANDBOX_REFUSED = 4,
    TABSNAP_SANDBOX_NO_LIBRSVG = 5,
    // The icon probe could not watch the sizes pango sets text at (CSandbox/text_sizes.c).
    TABSNAP_SANDBOX_NO_TEXT_WATCH = 6,
    // The icon probe could not read what librsvg skips (CSandbox/ignored_css.c).
    TABSNAP_SANDBOX_NO_CSS_WATCH = 7,
};

/// 1 when this code ran at the start of the process (it is in the executable or a library it was
/// linked with), so the executable started again runs the child instead of its `main`.
int tabsnap_sandbox_available(void);

/// Starts the executable again as a sandbox child: `arguments` (NULL-terminated) after the
/// child's own first argument, `input` as its standard input (a memory file: no pipe to feed),
/// its standard error on a pipe whose reading end goes to `*error_out`. Returns the child's pid,
/// or -1 with errno set.
pid_t tabsnap_sandbox_spawn(const char *executable, const char *const *arguments,
                            const uint8_t *input, size_t input_length, int *error_out);

/// How a child ended.
typedef struct {
    /// The wait status (WIFEXITED …), valid unless `timed_out`.
    int status;
    /// Killed by us after `timeout_ms` of wall time.
    int timed_out;
    /// Killed by us when its resident memory went over `memory_kb`.
    int over_memory;
    /// Reaped by someone else (SIGCHLD ignored by the host): how it ended is unknown.
    int lost;
    /// Its CPU time (user + system, ms), and the most resident memory seen while it ran (KB).
    long cpu_ms;
    long peak_kb;
    /// The last bytes it wrote to standard error (NUL-terminated).
    char error_tail[1024];
} tabsnap_sandbox_end;

/// Waits for the child at most `timeout_ms`, and while its resident memory stays within
/// `memory_kb` (else kills it with SIGKILL and reaps it), reading its standard error from
/// `error_fd`, which it closes.
void tabsnap_sandbox_wait(pid_t pid, int error_fd, long timeout_ms, long memory_kb, tabsnap_sandbox_end *end);

/// The start of the child's last line on standard error: its peak resident memory in kB.
#define TABSNAP_SANDBOX_PEAK "tabsnap-sandbox-peak-kB"

/// The start of an icon probe's line on standard error saying what its work took (CPU ms):
/// reading the icon, drawing it resting on pixels, moving on pixels, and the costlier of its
/// PDF and SVG drawings (0 for what it did not draw); then the memory reading or drawing it
/// added at most (kB), less the probe's own surfaces; then what its SVG drawing held while drawn,
/// with its bytes, and what cairo kept of it once the surface was gone (bytes; -1 -1 when it
/// was not drawn as SVG).
#define TABSNAP_SANDBOX_ICON_COST "tabsnap-sandbox-icon-cost"

// The probes, called in the child with its arguments (see sandbox.c).
int tabsnap_sandbox_probe_icon(int argc, char **argv, const uint8_t *input, size_t length);
int tabsnap_sandbox_probe_font(int argc, char **argv, const uint8_t *input, size_t length);
int tabsnap_sandbox_probe_scan(int argc, char **argv, const uint8_t *input, size_t length);

/// Whether a CSS declaration librsvg 2.54 skips (a property it does not read, `property: value`
/// as written) draws the same in a browser's still <img>: a property with no effect on a still
/// picture, or at the value that changes nothing (`vector-effect: none`), or one that changes
/// only text when `has_text` is 0. The icon probe lets such declarations through and refuses the
/// rest (ignored_css.c); `SVGBrowserAgreement` asks it of presentation attributes librsvg does
/// not read.
int tabsnap_css_is_harmless(const char *property, const char *value, int has_text);

// The order fontconfig falls back in for characters the asked family lacks: the bundled script
// fonts (Fonts/README.md), the colour emoji, then DejaVu Sans. Every configuration Tabsnap makes
// (the shared bundled one, a spec's with its fonts, and the sandbox's) takes it, so the renderer
// and the sandbox choose the same font for every character. Returns 0 when fontconfig refused it.
struct _FcConfig;
int tabsnap_fonts_add_fallbacks(struct _FcConfig *config);
