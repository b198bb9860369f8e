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
    /// `text` with C0/C1 control characters and bidirectional overrides written as escapes
    /// (`\n`, `\t`, `\u{1B}`…).
    static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x0A: out += "\\n"
            case 0x0D: out += "\\r"
            case 0x09: out += "\\t"
            case 0x00...0x1F, 0x7F...0x9F, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069:
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}

/// Bytes to standard output (`-o -`), whole: a closed pipe or a full disk is an error, not a
/// silently short image.
enum StandardOutput {
    static func write(_ bytes: [UInt8]) throws {
        let code = Descriptor.writeAll(1, bytes)
        if code != 0 { throw CLIError("standard output: cannot write (\(String(cString: strerror(code))))") }
    }
}
