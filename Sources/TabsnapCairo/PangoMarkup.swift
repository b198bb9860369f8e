import CPango

/// Pango's own verdict on markup. The spec reader checks markup first (with the spec's line);
/// this is the backstop, so markup pango refuses is drawn as its raw text rather than dropped
/// (pango's `set_markup` would leave the title empty and print a warning).
public enum PangoMarkup {
    /// Pango's message when it refuses `markup`, else nil.
    public static func problem(_ markup: String) -> String? {
        var error: UnsafeMutablePointer<GError>?
        guard pango_parse_markup(markup, -1, 0, nil, nil, nil, &error) == 0 else { return nil }
        defer { if let error { g_error_free(error) } }
        return error.map { String(cString: $0.pointee.message) } ?? "invalid markup"
    }

    /// The text pango reads out of `markup`, nil when it refuses it (for tests that hold the
    /// spec reader's plain text to pango's).
    package static func plainText(_ markup: String) -> String? {
        var text: UnsafeMutablePointer<CChar>?
        guard pango_parse_markup(markup, -1, 0, nil, &text, nil, nil) != 0 else { return nil }
        defer { g_free(text) }
        return text.map { String(cString: $0) } ?? ""
    }

    /// Sets `markup` on the layout, or its raw text when pango refuses it.
    static func set(_ markup: String, on layout: OpaquePointer) {
        if problem(markup) == nil {
            pango_layout_set_markup(layout, markup, -1)
        } else {
            pango_layout_set_text(layout, markup, -1)
        }
    }
}

/// GLib's logging (pango's and librsvg's warnings) kept off a command-line user's terminal:
/// Tabsnap reports problems itself, as one-line errors.
package enum GlibLog {
    public static func silence() {
        g_log_set_writer_func({ _, _, _, _ in G_LOG_WRITER_HANDLED }, nil, nil)
    }
}
