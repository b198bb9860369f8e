import Foundation

/// Proof that Tabsnap wrote a file in a folder it keeps (the demo and spec galleries, `check`'s
/// artifacts): the folder's ledger, `.tabsnap-written`, records the SHA-256 of every file put
/// there, and a file is Tabsnap's to replace or delete only when it is a regular file (not a
/// link) whose content hashes to what the ledger holds for its path. A name, an extension or a
/// format is no proof: a user's notes saved as `bar.actual.png`, or their own `rtl.pdf`, are not
/// ours, and the folder holding them is refused.
///
/// The ledger is appended to before a file is renamed into place, so a run killed between the
/// two leaves both the old content and the new one recorded (either is ours). `compact()`
/// rewrites it with only what is there now. The ledger names paths relative to the folder, one
/// line each: `SHA256 IDENTITY PATH` (the path percent-encoded), after a first line
/// `tabsnap-written 1 KIND`, where KIND says which kind of folder it is (`gallery`, `artifacts`,
/// `report-pictures`: `OwnFolder.claim`), so a command proves it wrote a file itself, not only
/// that some Tabsnap command did (hostile round 72: `report merge` emptied a gallery named like
/// its pictures folder). A ledger of Tabsnap before 0.17.0 has no KIND; the first claim gives it one. The identity — inode, size and modification time to the nanosecond, as
/// Tabsnap left the file — spares hashing a file that is still exactly the one written (a rename
/// keeps all three; any write changes the time); a file whose identity differs (copied, restored,
/// edited) is judged by its hash.
///
/// The folder is held open from the moment it is kept (`HeldFolder`): the ledger and every file
/// are reached through it, so swapping the folder's path for a link changes nothing.
package final class Authorship: @unchecked Sendable {
    package static let ledgerName = ".tabsnap-written"
    static let header = "tabsnap-written 1"

    /// The folder, symbolic links resolved (as `StagedFile` resolves its targets).
    package let folder: URL
    /// The folder, held open: every file in it is reached through this.
    package let held: HeldFolder
    /// Why the ledger cannot be used (a link, not a ledger…): nothing then counts as ours and
    /// nothing can be recorded.
    package let problem: FileError?
    private let lock = NSLock()
    /// Which kind of folder this is (see the type's comment), nil until a claim or the ledger says.
    package private(set) var kind: String?
    /// What was written at each path: hashes, and the identities of those files.
    private var recorded: [String: Set<String>] = [:]
    private var identities: [String: Set<String>] = [:]
    /// The identities of the files this process recorded, by path (its own writes, not another
    /// run's read from the ledger).
    private var writtenHere: [String: Set<String>] = [:]
    /// Run as root, the owner of the folder owner's ledger read here (nil for root's own, or
    /// when none was read): its word counts only for files that user could remove themselves.
    private var ledgerOwner: uid_t?

    /// Reads the folder's ledger (none yet: nothing is recorded).
    init(folder: URL) {
        self.folder = folder
        held = HeldFolder(folder)
        let ledger = folder.appendingPathComponent(Self.ledgerName)
        switch Self.readLedger(in: held) {
        case .none:
            problem = nil
        case .notOwn:
            problem = FileError(path: ledger.path, reason: "is not a regular file of its own (a link?), so not a ledger tabsnap wrote; remove it or choose another folder")
        case .notLedger:
            problem = FileError(path: ledger.path, reason: "is not a ledger tabsnap wrote; remove it or choose another folder")
        case .anotherUsers:
            problem = FileError(path: ledger.path, reason: "belongs to another user, so it proves nothing about what tabsnap wrote here "
                                + "(yours would be your own); remove it, or run as its owner, or choose another folder")
        case .entries(let entries, let kind, let owner):
            problem = nil
            self.kind = kind
            merge(entries, owner: owner)
        }
    }

    private enum LedgerFile {
        case none, notOwn, notLedger, anotherUsers
        case entries([(path: String, hash: String, identity: String)], kind: String?, owner: uid_t)
    }

    /// The ledger in the held folder: missing, not a file of its own, not a ledger, or its lines.
    private static func readLedger(in held: HeldFolder) -> LedgerFile {
        guard let directory = try? held.open(creating: false) else { return .none }
        defer { close(directory) }
        let descriptor = openat(directory, ledgerName, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return errno == ENOENT ? .none : .notOwn }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else { return .notOwn }
        guard mayVouch(info, in: directory) else { return .anotherUsers }
        guard Int(info.st_size) <= ledgerBytes,
              let bytes = try? BoundedRead.readAll(descriptor, size: Int(info.st_size), name: ledgerName),
              let (entries, kind) = entries(of: bytes) else { return .notLedger }
        return .entries(entries, kind: kind, owner: info.st_uid)
    }

    /// Whether a record of what Tabsnap wrote (a ledger, a frame folder's manifest), with status
    /// `record`, in the folder open at `directory`, may vouch for the files in it: this user's
    /// own, or, run as root, the folder owner's (who may remove anything in it already). Hostile
    /// round 132: another user's ledger in a shared sticky folder (like /tmp), listing the hash
    /// or even just the inode and times of this user's files, made this user's passing check
    /// delete them and `gallery`/`demo` replace them — a power its writer did not have.
    package static func mayVouch(_ record: stat, in directory: Int32) -> Bool {
        if record.st_uid == geteuid() { return true }
        var folder = stat()
        return geteuid() == 0 && fstat(directory, &folder) == 0 && folder.st_uid == record.st_uid
    }

    /// A ledger's lines, (path, hash, identity), and its kind; nil when the bytes are not a ledger.
    private static func entries(of bytes: [UInt8]) -> ([(path: String, hash: String, identity: String)], kind: String?)? {
        // Empty: a ledger that was being made when the disk filled (Tabsnap before 0.16.0
        // created it empty first). It records nothing, so it proves nothing is ours.
        if bytes.isEmpty { return ([], nil) }
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        guard let first = lines.first, first == Substring(header) || first.hasPrefix(header + " ") else { return nil }
        let kind = first == Substring(header) ? nil : String(first.dropFirst(header.count + 1))
        guard kind?.allSatisfy({ ("a"..."z").contains($0) || $0 == "-" }) ?? true else { return nil }
        return (lines.dropFirst().compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 2)
            guard parts.count == 3, parts[0].count == 64, let path = String(parts[2]).removingPercentEncoding else { return nil }
            return (path, String(parts[0]), String(parts[1]))
        }, kind)
    }

    /// The ledger's first line.
    private var headerLine: String { kind.map { Self.header + " " + $0 } ?? Self.header }

    /// Makes the folder one of `kind` (see the type's comment), when it is of no kind yet;
    /// whether it is of that kind now. The ledger says so from its next write on.
    package func take(kind: String) -> Bool {
        lock.withLock {
            if self.kind == nil { self.kind = kind }
            return self.kind == kind
        }
    }

    /// Takes the lines of a ledger read from the folder, whose owner is `owner` (call holding
    /// `lock`, or from `init`). Run as root, a ledger of another owner (the folder owner's, the
    /// only other that may vouch) makes every line count only for what that owner could remove
    /// (`ownerAllows`) — whenever it is read: one put in place after this run began counts so too
    /// (review of round 133); a ledger of a third owner after that is not taken.
    private func merge(_ entries: [(path: String, hash: String, identity: String)], owner: uid_t) {
        if owner != geteuid() {
            if let known = ledgerOwner, known != owner { return }
            ledgerOwner = owner
        }
        merge(entries)
    }

    private func merge(_ entries: [(path: String, hash: String, identity: String)]) {
        for entry in entries {
            recorded[entry.path, default: []].insert(entry.hash)
            identities[entry.path, default: []].insert(entry.identity)
        }
    }

    /// Runs `body` holding the folder's lock (`flock` on the folder itself: no file of ours
    /// beside the user's): another Tabsnap process appending to the ledger while this one rewrites
    /// it would lose its lines, and its files would no longer count as ours. Nil when the lock
    /// cannot be had within about 10 s: another program keeps the folder locked — a preview or a
    /// check holding it as its goldens folder, shared, for as long as it runs — and waiting
    /// without a bound hung `gallery` and `demo` (hostile round 53); nothing is done then.
    /// Whether the folder's lock could not be had once: the run does not wait for it again.
    private var lockRefused: Bool {
        get { refusal.withLock { refused } }
        set { refusal.withLock { refused = newValue } }
    }
    private let refusal = NSLock()
    private var refused = false

    private func holdingFolder<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T? {
        guard let descriptor = try? held.open(creating: false) else { return try body() }
        defer { close(descriptor) }
        var waited = 0, waitedExiting = 0
        while flock(descriptor, LOCK_EX | LOCK_NB) != 0 {
            guard errno == EWOULDBLOCK || errno == EINTR, !lockRefused else { return nil }
            if TemporaryFiles.shared.isExiting {
                // The exit's clean-up (undoing a folder the run made): a worker recording a file
                // holds the lock a moment, and giving up at once left a stopped gallery's new
                // folder half made (hostile round 58: 3 to 10 % of stops on a busy machine); a
                // lock held longer (another program's) is not waited for.
                guard waitedExiting < 40 else { return nil }
                usleep(5_000)
                waitedExiting += 1
                continue
            }
            guard waited < 100 else {
                // Refused once, not waited for again (a gallery's compaction at its end waited
                // another 10 s: round 54).
                lockRefused = true
                return nil
            }
            usleep(100_000)
            waited += 1
        }
        defer { flock(descriptor, LOCK_UN) }
        return try body()
    }

    private static let registry = NSLock()
    nonisolated(unsafe) private static var kept: [String: Authorship] = [:]

    /// The ledger of `folder`, one per folder in this process, shared by every writer: from now
    /// on every file `StagedFile` commits inside the folder is recorded in it before it takes its
    /// name.
    @discardableResult
    package static func keep(_ folder: URL) -> Authorship {
        // Known by the path it was kept under first: that path may be a link by now.
        let given = folder.standardizedFileURL.path
        let resolved = resolved(folder)
        let (ledger, new) = registry.withLock { () -> (Authorship, Bool) in
            if let known = kept[given] ?? kept[resolved.path] {
                kept[given] = known
                return (known, false)
            }
            let ledger = Authorship(folder: resolved)
            kept[resolved.path] = ledger
            kept[given] = ledger
            return (ledger, true)
        }
        // Only `check` compacts at its start; writers that never claim (the Swift assertions)
        // would grow the ledger without end: past 1 MB it is compacted when first kept.
        var info = stat()
        if new, ledger.problem == nil, lstat(resolved.appendingPathComponent(ledgerName).path, &info) == 0, info.st_size > 1 << 20 {
            ledger.compact()
        }
        return ledger
    }

    /// `url` with symbolic links resolved, also when its last parts do not exist yet (Foundation
    /// leaves such a path unresolved, and a folder kept under one name would be missed under the
    /// other): the deepest existing ancestor is resolved and the rest appended.
    package static func resolved(_ url: URL) -> URL {
        // Resolved and judged in one walk. Another user's link in a shared sticky folder is not
        // followed: the folder is then opened at the path as given, which refuses the link,
        // naming it (`HeldFolder`).
        switch SharedFolderLinks.walk(url) {
        case .success(let resolved): return resolved
        case .failure: return url.standardizedFileURL
        }
    }

    /// The kept folder `target` (a resolved path) is inside, and its path relative to it; nil
    /// outside every kept folder, and for a ledger itself.
    /// Both the path a folder was kept under and its resolved path lead to it.
    static func keeping(_ target: URL) -> (Authorship, String)? {
        guard target.lastPathComponent != ledgerName else { return nil }
        let path = target.standardizedFileURL.path
        return registry.withLock {
            // The innermost kept folder holding the path (folders may nest).
            guard let (folder, ledger) = kept.filter({ path.hasPrefix($0.key + "/") }).max(by: { $0.key.count < $1.key.count }) else { return nil }
            return (ledger, String(path.dropFirst(folder.count + 1)))
        }
    }

    /// 16 MB: about 150 000 lines, far beyond the files one folder gets between compactions.
    static let ledgerBytes = 16 << 20

    /// Whether the file at `path` (relative to the folder) is one Tabsnap wrote: a regular file
    /// whose SHA-256 the ledger holds for that path, reached without following a link on the way.
    package func wrote(_ path: String) -> Bool {
        guard problem == nil, let hashes = lock.withLock({ recorded[path] }), !hashes.isEmpty,
              let (directory, name) = try? held.parent(of: path, creating: false) else { return false }
        defer { close(directory) }
        let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return false }
        guard ownerAllows(info, in: directory, at: path) else { return false }
        if lock.withLock({ identities[path]?.contains(Self.identity(info)) }) == true { return true }
        guard let hash = Self.hash(of: descriptor), hashes.contains(hash) else { return false }
        // Proven by content: its identity now spares the next look.
        lock.withLock { _ = identities[path, default: []].insert(Self.identity(info)) }
        return true
    }

    /// Whether the ledger's word may count for the file with status `info` at `path`, in the
    /// folder open at `directory`. Run as root on the folder owner's ledger, whose lines anyone
    /// that user is may have written, only for files they could remove themselves: in a folder
    /// of theirs, or their own (hostile round 133: another user's private file in a subfolder of
    /// theirs, named in the ledger by its identity, which `stat` tells anyone, was deleted by
    /// root's passing check). What this process wrote is its own to judge. Callers that remove
    /// or replace ask again on the descriptor they act through, so a folder swapped for another
    /// in between is judged as it is acted on.
    package func ownerAllows(_ info: stat, in directory: Int32, at path: String) -> Bool {
        guard let owner = lock.withLock({ ledgerOwner }), lock.withLock({ writtenHere[path]?.contains(Self.identity(info)) }) != true else { return true }
        var holder = stat()
        return fstat(directory, &holder) == 0 && (holder.st_uid == owner || info.st_uid == owner)
    }

    /// Whether the file at `path` (relative to the folder) is one this process wrote there (by
    /// its identity, not followed through a link): a file another run, or anyone else, put there
    /// since is not.
    package func wroteHere(_ path: String) -> Bool {
        guard let identity = identity(at: path) else { return false }
        return lock.withLock { writtenHere[path]?.contains(identity) ?? false }
    }

    /// Inode, size and modification time (ns) of a file.
    static func identity(_ info: stat) -> String {
        "\(info.st_ino)-\(info.st_size)-\(info.st_mtim.tv_sec).\(info.st_mtim.tv_nsec)"
    }

    /// The identity of the file at `path` in the folder (a regular file, not followed through a link).
    private func identity(at path: String) -> String? {
        guard let (directory, name) = try? held.parent(of: path, creating: false) else { return nil }
        defer { close(directory) }
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        return Self.identity(info)
    }

    /// The SHA-256 of the file at `path` in the folder (a regular file, not followed through a link).
    private func hash(at path: String) -> String? {
        guard let (directory, name) = try? held.parent(of: path, creating: false) else { return nil }
        defer { close(directory) }
        let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return Self.hash(of: descriptor)
    }

    /// Deletes the file at `path` when Tabsnap wrote it (`wrote`) and it is this user's to
    /// remove (`OutputTarget.Protection`: hostile round 129, a passing check deleted root's
    /// read-only copies of its artifacts, which replacing would have refused); whether it did.
    @discardableResult
    package func removeIfWritten(_ path: String) -> Bool {
        guard wrote(path), let (directory, name) = try? held.parent(of: path, creating: false) else { return false }
        defer { close(directory) }
        var info = stat()
        guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0, ownerAllows(info, in: directory, at: path),
              OutputTarget.protection(of: info, writable: faccessat(directory, name, W_OK, 0) == 0) == nil,
              unlinkat(directory, name, 0) == 0 else { return false }
        lock.withLock { recorded[path] = nil }
        return true
    }

    /// Removes each of `paths` that is the very file this process wrote there (its inode, size
    /// and time, not only its bytes) and that no other run recorded a file at too, then runs
    /// `then`, all with the folder locked, as other runs record and name their files: a run
    /// undoing a folder it made while another filled it at the same time with the same pictures
    /// removed the other's files, which then said "Wrote 34 files", exit 0 (hostile round 44).
    /// The ledger is read once. Returns the paths removed.
    @discardableResult
    package func removeWrittenHereAlone(_ paths: [String], then: () -> Void = {}) -> [String] {
        holdingFolder { () -> [String] in
            defer { then() }
            guard problem == nil, case .entries(let entries, _, _) = Self.readLedger(in: held) else { return [] }
            var recordedThere: [String: Set<String>] = [:]
            for entry in entries { recordedThere[entry.path, default: []].insert(entry.identity) }
            var removed: [String] = []
            for path in paths {
                let own = lock.withLock { writtenHere[path] ?? [] }
                guard !own.isEmpty, (recordedThere[path] ?? []).isSubset(of: own),
                      let (directory, name) = try? held.parent(of: path, creating: false) else { continue }
                defer { close(directory) }
                var info = stat()
                guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFREG,
                      own.contains(Self.identity(info)), unlinkat(directory, name, 0) == 0 else { continue }
                lock.withLock { recorded[path] = nil }
                removed.append(path)
            }
            return removed
        } ?? []
    }

    /// Records a file's hash and identity under `path`, then runs `naming`, which gives the file
    /// its name, with the folder still locked: another process's `compact`, which takes the
    /// lock, never sees the line without its file (it dropped the line, and the file was then
    /// not provably Tabsnap's).
    package func record(hash: String, identity: String, at path: String, naming: () throws(FileError) -> Void) throws(FileError) {
        if let problem { throw problem }
        // The folder's lock first, then this object's, as `compact` takes them (the other
        // order could deadlock two threads).
        let done: Void? = try holdingFolder { () throws(FileError) in
            try append(hash: hash, identity: identity, at: path)
            try naming()
        }
        guard done != nil else {
            throw FileError(path: folder.path, reason: "is locked (flock) by another program for over 10 s (a preview or a check using it as its goldens folder?); not writing into it")
        }
    }

    /// Appends a file's line to the ledger (the folder locked by the caller).
    private func append(hash: String, identity: String, at path: String) throws(FileError) {
        let line = hash + " " + identity + " " + Self.encoded(path) + "\n"
        lock.lock()
        defer { lock.unlock() }
        let ledger = folder.appendingPathComponent(Self.ledgerName)
        let directory = try held.open(creating: true)
        defer { close(directory) }
        // A new ledger appears whole or not at all (a full disk must not leave an empty or
        // half-written one behind, which later runs would refuse).
        var existing = stat()
        if fstatat(directory, Self.ledgerName, &existing, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT {
            try held.replaceWhole(Self.ledgerName, with: Array((headerLine + "\n" + line).utf8))
            recorded[path, default: []].insert(hash)
            identities[path, default: []].insert(identity)
            writtenHere[path, default: []].insert(identity)
            return
        }
        let descriptor = openat(directory, Self.ledgerName, O_WRONLY | O_APPEND | O_NOFOLLOW | O_CLOEXEC)
        guard descriptor >= 0 else { throw FileError.system(ledger.path, "cannot write", errno: errno) }
        defer { close(descriptor) }
        var bytes = [UInt8]()
        var info = stat()
        // Never appended to through a hard link (another name of a user's file).
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG, info.st_nlink == 1 else {
            throw FileError(path: ledger.path, reason: "is not a regular file of its own (a hard link?); not writing into it")
        }
        if info.st_size == 0 { bytes += Array((headerLine + "\n").utf8) }
        bytes += Array(line.utf8)
        let code = Descriptor.writeAll(descriptor, bytes)
        if code != 0 {
            // Part of a line would join the next one and lose it: cut back what was added.
            _ = ftruncate(descriptor, info.st_size)
            throw FileError.system(ledger.path, "cannot write", errno: code)
        }
        recorded[path, default: []].insert(hash)
        identities[path, default: []].insert(identity)
        writtenHere[path, default: []].insert(identity)
    }

    /// Reads the ledger again, keeping what it held: another Tabsnap process writing into the
    /// same folder at the same time records its files there after this one read it, and those
    /// were refused as files Tabsnap did not write (round 43: two runs at once). Called before a
    /// refusal, not for every file.
    package func readAgain() {
        guard problem == nil, case .entries(let entries, _, let owner) = Self.readLedger(in: held) else { return }
        lock.withLock { merge(entries, owner: owner) }
    }

    /// Rewrites the ledger with the files that are there now and are Tabsnap's (`wrote`), each
    /// with its hash and present identity. Quietly leaves the ledger as it is when it cannot be
    /// rewritten.
    package func compact() {
        guard problem == nil else { return }
        _ = holdingFolder {
            // What other processes appended since this one read the ledger is theirs to keep.
            if case .entries(let entries, _, let owner) = Self.readLedger(in: held) {
                lock.withLock { merge(entries, owner: owner) }
            }
            compactHoldingFolder()
        }
    }

    private func compactHoldingFolder() {
        // Only a ledger that may vouch is rewritten: this user's own, or, run as root, the folder
        // owner's, which keeps its owner (`replaceWhole`) — another user's (in a folder both may
        // write) would become this user's (hostile round 130, even by a run then refused), and a
        // folder only root writes into would grow its owner's ledger without end.
        if let directory = try? held.open(creating: false) {
            defer { close(directory) }
            var info = stat()
            if fstatat(directory, Self.ledgerName, &info, AT_SYMLINK_NOFOLLOW) == 0,
               !Self.mayVouch(info, in: directory) || OutputTarget.protection(of: info, writable: faccessat(directory, Self.ledgerName, W_OK, 0) == 0) != nil {
                return
            }
        }
        let paths = lock.withLock { Array(recorded.keys) }
        var kept: [(path: String, hash: String, identity: String)] = []
        for path in paths.sorted() where wrote(path) {
            // wrote() proved it by identity or by hash; a file proven by identity keeps the hash
            // it was written with (one of the recorded ones: the one whose write left that identity).
            guard let identity = identity(at: path) else { continue }
            let hashes = lock.withLock { recorded[path] ?? [] }
            let hash = hashes.count == 1 ? hashes.first : self.hash(at: path)
            if let hash, hashes.contains(hash) { kept.append((path, hash, identity)) }
        }
        lock.withLock {
            recorded = Dictionary(uniqueKeysWithValues: kept.map { ($0.path, [$0.hash]) })
            identities = Dictionary(uniqueKeysWithValues: kept.map { ($0.path, [$0.identity]) })
            let lines = kept.map { "\($0.hash) \($0.identity) \(Self.encoded($0.path))" }
            let text = ([headerLine] + lines).joined(separator: "\n") + "\n"
            try? held.replaceWhole(Self.ledgerName, with: Array(text.utf8))
        }
    }

    /// The SHA-256 of a regular file (nil for a link, a folder, a missing or unreadable file),
    /// read in pieces so a large artifact needs no large buffer.
    package static func hash(ofFileAt url: URL) -> String? {
        let descriptor = open(url.path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        return hash(of: descriptor)
    }

    /// The SHA-256 of an open regular file, read from where the descriptor stands.
    package static func hash(of descriptor: Int32) -> String? {
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        var hash = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return nil }
            if count == 0 { break }
            buffer.withUnsafeBytes { hash.update(UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
        }
        return hash.finish()
    }

    private static func encoded(_ path: String) -> String {
        path.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: "/._-@"))) ?? path
    }
}
