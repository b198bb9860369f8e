import CSystem
import Foundation

/// Whole writes to a file descriptor: write(2) may write less than asked, or be interrupted.
package enum Descriptor {
    /// 0, or the errno of the write that failed.
    @discardableResult
    public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32 {
        bytes.withUnsafeBytes { buffer in
            guard var next = buffer.baseAddress else { return 0 }
            var left = buffer.count
            while left > 0 {
                let written = write(descriptor, next, left)
                if written < 0 {
                    if errno == EINTR { continue }
                    return errno
                }
                next += written
                left -= written
            }
            return 0
        }
    }

    /// Flushes the file system holding `folder` to disk (one sync for many files written
    /// without one; a plain `sync()` elsewhere).
    public static func syncFileSystem(containing folder: URL) {
        #if os(Linux)
        let descriptor = open(folder.path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { return }
        _ = syncfs(descriptor)
        close(descriptor)
        #else
        sync()
        #endif
    }

    /// The names in an open folder (`.` and `..` aside), listed through the descriptor, never
    /// through a path another process could swap; empty when it cannot be read. A name that is
    /// not UTF-8 comes escaped (`n\xFF.txt`): see `listing(in:)` to tell those apart.
    public static func names(in directory: Int32) -> [String] {
        let (names, notUTF8) = listing(in: directory)
        return names + notUTF8
    }

    /// `names(in:)` in two lists: the names, and those that are not UTF-8, escaped (never with
    /// U+FFFD: two such names read the same in "holds files tabsnap did not write", hostile round
    /// 48). An escaped name is not the file's — it may even be another file's, literally named
    /// so — so nothing may be opened or judged by it.
    public static func listing(in directory: Int32) -> (names: [String], notUTF8: [String]) {
        var names: [String] = [], notUTF8: [String] = []
        forEachEntry(in: directory) { name, escaped in
            if let name { names.append(name) } else { notUTF8.append(escaped) }
            return true
        }
        return (names, notUTF8)
    }

    /// Calls `body` with each entry of an open folder but `.` and `..`, one at a time (a folder
    /// of a million entries costs no list of them), until it returns false: the name, or nil
    /// with its escaped form for a name that is not UTF-8.
    public static func forEachEntry(in directory: Int32, _ body: (_ name: String?, _ escaped: String) -> Bool) {
        let listing = dup(directory)
        guard listing >= 0 else { return }
        guard let stream = fdopendir(listing) else {
            close(listing)
            return
        }
        defer { closedir(stream) }
        rewinddir(stream)
        while let entry = readdir(stream) {
            let bytes = withUnsafeBytes(of: entry.pointee.d_name) { Array($0.prefix { $0 != 0 }) }
            guard let name = String(validating: bytes, as: UTF8.self) else {
                guard body(nil, FolderWalk.escaped(bytes)) else { return }
                continue
            }
            if name != "." && name != ".." { guard body(name, name) else { return } }
        }
    }

    /// `syncFileSystem(containing:)` for the file system holding an open file or folder.
    public static func syncFileSystem(of descriptor: Int32) {
        #if os(Linux)
        _ = syncfs(descriptor)
        #else
        sync()
        #endif
    }

    /// Swaps two existing paths in one step (Linux's renameat2 exchange): true when done; false
    /// where the system or file system cannot, and nothing changed.
    public static func exchange(_ a: URL, _ b: URL) -> Bool {
        #if os(Linux)
        return renameat2(AT_FDCWD, a.path, AT_FDCWD, b.path, tabsnap_rename_exchange) == 0
        #else
        return false
        #endif
    }

    /// `name` in the open folder `from` moved to `newName` in `to` only when that name is free:
    /// 0, or the error (`EEXIST` when taken). A plain rename puts a folder over an empty folder
    /// someone made at the name meanwhile; where the file system cannot refuse that in the
    /// rename itself, the name is looked at just before.
    public static func moveToFreeName(_ name: String, in from: Int32, to newName: String, in to: Int32) -> Int32 {
        #if os(Linux)
        if renameat2(from, name, to, newName, tabsnap_rename_noreplace) == 0 { return 0 }
        // Not refused for the name: the call itself is missing (an old kernel, a seccomp filter)
        // or the file system cannot (EINVAL), as `exchange` takes any failure.
        guard [EINVAL, ENOSYS, EPERM, EOPNOTSUPP].contains(errno) else { return errno }
        #endif
        var info = stat()
        if fstatat(to, newName, &info, AT_SYMLINK_NOFOLLOW) == 0 { return EEXIST }
        return renameat(from, name, to, newName) == 0 ? 0 : errno
    }

    /// `a` and `b`, names in the open folder `directory`, swapped in one step; as
    /// `exchange(_:_:)`.
    public static func exchange(_ a: String, _ b: String, in directory: Int32) -> Bool {
        #if os(Linux)
        return renameat2(directory, a, directory, b, tabsnap_rename_exchange) == 0
        #else
        return false
        #endif
    }

    /// `writeNewFile(_:_:mode:)` for `name` in the open folder `directory`, no link followed.
    public static func writeNewFile(_ name: String, in directory: Int32, _ bytes: [UInt8], mode: mode_t = 0o644) -> Int32 {
        let descriptor = openat(directory, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return errno }
        let code = writeAll(descriptor, bytes)
        let closeCode = close(descriptor) == 0 ? 0 : errno
        return code != 0 ? code : closeCode
    }

    /// Writes a new file (it must not exist) whole, without syncing: for files inside a private
    /// staging folder, which the rename that publishes them makes atomic. 0, or the errno.
    public static func writeNewFile(_ path: String, _ bytes: [UInt8], mode: mode_t = 0o644) -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, mode)
        guard descriptor >= 0 else { return errno }
        let code = writeAll(descriptor, bytes)
        let closeCode = close(descriptor) == 0 ? 0 : errno
        return code != 0 ? code : closeCode
    }
}
