import Foundation

/// Where file systems are mounted in this process's view, from `/proc/self/mountinfo`: a
/// folder there is another file system, or a second path to a folder (a bind mount), which no
/// link shows.
package enum MountPoints {
    /// The mount table read (tests point it at nothing, as a /proc mounted over would).
    nonisolated(unsafe) package static var tablePath = "/proc/self/mountinfo"

    /// Each mount point (the table's fifth field, its spaces and other bytes written `\ooo`), as
    /// path bytes; nil where the table cannot be read (no /proc, or one mounted over): callers
    /// then assume the worst of what they cannot tell apart.
    package static func all() -> [[UInt8]]? {
        guard let table = FileManager.default.contents(atPath: tablePath), !table.isEmpty else { return nil }
        var points: [[UInt8]] = []
        for line in table.split(separator: 0x0A) {
            let fields = line.split(separator: 0x20, omittingEmptySubsequences: false)
            guard fields.count > 4 else { continue }
            var point: [UInt8] = [], field = Array(fields[4])[...]
            while let byte = field.popFirst() {
                if byte == UInt8(ascii: "\\"), field.count >= 3, let code = UInt8(String(decoding: field.prefix(3), as: UTF8.self), radix: 8) {
                    point.append(code)
                    field = field.dropFirst(3)
                } else {
                    point.append(byte)
                }
            }
            points.append(point)
        }
        return points
    }
}
