import Foundation

/// Every temporary file and folder this process has made and not yet moved into place. On
/// Ctrl-C or SIGTERM they are removed before the process exits (see `InterruptCleanup`); a
/// process killed outright leaves them for the next run's `sweepStale(in:)`.
package final class TemporaryFiles: @unchecked Sendable {
    public static let shared = TemporaryFiles()

    private let lock = NSLock()
    private var paths: Set<String> = []
    private var sweptFolders: Set<String> = []
    private var exiting = false
    /// New folders being filled (`OwnFolder.filling`) and frame folders being staged
    /// (`FrameFolderWriter`), each with what undoes it.
    private var fillings: [String: @Sendable () -> Void] = [:]

    /// Records `url` before it is created, so an interruption between creating and registering
    /// cannot leave it behind. Returns false when the process is already exiting.
    @discardableResult
    public func register(_ url: URL) -> Bool {
        InterruptCleanup.startIfInstalled()
        lock.lock()
        defer { lock.unlock() }
        guard !exiting else { return false }
        paths.insert(url.path)
        return true
    }

    /// Takes `url` back from the clean-up before moving it into place: false when an interruption
    /// is already removing it (then leave it be). After this, an interruption leaves it for the
    /// next run's sweep instead of racing the move.
    public func claim(_ url: URL) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard !exiting else { return false }
        paths.remove(url.path)
        return true
    }

    /// Whether an interruption is cleaning up (the process exits as soon as it is done).
    public var isExiting: Bool {
        lock.lock()
        defer { lock.unlock() }
        return exiting
    }

    /// Forgets `url` (it was moved into place or removed).
    public func unregister(_ url: URL) {
        lock.lock()
        paths.remove(url.path)
        lock.unlock()
    }

    /// Removes `url` (file or folder tree) and forgets it.
    public func discard(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
        unregister(url)
    }

    /// Stops further registrations and says the process is exiting (errors that follow from the
    /// clean-up are then not reported: the interruption's exit status is the one given).
    public func beginExit() {
        lock.withLock { exiting = true }
    }

    /// Records a new folder being filled: on an interruption `undo` removes what this process
    /// wrote there, and the folder. Returns false when the process is already exiting.
    public func registerFilling(_ folder: URL, undo: @escaping @Sendable () -> Void) -> Bool {
        InterruptCleanup.startIfInstalled()
        return lock.withLock {
            guard !exiting else { return false }
            fillings[folder.standardizedFileURL.path] = undo
            return true
        }
    }

    /// Forgets a folder `registerFilling` recorded: it is whole, or its filling failed and was undone.
    public func unregisterFilling(_ folder: URL) {
        lock.withLock { _ = fillings.removeValue(forKey: folder.standardizedFileURL.path) }
    }

    /// Removes everything registered and stops further registrations; the caller exits next.
    public func removeAllForExit() {
        lock.lock()
        exiting = true
        let pending = paths
        let undos = Array(fillings.values)
        paths.removeAll()
        fillings.removeAll()
        lock.unlock()
        // Twice: a writer thread may still be moving a file into a staging folder as it goes
        // (one that took its file back from the clean-up before it began: `claim`).
        for round in 0..<2 {
            for path in pending { try? FileManager.default.removeItem(atPath: path) }
            for undo in undos { undo() }
            if round == 0 && !undos.isEmpty { usleep(20_000) }
        }
    }

    /// Removes temporaries in `folder` left by Tabsnap processes of this host that no longer run
    /// (killed with SIGKILL, or by a power cut). Only names of our own pattern are candidates;
    /// each folder is swept once per process.
    public func sweepStale(in folder: URL) {
        lock.lock()
        let first = sweptFolders.insert(folder.standardizedFileURL.path).inserted
        lock.unlock()
        guard first else { return }
        let directory = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard directory >= 0 else { return }
        defer { close(directory) }
        removeStale(in: directory)
    }

    /// Removes the dead writers' temporaries among the entries of `directory`: a file of our
    /// name pattern, or a folder of it that holds only what a frame folder's staging holds.
    private func removeStale(in directory: Int32) {
        for name in Descriptor.names(in: directory) {
            guard let writer = TemporaryName.writer(of: name), writer.host == TemporaryName.hostTag,
                  writer.pid != getpid(), !Self.isRunning(writer.pid) else { continue }
            // This user's own, as a killed run of theirs left it: another user's file of that
            // name is not (hostile round 129: root's file was swept by its name alone).
            var info = stat()
            guard fstatat(directory, name, &info, AT_SYMLINK_NOFOLLOW) == 0, info.st_uid == geteuid() else { continue }
            if unlinkat(directory, name, 0) != 0 && (errno == EISDIR || errno == EPERM) { Self.removeFolder(name, in: directory) }
        }
    }

    /// `sweepStale(in:)` for a folder reached through an open descriptor (a kept folder's,
    /// `HeldFolder`): names are listed and removed relative to it, never through its path.
    public func sweepStale(in folder: URL, at directory: Int32) {
        lock.lock()
        let first = sweptFolders.insert(folder.standardizedFileURL.path).inserted
        lock.unlock()
        guard first else { return }
        removeStale(in: directory)
    }

    /// A temporary folder (a frame folder's staging) and its files, through descriptors, no
    /// link followed; only when it holds nothing but frames, their `frames.json` and our own
    /// temporaries: a folder given one of our names by someone else, with their files in it,
    /// was emptied by name alone (hostile round 46).
    private static func removeFolder(_ name: String, in directory: Int32) {
        let folder = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard folder >= 0 else { return }
        defer { close(folder) }
        let entries = Descriptor.names(in: folder)
        guard entries.allSatisfy({ isStagedFrameFile($0) || isStateFolderIgnore($0, in: folder) }) else { return }
        // With a whole manifest it may be an earlier run's frame folder, swapped out of place by
        // a writer killed while it removed it: a frame someone edited during that run is theirs
        // (hostile round 112: the sweep deleted it by its name). Left, unless the manifest
        // vouches for every frame. A killed writer's own staging holds its manifest cut off
        // (written as frames are): removed, as its frames are its own (round 113).
        if entries.contains(FrameFileName.manifest) {
            let earlier = EarlierFrames(directory: folder)
            guard !earlier.isManifest || entries.filter(FrameFileName.isFrame).allSatisfy({ earlier.wrote($0) }) else { return }
        }
        for entry in entries { unlinkat(folder, entry, 0) }
        unlinkat(directory, name, AT_REMOVEDIR)
    }

    /// A `.tabsnap` folder's staging holds its `.gitignore` of `*` (`StateFolder`).
    private static func isStateFolderIgnore(_ name: String, in folder: Int32) -> Bool {
        guard name == ".gitignore" else { return false }
        let file = openat(folder, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var bytes = [UInt8](repeating: 0, count: 512)
        let count = bytes.withUnsafeMutableBytes { read(file, $0.baseAddress, $0.count) }
        return count >= 0 && Array(bytes.prefix(count)) == Array(StateFolder.gitignore.utf8)
    }

    /// What a frame folder's staging holds: `frame-0042.png` (or `.svg`), `frames.json`, and
    /// temporaries of our own pattern.
    private static func isStagedFrameFile(_ name: String) -> Bool {
        name == FrameFileName.manifest || FrameFileName.isFrame(name) || TemporaryName.writer(of: name) != nil
    }

    /// `sweepStale(in:)` for `folder` and every folder below it (hidden ones aside).
    public func sweepStaleTree(in folder: URL) {
        sweepStale(in: folder)
        guard let walker = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isDirectoryKey],
                                                          options: [.skipsHiddenFiles]) else { return }
        while let url = walker.nextObject() as? URL {
            if (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true { sweepStale(in: url) }
        }
    }

    static func isRunning(_ pid: pid_t) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
