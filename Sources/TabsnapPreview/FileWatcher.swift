import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Calls `changed` with the paths that changed among those it is told to watch, a few
/// milliseconds after an editor's save settles. Watches their folders with inotify (editors save
/// by writing a new file and renaming it over the old, which a watch on the file itself would
/// lose); where inotify is missing it polls modification times every 250 ms instead.
public final class FileWatcher: @unchecked Sendable {
    private let lock = NSLock()
    private var paths: Set<String> = []
    /// Folders whose every entry is reported (where new spec files may appear).
    private var listed: Set<String> = []
    private var folders: [Int32: String] = [:]
    private var inotify: Int32 = -1
    private var stopped = false
    private let changed: @Sendable (Set<String>) -> Void
    /// A save is over when no event has come for this long (an editor's write and rename arrive
    /// well within it)…
    static let quiet: Int32 = 10  // milliseconds
    /// …or at the latest this long after its first event.
    static let settle: TimeInterval = 0.05

    /// A watcher that calls `changed`, on its own thread, with the standardized absolute paths of
    /// what changed. It opens an inotify instance now (polling if it cannot), but watches nothing
    /// until `watch(_:folders:)` and reports nothing until `start()`.
    public init(changed: @escaping @Sendable (Set<String>) -> Void) {
        self.changed = changed
        #if canImport(Glibc)
        inotify = inotify_init1(Int32(IN_CLOEXEC | IN_NONBLOCK))
        #endif
    }

    /// Whether changes are seen through inotify; false where it could not be opened (the watcher
    /// then polls every 250 ms), and once a stopped watcher has closed it.
    public var usesInotify: Bool { inotify >= 0 }

    /// The files to watch (absolute paths), and folders to report any change in; the files'
    /// folders are watched as needed.
    public func watch(_ files: Set<String>, folders listedFolders: Set<String> = []) {
        lock.lock()
        defer { lock.unlock() }
        paths = Set(files.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        listed = Set(listedFolders.map { URL(fileURLWithPath: $0).standardizedFileURL.path })
        let wanted = Set(paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path }).union(listed)
        #if canImport(Glibc)
        guard inotify >= 0, !stopped else { return }
        // Under the lock, so an event cannot arrive for a watch not yet in `folders`. A folder
        // not there yet (or removed) is tried again on the next call.
        for folder in wanted.subtracting(folders.values) {
            let descriptor = inotify_add_watch(inotify, folder, Self.mask)
            if descriptor >= 0 { folders[descriptor] = folder }
        }
        #endif
    }

    /// Runs the watcher on a thread of its own until `stop()`.
    public func start() {
        let thread = Thread { [self] in usesInotify ? runInotify() : runPolling() }
        thread.name = "tabsnap.preview.watcher"
        thread.start()
    }

    /// Ends the thread within 200 ms; it closes the inotify descriptor as it goes.
    public func stop() {
        lock.withLock { stopped = true }
    }

    private var isStopped: Bool {
        lock.lock()
        defer { lock.unlock() }
        return stopped
    }

    private func runInotify() {
        #if canImport(Glibc)
        defer { lock.withLock { close(inotify); inotify = -1 } }
        var buffer = [UInt8](repeating: 0, count: 64 << 10)
        while !isStopped {
            var descriptor = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
            guard poll(&descriptor, 1, 200) > 0 else { continue }
            var touched = Set<String>()
            // Drain this save's events: a write and a rename arrive a moment apart.
            let deadline = Date().addingTimeInterval(Self.settle)
            repeat {
                let count = buffer.withUnsafeMutableBytes { read(inotify, $0.baseAddress, $0.count) }
                if count > 0 { touched.formUnion(names(in: buffer, count: count)) }
                var again = pollfd(fd: inotify, events: Int16(POLLIN), revents: 0)
                guard poll(&again, 1, Self.quiet) > 0 else { break }
            } while Date() < deadline
            lock.lock()
            // The queue overflowed (wd -1): events were lost, so everything may have changed.
            if touched.contains(Self.overflowed) { touched = paths.union(listed) }
            // A folder of watched files counts too: one put back at its path is watched again.
            let folderPaths = Set(paths.map { URL(fileURLWithPath: $0).deletingLastPathComponent().path })
            let relevant = touched.filter { paths.contains($0) || listed.contains($0) || folderPaths.contains($0)
                || listed.contains(URL(fileURLWithPath: $0).deletingLastPathComponent().path) }
            lock.unlock()
            if !relevant.isEmpty { changed(relevant) }
        }
        #endif
    }

