import Foundation
import TabsnapFiles

/// A frame folder's staging folder, held open, and the lock its frames are written, moved into
/// place and removed under. The writer and the interrupt clean-up share it, the clean-up holding
/// it strongly: when an interruption comes as the writer is being let go (dropped on an error),
/// the clean-up still waits for the writer's own removal instead of the process exiting in the
/// middle of it (found by this stop's review).
final class StagingFolder: @unchecked Sendable {
    /// The folder, held open (closed when this goes).
    let directory: Int32
    /// The folder holding it (the output's parent, or the earlier run's folder), and its name
    /// there. `home` is the writer's descriptor: used only until the folder is settled, and the
    /// writer settles it before closing `home`.
    let home: Int32
    let name: String

    private let lock = NSLock()
    private var state = State.open

    private enum State {
        case open
        /// `finish()` began: the frames went into place, or were discarded by its error.
        case finished
        /// An interruption (or the writer let go unfinished) removed the folder.
        case abandoned
    }

    init(directory: Int32, home: Int32, name: String) {
        self.directory = directory
        self.home = home
        self.name = name
    }

    deinit { close(directory) }

    /// Runs `body` holding the lock, while the folder is open (a frame written into it).
    func whileOpen<T>(_ body: () throws(FileError) -> T, output: URL) throws(FileError) -> T {
        lock.lock()
        defer { lock.unlock() }
        guard state == .open else { throw closed(output) }
        return try body()
    }

    /// Runs `body` holding the lock, once: the frames moved into place (or discarded) by it. An
    /// interruption that began before it, still removing other temporaries, removes this folder
    /// instead: the output stays as it was.
    func finish<T>(_ body: () throws(FileError) -> T, output: URL) throws(FileError) -> T {
        lock.lock()
        defer { lock.unlock() }
        guard state == .open else { throw closed(output) }
        state = .finished
        if TemporaryFiles.shared.isExiting {
            remove()
            throw FileError(path: output.path, reason: "interrupted")
        }
        return try body()
    }

    /// The interrupt clean-up, and the writer let go unfinished: the folder removed, unless
    /// `finish` began (an interruption then waits for it: the output is whole, new or old).
    func abandon() {
        lock.withLock {
            guard state == .open else { return }
            state = .abandoned
            remove()
        }
    }

    /// Its files, then the folder (it holds files only). The caller holds the lock.
    func remove() {
        for entry in Descriptor.names(in: directory) { unlinkat(directory, entry, 0) }
        unlinkat(home, name, AT_REMOVEDIR)
    }

    private func closed(_ output: URL) -> FileError {
        FileError(path: output.path, reason: state == .abandoned ? "interrupted" : "finish() was called already")
    }
}
