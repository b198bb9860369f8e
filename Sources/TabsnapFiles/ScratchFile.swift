import Foundation

/// A file without a name, beside an output, for bytes too many to keep in memory until the output
/// is written (an animation's compressed frames: hostile round 18 measured a failing 160-frame
/// check holding 1.56 GB of them). Made under a temporary name (new, 0600) and unlinked at once:
/// nothing of it outlives the process, a kill included, and it lives on the output's disk rather
/// than in memory (a `/tmp` on tmpfs would be memory again). Where the file system allows, it
/// never has a name at all (O_TMPFILE). Errors name the output.
package final class ScratchFile {
    private let descriptor: Int32
    private let path: String
    /// Bytes appended so far.
    package private(set) var size = 0

    /// A scratch file in `target`'s folder (which must exist).
    package init(beside target: URL) throws(FileError) {
        path = target.path
        // A file that never has a name (O_TMPFILE) is best: nothing can be put in its place or
        // removed by it, even if the folder is swapped for a link meanwhile (hostile round 26).
        // File systems without it get a temporary name that is unlinked at once.
        let unnamed = open(target.deletingLastPathComponent().path, Self.openUnnamed | O_RDWR | O_CLOEXEC, 0o600)
        if unnamed >= 0 {
            descriptor = unnamed
            return
        }
        let name = TemporaryName.beside(target)
        guard TemporaryFiles.shared.register(name) else { throw FileError(path: path, reason: "interrupted") }
        defer { TemporaryFiles.shared.unregister(name) }
        descriptor = open(name.path, O_RDWR | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else { throw FileError.system(path, "cannot make a scratch file beside it", errno: errno) }
        unlink(name.path)
    }

    deinit { close(descriptor) }

    /// Linux's O_TMPFILE (Glibc's module leaves it out: it needs _GNU_SOURCE). Its value is
    /// `__O_TMPFILE | O_DIRECTORY`, and `__O_TMPFILE` is 0o20000000 on x86_64 and arm64 alike.
    private static let openUnnamed: Int32 = 0o20000000 | O_DIRECTORY

    /// Appends `bytes`; returns where they start.
    package func append(_ bytes: [UInt8]) throws(FileError) -> Int {
        let offset = size
        let code = Descriptor.writeAll(descriptor, bytes)
        guard code == 0 else { throw FileError.system(path, "cannot write the scratch file beside it", errno: code) }
        size += bytes.count
        return offset
    }

    /// The `count` bytes at `offset`.
    package func read(at offset: Int, count: Int) throws(FileError) -> [UInt8] {
        var bytes = [UInt8](repeating: 0, count: count)
        var done = 0
        while done < count {
            let got = bytes.withUnsafeMutableBytes { buffer in pread(descriptor, buffer.baseAddress! + done, count - done, off_t(offset + done)) }
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { throw FileError.system(path, "cannot read back its scratch space", errno: got < 0 ? errno : EIO) }
            done += got
        }
        return bytes
    }
}
