import Foundation
import Tabsnap

/// Writes one line of text for a person. Values from specs and file names end up in messages,
/// so control characters are shown escaped: a newline or an ANSI escape in a spec value cannot
/// forge a second `error:` line or recolour the terminal.
func printLine(_ text: String, to stream: FileHandle) {
    writeOut(Array((TerminalText.escaped(text) + "\n").utf8), to: stream)
}

/// Writes bytes as they are (JSON for a pipe). Not FileHandle.write: it traps when the other end
/// has gone away.
func writeOut(_ bytes: [UInt8], to stream: FileHandle) {
    Descriptor.writeAll(stream.fileDescriptor, bytes)
}

enum TerminalText {
    /// `text` with control, bidirectional and invisible characters written as escapes
    /// (`VisibleText`: what `a11y` prints is what its golden keeps).
    static func escaped(_ text: String) -> String { VisibleText.escaped(text) }
}

/// Bytes to standard output (`-o -`), whole: a closed pipe or a full disk is an error, not a
/// silently short image.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) throws {
        let code = Descriptor.writeAll(1, bytes)
        if code != 0 { throw CLIError("standard output: cannot write (\(String(cString: strerror(code))))") }
    }
}
