import CSystem
import Foundation

/// Where file systems are mounted in this process's view, from `/proc/self/mountinfo`: a
/// folder there is another file system, or a second path to a folder (a bind mount), which no
/// link shows.
package enum MountPoints {
    /// The mount table read (tests point it at nothing, as a /proc mounted over would).
    nonisolated(unsafe) package static var tablePath = "/proc/self/mountinfo"

    /// Each mount point (the table's fifth field, its spaces and other bytes written `\ooo`), as
    /// path bytes; nil where the table cannot be read or is no mount table (no /proc, or one
    /// mounted over): callers
    /// then assume the worst of what they cannot tell apart.
    package static func all() -> [[UInt8]]? {
        guard let table = readToEnd(tablePath), !table.isEmpty else { return nil }
        var points: [[UInt8]] = []
        for line in table.split(separator: 0x0A) {
            let fields = line.split(separator: 0x20, omittingEmptySubsequences: false)
            // A line of a mount table: two numbers (mount and parent ids), the device, the root,
            // the mount point, and a "-" between the optional fields and the file system. Any
            // other line means this is no mount table (a file mounted over /proc's: hostile
            // round 144 took one for "no mounts" and listed a bind-mounted golden as an orphan).
            guard fields.count >= 10, Int(String(decoding: fields[0], as: UTF8.self)) != nil,
                  Int(String(decoding: fields[1], as: UTF8.self)) != nil, fields[6...].contains(where: { $0.elementsEqual("-".utf8) }) else {
                return nil
            }
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

    /// A file read to its end, whatever size it says: /proc's files say 0, and Foundation's
    /// reading stopped at the first 4 096 bytes, so a mount listed after them was not seen
    /// (hostile round 142: `--prune` deleted another project's goldens bind-mounted inside the
    /// goldens folder on a host of 35 mounts). nil when it cannot be read to its end.
    private static func readToEnd(_ path: String) -> [UInt8]? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var table: [UInt8] = [], chunk = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { return table }
            table += chunk[0..<count]
            // (A table of a million mounts is some 100 MB; past 64 MB, none to trust.)
            guard table.count <= 64 << 20 else { return nil }
        }
    }
}

/// The mount an open file or folder lies on.
package enum MountID {
    /// Whether the system is asked (tests say no, as a kernel before Linux 5.8 would).
    nonisolated(unsafe) package static var isAsked = true

    /// Its mount id (statx's), 0 where the system cannot say.
    package static func of(_ descriptor: Int32) -> UInt64 { isAsked ? UInt64(tabsnap_mount_id(descriptor)) : 0 }

    /// The mount id of what `name` names in the open folder `directory` (a link itself, not
    /// followed), 0 where the system cannot say.
    package static func of(_ name: [UInt8], in directory: Int32) -> UInt64 {
        isAsked ? UInt64(tabsnap_mount_id_in(directory, name.map { CChar(bitPattern: $0) } + [0])) : 0
    }
}
