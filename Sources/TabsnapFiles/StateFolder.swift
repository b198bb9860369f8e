import Foundation

/// `.tabsnap/`, where Tabsnap keeps what it makes for the working folder and nobody commits:
/// failure artifacts (`check`'s default `--artifacts`), the record of the last run's failures.
/// When Tabsnap makes the folder it puts a `.gitignore` of `*` in it, so the folder never shows
/// in `git status` nor gets committed, without the project's own `.gitignore` (as pytest does
/// with `.pytest_cache`); an existing folder is used as it is. Every file Tabsnap writes goes
/// through `StagedFile`, which prepares a `.tabsnap` folder on its path first, so whichever write
/// makes the folder — failure pictures, the record, a report the user put there — makes it whole.
public enum StateFolder {
    /// `.tabsnap` in the working folder.
    public static var url: URL { URL(fileURLWithPath: ".tabsnap") }

    /// Makes `folder` with its `.gitignore` when it is not there; leaves an existing one alone.
    /// - Throws: `FileError` when it cannot be made.
    public static func prepare(_ folder: URL = StateFolder.url) throws(FileError) {
        try checkIsRealFolder(folder)
        // A run killed (SIGKILL) while it made the folder left its staging beside it; swept here,
        // whether or not a later run made the folder since (round 42's suite run: left for good).
        TemporaryFiles.shared.sweepStale(in: folder.deletingLastPathComponent())
        var info = stat()
        guard lstat(folder.standardizedFileURL.path, &info) != 0 else { return }
        try? FileManager.default.createDirectory(at: folder.deletingLastPathComponent(), withIntermediateDirectories: true)
        // Made whole beside its place and renamed into it: never left half made (a full disk, or
        // a Ctrl-C between the folder and its .gitignore), since an empty folder would be taken
        // for the user's own by every later run, and never get its .gitignore.
        let staging = TemporaryName.beside(folder)
        guard TemporaryFiles.shared.register(staging) else { throw FileError(path: folder.relativePath, reason: "interrupted") }
        guard mkdir(staging.path, 0o755) == 0 else {
            TemporaryFiles.shared.unregister(staging)
            throw FileError.system(folder.relativePath, "cannot create the folder")
        }
        // The folder made, held by its descriptor before anyone can put another in its place.
        let made = open(staging.path, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        defer { if made >= 0 { close(made) } }
        do {
            try AtomicFile.write(Array(gitignore.utf8), to: staging.appendingPathComponent(".gitignore"))
        } catch {
            TemporaryFiles.shared.discard(staging)
            throw error
        }
        guard TemporaryFiles.shared.claim(staging) else { return }  // an interruption is removing it
        if rename(staging.path, folder.path) != 0 {
            let failure = errno
            try? FileManager.default.removeItem(at: staging)
            // Made meanwhile by another run: that one is whole too.
            if failure == EEXIST || failure == ENOTEMPTY { return }
            throw FileError.system(folder.relativePath, "cannot create the folder", errno: failure)
        }
        giveToTheOwnerOfItsFolder(made, in: folder.deletingLastPathComponent())
    }

    /// Run as root in another user's folder, the state folder made there (and its `.gitignore`)
    /// is that user's, as what root makes in folders Tabsnap keeps is (`HeldFolder`): a
    /// root-owned one refused their next run's state (hostile round 136). Only once it has its
    /// name, and only the folder root made (`made`, held since `mkdir`: root's, 0755, so no one
    /// else could put a file in it) and the `.gitignore` in it that is root's own, by their
    /// descriptors (review: a folder swapped in by name could have held a hard link to any file).
    private static func giveToTheOwnerOfItsFolder(_ made: Int32, in parentFolder: URL) {
        guard geteuid() == 0, made >= 0 else { return }
        var parent = stat(), folder = stat()
        guard stat(parentFolder.path, &parent) == 0, parent.st_uid != 0, fstat(made, &folder) == 0, folder.st_uid == 0 else { return }
        let ignore = openat(made, ".gitignore", O_RDONLY | O_NOFOLLOW | O_CLOEXEC)
        if ignore >= 0 {
            var file = stat()
            if fstat(ignore, &file) == 0, file.st_mode & S_IFMT == S_IFREG, file.st_uid == 0, file.st_nlink == 1 { _ = fchown(ignore, parent.st_uid, parent.st_gid) }
            close(ignore)
        }
        _ = fchown(made, parent.st_uid, parent.st_gid)
    }

    /// When `path` lies inside a folder named `.tabsnap` (the artifacts default
    /// `.tabsnap/failures`, wherever it is), prepares that folder (`prepare(_:)`): a link there
    /// is refused, and a new one gets its `.gitignore` before anything else goes in.
    public static func prepare(containing path: URL) throws(FileError) {
        // By the path as given, so a message names the folder as the user did (`.tabsnap`).
        let parts = path.relativePath.split(separator: "/", omittingEmptySubsequences: false)
        guard let last = parts.lastIndex(where: { $0 == Substring(url.lastPathComponent) }) else { return }
        let folder = parts[...last].joined(separator: "/")
        try prepare(URL(fileURLWithPath: folder.isEmpty ? "/" : folder))
    }

    /// Throws unless `folder` is a folder itself, not a link to one: what Tabsnap keeps there
    /// must not land in whatever the link points at (a spec folder, where the next run would
    /// read it as a spec).
    package static func checkIsRealFolder(_ folder: URL) throws(FileError) {
        var info = stat()
        // Without a trailing slash, which would make lstat follow a link.
        var path = folder.standardizedFileURL.path
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        guard lstat(path, &info) == 0 else { return }
        guard info.st_mode & S_IFMT == S_IFDIR else {
            var name = folder.relativePath
            while name.count > 1 && name.hasSuffix("/") { name.removeLast() }
            throw FileError(path: name, reason: "is not a folder of its own (a link, or a file); tabsnap keeps its state only in a real folder")
        }
    }

    /// What the `.gitignore` holds.
    static let gitignore = "# Made by tabsnap: what it keeps here (failure pictures, the last run's failures) is never committed.\n*\n"
}
