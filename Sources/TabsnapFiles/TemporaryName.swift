import Foundation

/// How Tabsnap names what it writes before moving it into place:
/// `.NAME.tabsnap-PID-RANDOM-HOST.tmp` beside the target. The marker, the writer's process id and
/// a tag of its host name and process-id namespace let a later run on the same machine recognise — and remove — the
/// leftovers of a process that was killed, without touching anything else (nor the live
/// temporaries of a process on another machine or container sharing the folder).
package enum TemporaryName {
    static let marker = ".tabsnap-"
    static let suffix = ".tmp"

    /// A fresh temporary path for `target`, in the same folder (so the final rename stays on one
    /// file system).
    public static func beside(_ target: URL) -> URL {
        inside(target.deletingLastPathComponent(), for: target.lastPathComponent)
    }

    /// A fresh temporary path in `folder`, derived from `name`.
    public static func inside(_ folder: URL, for name: String) -> URL {
        let random = String(UInt32.random(in: 0...UInt32.max), radix: 16)
        return folder.appendingPathComponent(".\(name)\(marker)\(getpid())-\(random)-\(hostTag)\(suffix)")
    }

    /// The writer's process id when `name` is one of our temporary names, else nil.
    public static func writerProcess(of name: String) -> pid_t? {
        writer(of: name)?.pid
    }

    /// Whether `name` is a temporary of a Tabsnap process on this host (running, or one the sweep
    /// will remove): a name of the pattern with another host's tag proves nothing.
    public static func isThisHosts(_ name: String) -> Bool {
        writer(of: name)?.host == hostTag
    }

    /// Process id and host tag of one of our temporary names.
    static func writer(of name: String) -> (pid: pid_t, host: String)? {
        guard name.hasPrefix("."), name.hasSuffix(suffix), let markerRange = name.range(of: marker, options: .backwards) else {
            return nil
        }
        let tail = name[markerRange.upperBound..<name.index(name.endIndex, offsetBy: -suffix.count)]
        let parts = tail.split(separator: "-")
        guard parts.count == 3, let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1], radix: 16) != nil,
              parts[2].count == 8, UInt32(parts[2], radix: 16) != nil else { return nil }
        return (pid, String(parts[2]))
    }

    /// FNV-1a of the host name and the process-id namespace, 8 hex digits: process ids only
    /// mean something on their host, in their namespace (hostile round 110: a run in a container
    /// sharing the host's name and a folder took a live writer of the host for a dead one of its
    /// own, and swept its frames away mid-write).
    static let hostTag: String = {
        var buffer = [CChar](repeating: 0, count: 256)
        gethostname(&buffer, buffer.count - 1)
        var name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        // `pid:[4026531836]`: the namespace's identity (none where /proc is not mounted).
        var link = [CChar](repeating: 0, count: 64)
        let length = readlink("/proc/self/ns/pid", &link, link.count - 1)
        if length > 0 { name += "\u{0}" + String(decoding: link.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self) }
        var hash: UInt32 = 2_166_136_261
        for byte in name.utf8 { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        let hex = String(hash, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }()
}
