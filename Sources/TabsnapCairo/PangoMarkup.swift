import CPango
import Foundation
import Glibc
import TabsnapFiles

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
/// Tabsnap reports problems itself, as one-line errors. An error GLib cannot go on from
/// (G_LOG_LEVEL_ERROR: it traps next, SIGTRAP and no message, as when pango cannot start its
/// font-matching thread: hostile round 21) is said on one line, temporaries are removed, and
/// the process exits 2.
package enum GlibLog {
    /// Taken by the first thread GLib stops, never given back: the process exits under it.
    private static let fatalLock = NSLock()

    public static func silence() {
        g_log_set_writer_func({ level, fields, count, _ in
            guard level & 4 != 0 else { return G_LOG_WRITER_HANDLED }  // G_LOG_LEVEL_ERROR
            var message = "GLib stopped the process"
            if let fields {
                for index in 0..<count where strcmp(fields[index].key, "MESSAGE") == 0 {
                    guard let value = fields[index].value?.assumingMemoryBound(to: CChar.self) else { continue }
                    let length = fields[index].length
                    let bytes = length < 0 ? Array(UnsafeBufferPointer(start: value, count: strlen(value)))
                                           : Array(UnsafeBufferPointer(start: value, count: Int(length)))
                    message = String(decoding: bytes.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                        .replacingOccurrences(of: "\n", with: " ")
                }
            }
            // One thread says it and cleans up; another that meets the same end waits here for the
            // exit (it had exited at once, while the first still removed a new folder's files,
            // and printed the line twice: round 42).
            GlibLog.fatalLock.lock()
            let line = Array("error: \(message) (a limit reached? on processes or threads: ulimit -u; on memory: ulimit -v)\n".utf8)
            _ = line.withUnsafeBufferPointer { write(2, $0.baseAddress, $0.count) }
            TemporaryFiles.shared.removeAllForExit()
            _exit(2)
        }, nil, nil)
    }
}
