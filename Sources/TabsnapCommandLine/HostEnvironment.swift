import Foundation

/// Environment variables through which a host would change what fontconfig, pango, HarfBuzz,
/// cairo or librsvg do
/// inside `tabsnap`: their debug switches write to standard output (hostile round 19: `FC_DEBUG=1`
/// put fontconfig's trace before the PNG of `render -o -` and into `layout`'s JSON, exit 0), and
/// their configuration switches would swap the fonts or backends a picture is drawn with. The
/// command line renders with its own fonts and configuration whatever the host says, so it
/// forgets them before any library reads them (the sandbox's child gets the environment as it is
/// then). The library leaves a caller's process environment alone: that is the caller's.
enum HostEnvironment {
    /// fontconfig's, pango's, HarfBuzz's, cairo's and librsvg's (with gdk-pixbuf's, which decodes
    /// an icon's embedded pictures) variables, from their documentation and sources.
    /// `HB_SHAPER_LIST=fallback` drew Arabic unjoined and Devanagari unshaped (round 20).
    static let forgotten = [
        "FC_DEBUG", "FC_DEBUG_FILE", "FC_DBG_MATCH_FILTER", "FC_MEMORY", "FC_LANG", "FC_NO_MMAP",
        "FONTCONFIG_FILE", "FONTCONFIG_PATH", "FONTCONFIG_SYSROOT", "FONTCONFIG_USE_MMAP",
        "PANGO_LANGUAGE", "PANGOCAIRO_BACKEND", "PANGO_RC_FILE", "PANGO_SYSCONFDIR",
        "HB_SHAPER_LIST", "HB_OPTIONS",
        "CAIRO_DEBUG_PDF", "CAIRO_DEBUG_SVG",
        "RSVG_DEBUG", "RSVG_LOG", "GDK_PIXBUF_MODULE_FILE", "GDK_PIXBUF_MODULEDIR",
    ]

    /// Removes `forgotten` from this process's environment, and gives fontconfig its default
    /// language itself: without `FC_LANG` it reads `LC_ALL`, `LC_CTYPE` and `LANG`, and warned
    /// on standard error of a passing run about a value that is no language tag (hostile round
    /// 37: `LANG=../../etc/passwd`). Every text is laid out in the language its spec asks for, so
    /// the default changes no picture; "en" is what fontconfig takes from the C locale.
    static func forgetRenderingSwitches() {
        for name in forgotten { unsetenv(name) }
        setenv("FC_LANG", "en", 1)
    }
}
