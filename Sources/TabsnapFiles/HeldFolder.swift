import CSystem
import Foundation

/// A folder Tabsnap keeps (artifacts, galleries, report pictures), held open from the moment it
/// is kept: every file created, renamed, read back or removed in it is reached through that open
/// folder (`openat`, `renameat`, `unlinkat`), never through its path again. A process that swaps
/// the path for a symbolic link while `check` runs (a `renameat2` exchange in a loop) would
/// otherwise have artifacts written into, and old artifacts' names removed from, the link's
/// target: a folder Tabsnap never checked.
///
/// The folder is opened without following a link (its path has its links resolved when it is
/// kept). When the held folder has been removed (its link count is 0), the folder made in its
/// place is held next: a process may clear its artifacts and check again.
package final class HeldFolder: @unchecked Sendable {
    /// The folder's path, links resolved when it was kept (for messages and for other programs).
    package let path: URL
    private let lock = NSLock()
    private var descriptor: Int32 = -1
    /// While `recordMadeFolders()` asked it: the folders made for it (the folder itself and
    /// folders inside it, not its parents), in the order made, each by its path and identity, so
    /// `removeMadeIfEmpty` removes only a folder made then, and only while that folder is still
    /// the one at that path. No descriptor is kept (a check making hundreds of folders ran out).
    private var made: [MadeFolder] = []
    /// How many runs record made folders (`recordMadeFolders`) now.
    private var recorders = 0
    /// Whether the folder is locked shared while held: the goldens folder (`hold`), so another
    /// run removes the folders it made there only while no run holds it. Not a kept folder's:
    /// its ledger's writer locks it exclusively (`Authorship`), and a shared lock of ours on it
    /// would wait for ever on one in this very process.
    private let locksShared: Bool

    private struct MadeFolder {
        var path: String
        var device: dev_t
        var inode: ino_t
        /// When it was made (0 when the file system keeps no birth time): ext4 gives a folder
        /// made where one was just removed the same inode (hostile round 52).
        var birth: Int64
    }

    /// Holds `folder` (a path with its links resolved) at once when it exists and `eager`, so a
    /// swap made after this moment changes nothing; else when first used (reached without a
    /// link: a parent swapped for one meanwhile is refused, not followed). `locksShared`: see
    /// the property.
    init(_ folder: URL, eager: Bool = true, locksShared: Bool = false) {
        path = folder
        self.locksShared = locksShared
        if eager { lock.withLock { _ = try? heldLocked(creating: false) } }
    }

    private static let registryLock = NSLock()
    nonisolated(unsafe) private static var registry: [String: HeldFolder] = [:]

    /// Holds a folder Tabsnap writes and removes in without a ledger — the goldens folder: a
    /// golden is proven Tabsnap's by its mark, read before it is replaced — so those writes and
    /// removals reach the folder whose goldens were read, not what its path shows later (hostile
    /// round 25: a parent swapped for a link had `--record failed` replace a user's file and
    /// `--prune` remove another suite's goldens). Known by the path given and its resolved path.
    @discardableResult
    package static func hold(_ folder: URL) -> HeldFolder {
        let given = folder.standardizedFileURL.path
        let resolved = Authorship.resolved(folder)
        return registryLock.withLock {
            if let known = registry[given] ?? registry[resolved.path] {
                registry[given] = known
                return known
            }
            let held = HeldFolder(resolved, eager: false, locksShared: true)
            registry[resolved.path] = held
            registry[given] = held
            return held
        }
    }

    /// The held folder (`hold`) `target` is inside, innermost first, and its path there.
    package static func holding(_ target: URL) -> (HeldFolder, String)? {
        let path = target.standardizedFileURL.path
        return registryLock.withLock {
            guard let (folder, held) = registry.filter({ path.hasPrefix($0.key + "/") }).max(by: { $0.key.count < $1.key.count }) else { return nil }
            return (held, String(path.dropFirst(folder.count + 1)))
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Remembers every folder made for the held folder from now on (it and folders in it, not
    /// its parents: another run may be making its own folder beside it), for
    /// `removeMadeIfEmpty`. Runs in one process may overlap: each calls this once and
    /// `removeMadeIfEmpty` once, and the last to end removes.
    package func recordMadeFolders() {
        lock.withLock { recorders += 1 }
    }

    /// Ends a run's recording (`recordMadeFolders`); the last run of the process to end removes
    /// each folder made meanwhile that is empty now, the innermost first — a goldens folder a
    /// check made and recorded nothing into (every write failed on a full disk) is not left
    /// behind, nor its `menus/` —: a folder holding something is kept, whoever put it there.
    /// Each is reached with no link followed, and one made again since (another of that name)
    /// is not touched. Nothing is removed while another process holds the folder (each holds
    /// it locked shared while it is held): it may be about to write into any of them (hostile
    /// round 52: a healthy check's golden failed to be written).
    package func removeMadeIfEmpty() {
        let folders: [MadeFolder]? = lock.withLock { recorders > 0 && takeMadeLocked(ending: true) ? made : nil }
        remove(folders)
    }

    /// Takes what was recorded when no run records any more (`ending` counts one run out), and
    /// lets this process's hold go, so that only another process's keeps the folder. Call
    /// holding `lock`; the caller reads `made` and clears it.
    private func takeMadeLocked(ending: Bool) -> Bool {
        if ending { recorders -= 1 }
        guard recorders == 0 else { return false }
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        return true
    }

    /// Removes `folders` (made while recording) that are empty, when the folder can be locked
    /// exclusive: no other process holds it.
    private func remove(_ folders: [MadeFolder]?) {
        guard let folders else { return }
        lock.withLock { made = [] }
        guard !folders.isEmpty, let top = try? Self.openWithoutLinks(path, creating: false) else { return }
        defer { close(top) }
        guard flock(top, LOCK_EX | LOCK_NB) == 0 else { return }
        Self.remove(folders)
    }

    /// The folders of every held folder made by runs still recording, removed when empty, for an
    /// exit on a signal (the interrupt clean-up): a stopped check left the empty folders it made
    /// (hostile round 52). A worker holding a held folder's lock is waited for a moment (it may
    /// be making a folder); one that keeps it (waiting on the folder's `flock`) is passed over:
    /// the exit must not wait.
    package static func removeMadeForExit() {
        let folders = registryLock.withLock { Array(registry.values) }
        var done = Set<ObjectIdentifier>()
        for folder in folders where done.insert(ObjectIdentifier(folder)).inserted {
            var taken = folder.lock.try()
            for _ in 0..<40 where !taken {
                usleep(5_000)
                taken = folder.lock.try()
            }
            guard taken else { continue }
            var made: [MadeFolder]?
            if folder.recorders > 0 {
                folder.recorders = 0
                _ = folder.takeMadeLocked(ending: false)
                made = folder.made
            }
            folder.lock.unlock()
            folder.remove(made)
        }
    }

    /// When `name` in `directory` was made, in nanoseconds since 1970; 0 where the system keeps
    /// no birth time.
    private static func birthTime(of name: String, in directory: Int32) -> Int64 {
        #if os(Linux)
        return Int64(tabsnap_birth_time(directory, name))
        #else
        return 0
        #endif
    }

    /// Removes each of `folders` that is empty and still the folder made, innermost first.
    private static func remove(_ folders: [MadeFolder]) {
        for folder in folders.reversed() {
            let url = URL(fileURLWithPath: folder.path)
            guard let parent = try? openWithoutLinks(url.deletingLastPathComponent(), creating: false) else { continue }
            var info = stat()
            if fstatat(parent, url.lastPathComponent, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_mode & S_IFMT == S_IFDIR,
               info.st_dev == folder.device, info.st_ino == folder.inode,
               birthTime(of: url.lastPathComponent, in: parent) == folder.birth {
                unlinkat(parent, url.lastPathComponent, AT_REMOVEDIR)  // ENOTEMPTY: kept
            }
            close(parent)
        }
    }

    /// Makes `name` (at `path`) in `directory` and, when this call made it and folders are
    /// recorded, remembers it. Call holding `lock` when `locked`.
    /// Made and remembered under `lock`, and not at all once the process is exiting: a folder
    /// made between the exit's look at what was made and the exit itself was left (a check
    /// stopped while it made a spec's folder: the test that stops checks failed once in this
    /// stop's five full runs).
    private func makeFolder(_ name: String, at path: String, in directory: Int32, locked: Bool) {
        func make() {
            guard !TemporaryFiles.shared.isExiting, mkdirat(directory, name, 0o777) == 0 else { return }  // EEXIST: there already
            var info = stat()
            guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return }
            // Run as root in another user's folder, what it makes there is theirs (as its files
            // are, `StagedFile`).
            var parent = stat()
            if geteuid() == 0, fstat(directory, &parent) == 0, parent.st_uid != 0 {
                let made = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                if made >= 0 {
                    _ = fchown(made, parent.st_uid, parent.st_gid)
                    close(made)
                }
            }
            // Only the held folder and folders in it (its missing parents are made for it too).
            if recorders > 0, path == self.path.path || path.hasPrefix(self.path.path + "/") {
                made.append(MadeFolder(path: path, device: info.st_dev, inode: info.st_ino, birth: Self.birthTime(of: name, in: directory)))
            }
        }
        if locked { make() } else { lock.withLock(make) }
    }

    /// A new descriptor of the held folder — an open file description of its own, so `flock` on
    /// it excludes other threads too — which the caller closes. `creating` makes the folder (and
    /// its parents) when it does not exist.
    package func open(creating: Bool) throws(FileError) -> Int32 {
        lock.lock()
        defer { lock.unlock() }
        let held = try heldLocked(creating: creating)
        let copy = openat(held, ".", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard copy >= 0 else { throw FileError.system(path.path, "cannot open", errno: errno) }
        return copy
    }

    /// The folder holding `relative` (a path inside the held folder), each folder on the way
    /// opened without following a link and made when `creating`, and the file's name in it. The
    /// caller closes the descriptor.
    package func parent(of relative: String, creating: Bool) throws(FileError) -> (directory: Int32, name: String) {
        // (Split by bytes: a name beginning with a combining mark joins the "/" before it into
        // one Character, and split by Characters, two names went to openat as one, the first
        // followed if a link: review of 14f6401.)
        var components = relative.utf8.split(separator: UInt8(ascii: "/")).map { String(decoding: $0, as: UTF8.self) }
        guard let name = components.popLast(), !components.contains(".."), name != "..", name != "." else {
            throw FileError(path: path.appendingPathComponent(relative).path, reason: "is not a path inside \(path.path)")
        }
        // A folder made once the process is exiting would be left: its clean-up has run.
        if creating && TemporaryFiles.shared.isExiting { throw FileError(path: path.appendingPathComponent(relative).path, reason: "interrupted") }
        var directory = try open(creating: creating)
        var reached = path
        for component in components {
            reached.appendPathComponent(component)
            if creating { makeFolder(component, at: reached.path, in: directory, locked: false) }
            let next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            let code = errno
            close(directory)
            guard next >= 0 else { throw Self.openError(path.appendingPathComponent(relative).deletingLastPathComponent(), errno: code) }
            directory = next
        }
        return (directory, name)
    }

    /// Whether the folder held is the one `info` describes (an `lstat` of the path a command was
    /// given): false when another folder was put at that path after it was kept. A folder made
    /// since it was kept is held now.
    package func holds(_ info: stat) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let held = try? heldLocked(creating: false) else { return false }
        var own = stat()
        return fstat(held, &own) == 0 && own.st_dev == info.st_dev && own.st_ino == info.st_ino
    }

    /// Where the held folder is now (the kernel's name for the open folder), when it was moved
    /// since it was held; nil when it was removed or the system cannot say.
    package func placeNow() -> String? {
        lock.lock()
        defer { lock.unlock() }
        var info = stat()
        guard descriptor >= 0, fstat(descriptor, &info) == 0, info.st_nlink > 0 else { return nil }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = readlink("/proc/self/fd/\(descriptor)", &buffer, Int(PATH_MAX))
        guard count > 0 else { return nil }
        return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Where the held folder is now ("now at PATH", or "which was removed") when `given` — the
    /// path it was held for — no longer leads to it: it or a parent was moved away, or something
    /// was put in its place, while Tabsnap wrote into it through its descriptor; nil when the
    /// path still leads there.
    package func movedAway(from given: URL) -> String? {
        // Removed while held (its files with it), then perhaps made again: `holds` would hold the
        // new one and say yes.
        let removed: Bool = lock.withLock {
            var own = stat()
            return descriptor >= 0 && fstat(descriptor, &own) == 0 && own.st_nlink == 0
        }
        if removed { return "which was removed" }
        // The given path's own links (a user's `snaps -> real`) were followed when it was held,
        // and are again: what must not have changed is where they lead, and the folder there.
        var info = stat()
        if Authorship.resolved(given).path == path.path, lstat(path.path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR, holds(info) {
            return nil
        }
        return placeNow().map { "now at \($0)" } ?? "which was removed"
    }

    /// `movedAway(from:)` as the words a message gives after the folder's path: "was moved away
    /// (or something put in its place) while tabsnap ran; WHAT are in the folder it wrote into,
    /// now at …"; nil when the path still leads there. `what` names the files ("the gallery files").
    package func movedAwayReason(from given: URL, holding what: String) -> String? {
        movedAway(from: given).map { "was moved away (or something put in its place) while tabsnap ran; \(what) are in the folder it wrote into, \($0)" }
    }

    /// Lets the held folder go: the next use holds the folder at the path again (reached from
    /// the root with no link followed). For a process that runs for hours (the preview), where
    /// the user may move the folder away and make another in its place between two writes.
    package func release() {
        lock.lock()
        defer { lock.unlock() }
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    /// Writes `bytes` as `name` in the held folder, whole or not at all (a temporary beside it,
    /// then renamed), without a flush: for the folder's ledger, which a later run can rebuild.
    /// A file replaced keeps its permissions and, run as root, its owner and group.
    package func replaceWhole(_ name: String, with bytes: [UInt8]) throws(FileError) {
        let directory = try open(creating: true)
        defer { close(directory) }
        let temporary = TemporaryName.inside(path, for: name)
        guard TemporaryFiles.shared.register(temporary) else { throw FileError(path: path.appendingPathComponent(name).path, reason: "interrupted") }
        defer { TemporaryFiles.shared.unregister(temporary) }
        var existing = stat()
        let replacing = fstatat(directory, name, &existing, AT_SYMLINK_NOFOLLOW) == 0 && existing.st_mode & S_IFMT == S_IFREG
        let file = openat(directory, temporary.lastPathComponent, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else { throw FileError.system(path.appendingPathComponent(name).path, "cannot write", errno: errno) }
        if replacing {
            fchmod(file, existing.st_mode & 0o777)
            // Root compacts the folder owner's ledger (Authorship.mayVouch): it stays theirs.
            if geteuid() == 0, existing.st_uid != 0 || existing.st_gid != getegid() { _ = fchown(file, existing.st_uid, existing.st_gid) }
        } else if geteuid() == 0 {
            // A new one root writes in another user's folder is theirs, as what root makes there
            // is (`makeFolder`, `StagedFile`): a root-owned ledger refused their next run there
            // (hostile round 136).
            var folder = stat()
            if fstat(directory, &folder) == 0, folder.st_uid != 0 { _ = fchown(file, folder.st_uid, folder.st_gid) }
        }
        let code = Descriptor.writeAll(file, bytes)
        let closed = close(file) == 0 ? 0 : errno
        let renamed = code == 0 && closed == 0 ? (renameat(directory, temporary.lastPathComponent, directory, name) == 0 ? 0 : errno) : 0
        if code != 0 || closed != 0 || renamed != 0 {
            unlinkat(directory, temporary.lastPathComponent, 0)
            throw FileError.system(path.appendingPathComponent(name).path, "cannot write", errno: code != 0 ? code : closed != 0 ? closed : renamed)
        }
    }

    /// The held descriptor, opened (and the folder made, when `creating`) if there is none or the
    /// held folder was removed. Call holding `lock`.
    private func heldLocked(creating: Bool) throws(FileError) -> Int32 {
        if descriptor >= 0 {
            var info = stat()
            if fstat(descriptor, &info) == 0 && info.st_nlink > 0 { return descriptor }
            close(descriptor)  // removed: hold the folder made in its place
            descriptor = -1
        }
        for _ in 0..<3 {
            let opened = try Self.openWithoutLinks(path, creating: creating) { parent, name, path in makeFolder(name, at: path, in: parent, locked: true) }
            // Held locked shared while held: another run removes the folders it made only when
            // no run holds the folder (`removeMadeIfEmpty`), which locks it exclusive for a
            // moment. Waited for without blocking, and not for ever: a program that keeps it
            // locked would otherwise stop every write here, and Ctrl-C with them.
            var waited = 0
            while locksShared && flock(opened, LOCK_SH | LOCK_NB) != 0 {
                guard errno == EWOULDBLOCK || errno == EINTR, waited < 100, !TemporaryFiles.shared.isExiting else {
                    close(opened)
                    throw FileError(path: path.path, reason: "is locked (flock) by another program; tabsnap holds it shared while it writes there")
                }
                usleep(100_000)
                waited += 1
            }
            var info = stat()
            if fstat(opened, &info) == 0 && info.st_nlink > 0 {
                descriptor = opened
                return opened
            }
            close(opened)  // removed while the lock was awaited: the folder at the path now
        }
        throw FileError(path: path.path, reason: "was removed while tabsnap opened it (another run removing the folders it made?); run again")
    }

    /// `folder` (a path whose links were resolved when it was kept) opened one component at a
    /// time from the root, none followed if it is a link now (made when missing and `creating`):
    /// a parent swapped for a link since the folder was kept is refused, not walked through.
    /// `make` makes a missing folder, given the folder it goes in, its name and its path (by
    /// default, `mkdirat`).
    package static func openWithoutLinks(_ folder: URL, creating: Bool,
                                         make: (Int32, String, String) -> Void = { mkdirat($0, $1, 0o777); _ = $2 }) throws(FileError) -> Int32 {
        var directory = Glibc.open("/", O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { throw openError(folder, errno: errno) }
        var reached = URL(fileURLWithPath: "/")
        for component in folder.standardizedFileURL.pathComponents.dropFirst() {
            reached.appendPathComponent(component)
            var next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            if next < 0 && errno == ENOENT && creating {
                make(directory, component, reached.path)  // EEXIST: made meanwhile, opened below
                next = openat(directory, component, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            }
            let code = errno
            close(directory)
            guard next >= 0 else { throw openError(folder, errno: code) }
            directory = next
        }
        return directory
    }

    private static func openError(_ folder: URL, errno code: Int32) -> FileError {
        if code == ELOOP || code == ENOTDIR, let link = SharedFolderLinks.untrusted(on: folder) {
            return FileError(path: folder.path, reason: SharedFolderLinks.reason(link))
        }
        if code == ELOOP || code == ENOTDIR {
            return FileError(path: folder.path, reason: "is no longer reached without a link (a link was put in its place or a parent's?); tabsnap does not write through it")
        }
        return FileError.system(folder.path, code == ENOENT ? "cannot create" : "cannot open", errno: code)
    }
}
