import Foundation

/// How Tabsnap names what it writes before moving it into place: `.NAME.tabsnap-PID-RANDOM.tmp`
/// beside the target. The marker and the writer's process id let a later run recognise — and
/// remove — the leftovers of a process that was killed, without touching anything else.
public enum TemporaryName {
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
        return folder.appendingPathComponent(".\(name)\(marker)\(getpid())-\(random)\(suffix)")
    }

    /// The writer's process id when `name` is one of our temporary names, else nil.
    public static func writerProcess(of name: String) -> pid_t? {
        guard name.hasPrefix("."), name.hasSuffix(suffix), let markerRange = name.range(of: marker, options: .backwards) else {
            return nil
        }
        let tail = name[markerRange.upperBound..<name.index(name.endIndex, offsetBy: -suffix.count)]
        let parts = tail.split(separator: "-")
        guard parts.count == 2, let pid = pid_t(parts[0]), pid > 0, UInt32(parts[1], radix: 16) != nil else { return nil }
        return pid
    }
}
