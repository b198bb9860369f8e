import Foundation
import TabsnapModel

/// What reading spec-like files for the names they hold may cost together in one run: bytes
/// read, and names looked for in the file system. A goldens folder (or the specs beside one
/// checked) may hold 1 000 spec-like files of 1 MB, each with a hundred thousand words: each
/// word was looked for, and a `check` of one golden would have taken half an hour (hostile round
/// 99: 104 s for 60 such files, mostly the system's time). Past either bound a file is not read
/// (or not to its end) and its reader says so (`UnreadableSpecNames.reading`): the caller counts
/// it as a spec that cannot be read, so no file without Tabsnap's golden mark is recorded over —
/// the guard that holds for any spec whose names are unknown.
public final class NameBudget {
    /// Bytes of spec-like files read for names in one run.
    public static let bytes = 16 << 20
    /// Paths looked for in the file system in one run (about 10 µs each: a second in all).
    public static let lookUps = 100_000

    /// What a path is, as the system opens it.
    enum Target: Equatable {
        case none
        case file(String)
        case folder(String)
    }

    private var bytesLeft: Int
    private var lookUpsLeft: Int
    /// Paths looked for already, by their bytes: specs beside each other name the same files.
    private var known: [ExactText: Target] = [:]

    /// A budget of `bytes` and `lookUps` (the limits by default).
    public init(bytes: Int = NameBudget.bytes, lookUps: Int = NameBudget.lookUps) {
        bytesLeft = bytes
        lookUpsLeft = lookUps
    }

    /// Whether any bytes are left to read (a file past them is not opened).
    var hasBytesLeft: Bool { bytesLeft > 0 }

    /// Takes `count` bytes; false (and nothing taken) when fewer are left.
    func takeBytes(_ count: Int) -> Bool {
        guard count <= bytesLeft else { return false }
        bytesLeft -= count
        return true
    }

    /// What `path` is, resolved as the kernel resolves it (`l/../x.png` through a link `l` is
    /// not `x.png` beside it); nil when the look-ups have run out.
    func lookUp(_ path: String) -> Target? {
        let key = ExactText(path)
        if let target = known[key] { return target }
        guard lookUpsLeft > 0 else { return nil }
        lookUpsLeft -= 1
        let target = Self.resolve(path)
        known[key] = target
        return target
    }

    private static func resolve(_ path: String) -> Target {
        guard let resolved = realpath(path, nil) else { return .none }
        let real = String(cString: resolved)
        free(resolved)
        var info = stat()
        guard stat(real, &info) == 0 else { return .none }
        switch info.st_mode & S_IFMT {
        case S_IFREG: return .file(real)
        case S_IFDIR: return .folder(real)
        default: return .none
        }
    }
}