    #if canImport(Glibc)
    /// What a folder's watch reports: its entries written, made, moved and removed, and its own
    /// move or removal.
    private static let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE | IN_MOVED_FROM | IN_ATTRIB | IN_MOVE_SELF | IN_DELETE_SELF)
    #endif

    /// Stands for "events were lost" among the paths read.
    private static let overflowed = "\u{0}overflow"

    /// The full paths named by the inotify events in `buffer`.
    private func names(in buffer: [UInt8], count: Int) -> Set<String> {
        var found = Set<String>()
        var offset = 0
        let header = 16  // wd, mask, cookie, len: four 32-bit fields
        while offset + header <= count {
            let wd = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset, as: Int32.self) }
            let mask = buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self) }
            let length = Int(buffer.withUnsafeBytes { $0.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self) })
            guard offset + header + length <= count else { break }
            let nameBytes = buffer[(offset + header)..<(offset + header + length)].prefix { $0 != 0 }
            #if canImport(Glibc)
            if mask & UInt32(IN_Q_OVERFLOW) != 0 { found.insert(Self.overflowed) }
            #endif
            let folder: String? = lock.withLock {
                let folder = folders[wd]
                #if canImport(Glibc)
                // The folder is gone (deleted, or its file system unmounted): watch it afresh
                // if it comes back.
                if mask & UInt32(IN_IGNORED) != 0 { folders[wd] = nil }
                // The folder was moved away (or removed), perhaps with another put at its path: a
                // watch follows the folder, not the path, so the page showed the moved one for
                // good (round 44). What was watched there is read again from the path, and the
                // next `watch` call watches what is there now.
                if mask & UInt32(IN_MOVE_SELF | IN_DELETE_SELF) != 0, let folder {
                    // Its subfolders' watches went with it: they are dropped too, and the parent is
                    // watched, so a folder put back at the path later is seen when it comes.
                    for (watch, path) in folders where path == folder || path.hasPrefix(folder + "/") {
                        inotify_rm_watch(inotify, watch)
                        folders[watch] = nil
                    }
                    let parent = URL(fileURLWithPath: folder).deletingLastPathComponent().path
                    if parent != folder, !folders.values.contains(parent) {
                        let watch = inotify_add_watch(inotify, parent, Self.mask)
                        if watch >= 0 { folders[watch] = parent }
                    }
                    found.insert(folder)
                    found.formUnion(paths.union(listed).filter { $0.hasPrefix(folder + "/") })
                }
                #endif
                return folder
            }
            if let folder, !nameBytes.isEmpty { found.insert(folder + "/" + String(decoding: nameBytes, as: UTF8.self)) }
            offset += header + length
        }
        return found
    }

    private func runPolling() {
        var seen: [String: Date] = [:]
        while !isStopped {
            lock.lock()
            // A folder's modification time changes when an entry is added, removed or renamed.
            let watched = paths.union(listed)
            lock.unlock()
            var touched = Set<String>()
            for path in watched {
                let date = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? .distantPast
                if let before = seen[path], before != date { touched.insert(path) }
                seen[path] = date
            }
            if !touched.isEmpty { changed(touched) }
            Thread.sleep(forTimeInterval: 0.25)
        }
    }
}
