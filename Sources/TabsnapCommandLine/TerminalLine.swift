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
    /// (`VisibleText`), and in a message also what shows as nothing or as a box: zero-width
    /// spaces and joiners of words, the BOM, a soft hyphen, unassigned and private-use code
    /// points (hostile round 24: `names Inter` with a hidden U+200B).
    static func escaped(_ text: String) -> String {
        var out = ""
        for scalar in VisibleText.escaped(text).unicodeScalars {
            let category = scalar.properties.generalCategory
            if [0x00AD, 0x200B, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064, 0xFEFF].contains(scalar.value)
                || category == .unassigned || category == .privateUse {
                out += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(scalar)
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
