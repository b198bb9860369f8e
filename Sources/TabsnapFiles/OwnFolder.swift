import Foundation

/// A folder Tabsnap writes into and replaces files in — the demo and spec galleries, failure
/// artifacts — may hold only what Tabsnap can prove it put there (`Authorship`: the folder's
/// ledger holds each file's SHA-256); anything else is the user's, and the folder is refused
/// before anything is touched. Our own temporaries are always allowed (the stale-temporary
/// sweep deals with them).
package enum OwnFolder {
    /// Keeps the folder (`Authorship.keep`) and throws naming the first entry Tabsnap did not
    /// write; then forgets in the ledger what is no longer there. `recursive` walks real
    /// subfolders (a link is never followed: it is an entry Tabsnap did not write); otherwise a
    /// subfolder is an entry like any other. `contents` names what the folder is for in the
    /// message: "artifacts", "gallery files"… `kind` is the folder's kind in its ledger
    /// (`Authorship`): a folder Tabsnap filled as another kind is refused, since what it holds
    /// was written by another command (hostile round 72: `report merge` emptied a gallery).
    @discardableResult
    public static func claim(_ folder: URL, recursive: Bool = false, contents: String, kind: Kind) throws(FileError) -> Authorship {
        let ledger = Authorship.keep(folder)
        try checkHeld(folder, ledger: ledger, contents: contents)
        guard ledger.take(kind: kind.rawValue) else {
            let theirs = ledger.kind.flatMap(Kind.init(rawValue:))?.described ?? "another command's files"
            throw FileError(path: folder.relativePath, reason: "holds \(theirs), which tabsnap wrote there; \(contents) go into a new or empty folder, "
                            + "or one holding only earlier \(contents)")
        }
        // Walked through the folder held, never by path: a parent swapped for a link meanwhile
        // would show another folder's files.
        let root: Int32
        do throws(FileError) {
            root = try ledger.held.open(creating: false)
        } catch {
            var info = stat()
            if lstat(ledger.folder.path, &info) != 0 && errno == ENOENT { return ledger }  // a new folder
            throw error
        }
        if let problem = ledger.problem {
            close(root)
            throw problem
        }
        var foreign: [String] = []
        // Tabsnap's files it may not replace now (read-only, not writable by this user, another
        // user's): a gallery or a report's pictures are rewritten whole, so such a file is
        // refused before anything is written — found as its turn came, the pictures before it
        // were already new and the page old (hostile round 135). Artifacts are replaced one by
        // one, and one that may not be is kept (round 129), so they are not judged here.
        var kept: [(path: String, protection: OutputTarget.Protection)] = []
        // Names that are not UTF-8: never Tabsnap's (it writes none), and never opened by their
        // escaped form, which may be another file's literal name.
        var unnamable: [String] = []
        // Entries read one at a time, and the walk stopped once enough are surely the user's:
        // a folder of a million of their files is refused at once, holding no list of them
        // (hostile round 125: `--artifacts` over 900 000 files walked them all, 84 MB).
        var pending = [(directory: root, relative: "")]
        var stopped = false
        /// Whether enough entries are the user's to refuse the folder now.
        func enoughForeign() -> Bool {
            guard foreign.count + unnamable.count >= Self.foreignEnough else { return false }
            // Another run writing here at the same time records its files after this one read
            // the ledger: read again before calling them the user's.
            ledger.readAgain()
            foreign = foreign.filter { !ledger.wrote($0) }
            return foreign.count + unnamable.count >= Self.foreignEnough
        }
        while !stopped, let (directory, relative) = pending.popLast() {
            Descriptor.forEachEntry(in: directory) { name, escaped in
                let path = relative.isEmpty ? escaped : relative + "/" + escaped
                guard let name else {
                    unnamable.append(path)
                    stopped = enoughForeign()
                    return !stopped
                }
                if TemporaryName.isThisHosts(name) || (relative.isEmpty && name == Authorship.ledgerName) { return true }
                var entry = stat()
                if recursive, fstatat(directory, name, &entry, AT_SYMLINK_NOFOLLOW) == 0, entry.st_mode & S_IFMT == S_IFDIR {
                    let inner = openat(directory, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
                    if inner >= 0 { pending.append((inner, path)) } else { foreign.append(path) }
                } else if !ledger.wrote(path) {
                    foreign.append(path)
                } else if kind != .artifacts, fstatat(directory, name, &entry, AT_SYMLINK_NOFOLLOW) == 0,
                          let protection = OutputTarget.protection(of: entry, writable: faccessat(directory, name, W_OK, 0) == 0) {
                    kept.append((path, protection))
                }
                stopped = enoughForeign()
                return !stopped
            }
            close(directory)
        }
        for (directory, _) in pending { close(directory) }
        if !foreign.isEmpty {
            ledger.readAgain()
            foreign = foreign.filter { !ledger.wrote($0) }
        }
        try refuse(folder, holding: foreign + unnamable, contents: contents, countedAll: !stopped)
        if let first = kept.first {
            throw FileError(path: folder.appendingPathComponent(first.path).relativePath,
                            reason: first.protection.reason("replacing", "make it writable, or choose another folder", "choose another folder")
                                + "; nothing was written")
        }
        ledger.compact()
        return ledger
    }
}

extension OwnFolder {
    /// The kinds of folder Tabsnap fills, as their ledgers name them.
    public enum Kind: String, Sendable {
        /// The demo's and the spec gallery's pages and pictures.
        case gallery
        /// `check`'s failure artifacts, and the Swift assertions'.
        case artifacts
        /// The pictures `report merge` copies beside its report.
        case reportPictures = "report-pictures"

        /// The folder's contents, in a message.
        var described: String {
            switch self {
            case .gallery: "a gallery"
            case .artifacts: "failure artifacts"
            case .reportPictures: "a merged report's pictures"
            }
        }
    }

    /// The folder as given is a real folder — not a link, through which files would be replaced
    /// and removed in its target — and the very one its ledger has held since it was kept: a
    /// process that swapped a link in for a moment when it was kept (a renameat2 exchange in a
    /// loop) would otherwise have the link's target held, and written and cleaned.
    private static func checkHeld(_ folder: URL, ledger: Authorship, contents: String) throws(FileError) {
        var given = stat()
        guard lstat(folder.path, &given) == 0 else { return }  // not made yet: made through the ledger's hold
        switch given.st_mode & S_IFMT {
        case S_IFDIR:
            // The same folder, reached the same way: a parent swapped for a link between the two
            // moments resolves elsewhere.
            guard ledger.held.holds(given), Authorship.resolved(folder).path == ledger.folder.path else {
                throw FileError(path: folder.relativePath, reason: "changed while tabsnap ran (another folder or a link was put in its place); not writing into it")
            }
        case S_IFLNK:
            throw FileError(path: folder.relativePath, reason: "is a symbolic link; \(contents) go into a real folder (tabsnap replaces and removes files in it)")
        default:
            throw FileError(path: folder.relativePath, reason: "is not a folder")
        }
    }

    /// Runs `body`, which fills `folder` after `claim`; when it fails, or the run is interrupted
    /// (Ctrl-C, SIGTERM), and the folder was made by this run, the files the ledger proves this
    /// process wrote there are removed, then the ledger and the folder when nothing else is left:
    /// a new folder is made whole or not at all (hostile round 28: a full disk left a demo folder
    /// of 22 pictures and no index.html; round 41: so did a SIGTERM). When the folder's path no
    /// longer leads to the folder filled (`HeldFolder.movedAway`), that is the error, naming where the
    /// `contents` are (round 42: "Wrote 34 files to sw", all of them in the moved `sw.moved`).
    public static func filling<T>(_ folder: URL, contents: String, _ body: () throws -> T) throws -> T {
        var info = stat()
        let isNew = lstat(folder.standardizedFileURL.path, &info) != 0
        let result: T
        if isNew {
            guard TemporaryFiles.shared.registerFilling(folder, undo: { removeMade(folder) }) else {
                throw FileError(path: folder.relativePath, reason: "interrupted")
            }
            defer { TemporaryFiles.shared.unregisterFilling(folder) }
            do {
                result = try body()
            } catch {
                removeMade(folder)
                throw error
            }
        } else {
            // An existing folder keeps what it held; what this run added under new names goes
            // when it fails (hostile round 137: a full disk in `gallery -o` over an existing
            // gallery left a new picture its old page never shows). What it replaced cannot be
            // given back, and its old page still names it.
            let before = Set(names(in: folder))
            do {
                result = try body()
            } catch {
                Authorship.keep(folder).removeWrittenHereAlone(names(in: folder).filter { !before.contains($0) && $0 != Authorship.ledgerName }) {
                    // A ledger this run began, in a folder that had none, goes too when nothing
                    // else is left for it to name (hostile round 141: `demo -o` into an empty
                    // folder on a full disk left a ledger of files no longer there).
                    let left = names(in: folder).filter { !TemporaryName.isThisHosts($0) }
                    if !before.contains(Authorship.ledgerName), left == [Authorship.ledgerName] {
                        unlink(folder.appendingPathComponent(Authorship.ledgerName).path)
                    }
                }
                throw error
            }
        }
        if let reason = Authorship.keep(folder).held.movedAwayReason(from: folder, holding: "the \(contents)") {
            throw FileError(path: folder.relativePath, reason: reason)
        }
        return result
    }

    /// What `folder` holds at its top (galleries hold no subfolders of their own).
    private static func names(in folder: URL) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    }

    /// Empties `folder`, made by this run, of what this process wrote there (the very files it
    /// recorded, through the folder held since it was kept, that no other run recorded too),
    /// then removes it when nothing else is left: another run filling it at the same time keeps
    /// its files, and the folder.
    private static func removeMade(_ folder: URL) {
        var info = stat()
        guard lstat(folder.standardizedFileURL.path, &info) == 0 else { return }
        let ledger = Authorship.keep(folder)
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0 != Authorship.ledgerName }
        // The ledger and the folder go too when nothing else is left, still with the folder
        // locked: another run's file named meanwhile keeps both (its line is in the ledger).
        ledger.removeWrittenHereAlone(names) {
            let left = ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { !TemporaryName.isThisHosts($0) }
            if left.allSatisfy({ $0 == Authorship.ledgerName }) {
                for name in left { unlink(folder.appendingPathComponent(name).path) }
                rmdir(folder.path)
            }
        }
    }

    /// For frame folders, whose `frames.json` names every frame: throws naming the first of
    /// `names` (the folder's entries, folders included) that `isOwn` rejects.
    public static func check(_ folder: URL, names: [String], contents: String, isOwn: (String) -> Bool) throws(FileError) {
        try refuse(folder, holding: names.filter { !TemporaryName.isThisHosts($0) && !isOwn($0) }, contents: contents)
    }

    /// How many entries Tabsnap did not write are enough to refuse a folder without reading on.
    static let foreignEnough = 1_000

    /// Throws naming the first of `foreign` (nothing when it is empty); `countedAll` false when
    /// the folder holds more than were read.
    private static func refuse(_ folder: URL, holding foreign: [String], contents: String, countedAll: Bool = true) throws(FileError) {
        guard let first = foreign.sorted().first else { return }
        let more = countedAll ? (foreign.count > 1 ? " and \(foreign.count - 1) more" : "") : " and over \(foreign.count - 1) more"
        throw FileError(path: folder.relativePath, reason: "holds files tabsnap did not write (\(first)\(more)); "
            + "\(contents) go into a new or empty folder, or one holding only earlier \(contents)")
    }
}
