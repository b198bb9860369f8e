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
    /// Paths looked for in the file system in one run, a named folder's files each counting as one
    /// (about 10 µs each: a second in all).
    public static let lookUps = 100_000

    /// Said after a spec's path among those that cannot be read, when its names were not all
    /// read: then no file at all is recorded over (`UnmarkedGoldens`), marked or not, since a
    /// golden a spec names as its icon would be an input replaced.
    public static let note = " (past what is read of spec-like files for their names: \(bytes >> 20) MB, \(lookUps) paths)"

    /// `path` as one of the specs that cannot be read, with `note`.
    public static func partlyRead(_ path: String) -> String { path + note }

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
    /// Folders listed already, by their real paths.
    private var listings: [ExactText: [String]] = [:]

    /// A budget of `bytes` and `lookUps` (the limits by default).
    public init(bytes: Int = NameBudget.bytes, lookUps: Int = NameBudget.lookUps) {
        bytesLeft = bytes
        lookUpsLeft = lookUps
    }

    /// Whether a file of `size` bytes fits what is left (asked before it is opened).
    func fits(_ size: Int) -> Bool { size <= bytesLeft }

    /// Takes `count` bytes; false when fewer are left, and then none are left: the next files
    /// are not read either (each would be read whole before being refused).
    func takeBytes(_ count: Int) -> Bool {
        guard count <= bytesLeft else {
            bytesLeft = 0
            return false
        }
        bytesLeft -= count
        return true
    }

    /// The regular files in the folder at the real path `folder` (the first `limit` names,
    /// sorted): listed once for the run, each name listed counting as a look-up (hostile round
    /// 100: 32 768 spellings of one folder, `./d`, `.//d`, each listed 5 000 files again:
    /// 177 s). nil when the look-ups have run out.
    func files(inFolder folder: String, limit: Int) -> [String]? {
        let key = ExactText(folder)
        if let known = listings[key] { return known }
        guard lookUpsLeft > 0 else { return nil }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        guard names.count <= lookUpsLeft else {
            lookUpsLeft = 0
            return nil
        }
        lookUpsLeft -= max(names.count, 1)
        var files: [String] = []
        var info = stat()
        for name in names.sorted().prefix(limit) {
            let file = folder + "/" + name
            if stat(file, &info) == 0, info.st_mode & S_IFMT == S_IFREG { files.append(file) }
        }
        listings[key] = files
        return files
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
