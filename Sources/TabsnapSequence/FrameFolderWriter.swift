import Foundation
import TabsnapAnimation
import TabsnapFiles
import TabsnapModel
import TabsnapPNG

/// Writes `frame-0000.png …` and `frames.json` into a folder. The manifest says how the frames
/// play, in a spec's units (milliseconds, named by `timeUnit`):
///
///     {"timeUnit": "ms", "fps": 60, "loop": "forever", "pingPong": false, "frames": [
///       {"index": 0, "time": 0, "duration": 16.667, "position": 0, "file": "frame-0000.png",
///        "sha256": "…"}, …]}
///
/// (`time`: when the frame starts; `duration`: how long it shows; `sha256`: the file's hash.)
///
/// A frame folder only ever holds what this writer puts there, so that is all it may replace:
/// the output folder must be new, empty, or hold nothing but an earlier run's `frames.json` and
/// the frame files it lists with their hashes — proof by content that Tabsnap wrote them, not by
/// their names or formats. Anything else in it — a spec, a README, a user's own `frame-0001.png`,
/// the user's working folder — is an error before anything is written. Frames are staged in a
/// temporary folder and moved into place by `finish()`; an error or an interruption leaves the
/// output as it was.
public final class FrameFolderWriter {
    /// What every throwing member reports: a `FileError` naming the output folder.
    public typealias Failure = FileError

    /// The manifest's file name in the folder.
    public static let manifestName = FrameFileName.manifest

    private let folder: URL
    /// The output's parent, held open — reached from the root with no link followed, made when
    /// missing — and the output's name in it: the staging folder is made, filled and moved in
    /// through these, so a parent swapped for a link while the frames are drawn changes nothing
    /// (hostile round 24 left temporaries, and a frame folder half written, in two folders).
    private let parent: Int32
    private let name: String
    /// The parent's path, links resolved at the start: `finish()` checks it still leads to the
    /// folder held.
    private let parentPath: URL
    /// The staging folder (beside the output, or inside it when the parent is not writable),
    /// held open, the folder holding it, and its name there; frames are written, moved in and
    /// removed under its lock, which the interrupt clean-up takes too.
    private let staging: StagingFolder
    /// The staging folder's path, for the interrupt clean-up, which works by path.
    private let stagingPath: URL
    /// Whether the output folder existed: then frames move in one by one; else the staging
    /// folder is renamed into place whole.
    private let replacesInPlace: Bool
    /// The earlier run's folder, held open from the moment it was checked (-1 when there was
    /// none): its frames are judged, replaced and removed through this, never through its path,
    /// which another process could swap for a link to someone else's frames.
    private let earlier: Int32
    private let manifest: Int32
    /// Gives each frame's duration (nil: frames 1/60 s apart, for callers without a transition).
    private let transition: BarTransition?
    private var names: [String] = []
    private var manifestClosed = false

    /// Prepares to write frames into `folder`, which `finish()` creates or fills (an earlier run's
    /// frames there are replaced). `transition` gives each frame's duration and the manifest's
    /// fps, loop and ping-pong; nil: frames 1/60 s apart, looping forever.
    /// - Throws: `FileError` when `folder` is a symbolic link or a file, is not writable, or holds
    ///   anything but an earlier run's frames; its contents are left as they were.
    public init(folder: URL, transition: BarTransition? = nil) throws(FileError) {
        self.folder = folder
        self.transition = transition
        name = folder.lastPathComponent
        // The parent as it resolves now (a link of the user's own is followed once, here).
        parentPath = Authorship.resolved(folder.deletingLastPathComponent())
        do throws(FileError) {
            parent = try HeldFolder.openWithoutLinks(parentPath, creating: true)
        } catch {
            throw FileError(path: folder.path, reason: "cannot create or open its parent folder (\(error.reason))")
        }
        var info = stat()
        if fstatat(parent, name, &info, AT_SYMLINK_NOFOLLOW) == 0 {
            guard info.st_mode & S_IFMT != S_IFLNK else {
                close(parent)
                throw FileError(path: folder.path, reason: "is a symbolic link; frames go into a real folder (tabsnap replaces and removes files in it)")
            }
            guard info.st_mode & S_IFMT == S_IFDIR else {
                close(parent)
                throw FileError(path: folder.path, reason: "is a file; frames go into a folder (or give a file name ending in .png, .gif, .webp, .mp4 or .webm)")
            }
            let held = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard held >= 0 else {
                let code = errno
                close(parent)
                throw FileError(path: folder.path, reason: code == EACCES ? "cannot read the folder" : "changed while tabsnap ran (a link was put in its place); not writing into it")
            }
            // Swapping it for a new folder needs only its parent writable: a folder this user
            // cannot write, or another user's even if it may (hostile round 130: a 777 frame
            // folder of another user's became this user's, frames and all), is not theirs to
            // replace — the rule of every output (`OutputTarget.Protection`).
            if let protection = OutputTarget.protection(of: info, writable: faccessat(parent, name, W_OK, 0) == 0) {
                close(held)
                close(parent)
                throw FileError(path: folder.path, reason: protection.reason("replacing", "make it writable or choose another output", "choose another output"))
            }
            let frames = EarlierFrames(directory: held)
            do throws(FileError) {
                try OwnFolder.check(folder, names: Descriptor.names(in: held), contents: "frames") { frames.wrote($0) }
            } catch {
                close(held)
                close(parent)
                throw error
            }
            earlier = held
            TemporaryFiles.shared.sweepStale(in: folder, at: held)
            replacesInPlace = true
        } else {
            earlier = -1
            replacesInPlace = false
        }
        TemporaryFiles.shared.sweepStale(in: folder.deletingLastPathComponent(), at: parent)
        // Beside the folder when its parent is writable, so finish() can swap the two whole;
        // else inside it, and frames move in one by one.
        let beside = !replacesInPlace || faccessat(parent, ".", W_OK, 0) == 0
        let stagingHome = beside ? parent : earlier
        stagingPath = beside ? TemporaryName.beside(folder) : TemporaryName.inside(folder, for: "frames")
        let stagingName = stagingPath.lastPathComponent
        guard TemporaryFiles.shared.register(stagingPath) else {
            if earlier >= 0 { close(earlier) }
            close(parent)
            throw FileError(path: folder.path, reason: "interrupted")
        }
        let made = mkdirat(stagingHome, stagingName, 0o755) == 0 ? openat(stagingHome, stagingName, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC) : -1
        let code = errno
        let staging = made >= 0 ? StagingFolder(directory: made, home: stagingHome, name: stagingName) : nil
        let file = made >= 0 ? openat(made, Self.manifestName, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644) : -1
        let fileCode = errno
        let written = file >= 0 ? Descriptor.writeAll(file, Array(Self.header(transition).utf8)) : 0
        guard let staging, file >= 0, written == 0 else {
            if file >= 0 { close(file) }
            staging?.abandon()
            TemporaryFiles.shared.unregister(stagingPath)
            if earlier >= 0 { close(earlier) }
            close(parent)
            let reason = made < 0 ? code : file < 0 ? fileCode : written
            throw FileError(path: folder.path, reason: "cannot write (\(String(cString: strerror(reason))))")
        }
        self.staging = staging
        manifest = file
        // From here the interrupt clean-up goes through the staging folder's lock, the one frames
        // are written under: removing by path raced a frame being written, and the folder was
        // left (hostile round 46).
        guard TemporaryFiles.shared.registerFilling(stagingPath, undo: { staging.abandon() }) else {
            throw FileError(path: folder.path, reason: "interrupted")  // deinit removes the staging folder
        }
        TemporaryFiles.shared.unregister(stagingPath)
    }

    deinit {
        // Settled before `staging.home` closes: an interruption's clean-up may still hold `staging`.
        staging.abandon()
        TemporaryFiles.shared.unregisterFilling(stagingPath)
        TemporaryFiles.shared.unregister(stagingPath)
        if !manifestClosed { close(manifest) }
        if earlier >= 0 { close(earlier) }
        close(parent)
    }

    /// The manifest up to its frames: the unit and how the animation plays.
    static func header(_ transition: BarTransition?) -> String {
        let fps = transition?.fps ?? 60
        let loop: String
        switch transition?.loop ?? .forever {
        case .forever: loop = "\"forever\""
        case .times(let count): loop = String(count)
        }
        return "{\"timeUnit\": \"ms\", \"fps\": \(fps), \"loop\": \(loop), \"pingPong\": \(transition?.pingPong ?? false), \"frames\": [\n"
    }

    /// Seconds as milliseconds to the microsecond (16.667, not 16.666666666666668).
    static func milliseconds(_ seconds: Double) -> String {
        let value = (seconds * 1_000_000).rounded() / 1000
        return value == value.rounded() ? String(Int(value)) : String(value)
    }

    /// A frame's file name: `frame-`, the index padded to four digits, and `ext`
    /// (`frame-0042.png`).
    public static func fileName(of index: Int, extension ext: String = "png") -> String {
        FrameFileName.of(index, extension: ext)
    }

    /// Adds one frame's file (PNG or SVG bytes) and its manifest entry.
    public func append(_ frame: TransitionFrame, bytes: [UInt8], extension ext: String = "png") throws(FileError) {
        try staging.whileOpen({ () throws(FileError) in try write(frame, bytes: bytes, extension: ext) }, output: folder)
    }

    private func write(_ frame: TransitionFrame, bytes: [UInt8], extension ext: String) throws(FileError) {
        let name = FrameFolderWriter.fileName(of: frame.index, extension: ext)
        // The staging folder is private until `finish()` renames it (or its files) into place: a
        // frame needs no temporary name of its own, nor a sync each (that was a third of the time).
        let code = Descriptor.writeNewFile(name, in: staging.directory, bytes)
        if code != 0 { throw FileError.system(folder.path, "\(name): cannot write", errno: code) }
        do {
            let duration = transition?.delay(after: frame.index) ?? 1.0 / 60
            let entry = "  {\"index\": \(frame.index), \"time\": \(Self.milliseconds(frame.time)), \"duration\": \(Self.milliseconds(duration)), "
                + "\"position\": \(frame.state.position), \"file\": \"\(name)\", \"sha256\": \"\(SHA256.hex(of: bytes))\"}"
            // The manifest grows with every frame: a size limit can stop it rather than a frame.
            let code = Descriptor.writeAll(manifest, Array(((names.isEmpty ? "" : ",\n") + entry).utf8))
            if code != 0 { throw FileError.system(folder.path, "\(Self.manifestName): cannot write", errno: code) }
        }
        names.append(name)
    }

    /// Moves the frames into place: the new folder whole (renamed, or swapped with an earlier
    /// frame folder), or — where the parent cannot be written or paths cannot be swapped — file by
    /// file into the earlier folder, removing its frames this run did not write again.
    public func finish() throws(FileError) {
        try staging.finish({ () throws(FileError) in try moveIntoPlace() }, output: folder)
    }

    private func moveIntoPlace() throws(FileError) {
        // The frames were written without a sync each: one for the file system before the
        // manifest's own, so after a power loss frames.json never lists a frame whose bytes were lost.
        Descriptor.syncFileSystem(of: staging.directory)
        let code = Descriptor.writeAll(manifest, Array("\n]}\n".utf8))
        let synced = code == 0 && fsync(manifest) == 0
        let syncCode = errno
        close(manifest)
        manifestClosed = true
        guard synced else {
            discardStaging()
            throw FileError.system(folder.path, "\(Self.manifestName): cannot write", errno: code != 0 ? code : syncCode)
        }
        // The output goes where its path leads when the frames are done, never into a parent
        // moved away meanwhile, under a name that no longer led there (hostile round 41).
        let movedTo: Int32
        do throws(FileError) {
            movedTo = try parentWhenMoved()
        } catch {
            discardStaging()
            throw error
        }
        if movedTo >= 0 {
            defer { close(movedTo) }
            // Staged inside the earlier folder (the parent not writable): it moved away with it.
            guard staging.home == parent else {
                discardStaging()
                throw FileError(path: folder.path, reason: "its parent folder was moved away while tabsnap ran; the frames were not written")
            }
            return try moveStagingToFreeName(in: movedTo)
        }
        guard replacesInPlace else { return try moveStagingToFreeName(in: parent) }
        if staging.home == parent {
            // Beside: the new folder and the earlier one swap in one step (an interruption leaves
            // one or the other, never a mix), keeping the earlier folder's permissions; then the
            // earlier run's files go.
            var info = stat()
            if fstat(earlier, &info) == 0 {
                // Run as root, the folder and its frames stay their owners', as every replaced
                // file does (round 130: root's run made a user's frame folder root's): a frame
                // replacing one keeps that one's owner (round 131: another user's frame in the
                // folder became the folder owner's), a new one takes the folder's. The frames
                // first, by name, while the staging folder is still root's alone: once it is
                // given away (or opened by its mode), its owner could put a link or another
                // file under a frame's name before root reaches it.
                if geteuid() == 0 {
                    for file in names + [Self.manifestName] {
                        var replaced = stat()
                        let owner = fstatat(earlier, file, &replaced, AT_SYMLINK_NOFOLLOW) == 0 ? (replaced.st_uid, replaced.st_gid) : (info.st_uid, info.st_gid)
                        fchownat(staging.directory, file, owner.0, owner.1, AT_SYMLINK_NOFOLLOW)
                    }
                    fchown(staging.directory, info.st_uid, info.st_gid)
                }
                fchmod(staging.directory, info.st_mode & 0o7777)
            }
            // The path must still lead to the folder checked: another put there meanwhile (the
            // user's, a link) was swapped out and kept under a new name without a word (hostile
            // round 39). Named and left as it is, as for a new folder; only a swap in the moment
            // between this look and the exchange is kept aside (`removeEarlierRun`).
            var now = stat()
            if fstatat(parent, name, &now, AT_SYMLINK_NOFOLLOW) != 0 && errno == ENOENT {
                // Moved away or removed meanwhile: the name is free, and the frames go there whole.
                return try moveStagingToFreeName(in: parent)
            }
            guard now.st_dev == info.st_dev, now.st_ino == info.st_ino else {
                discardStaging()
                throw placeTaken(in: parent, errno: EEXIST)
            }
            // An interruption now waits for the lock this holds: never a half-deleted folder
            // swapped into place, nor the earlier run's folder left at the staging name.
            if Descriptor.exchange(staging.name, name, in: parent) {
                removeEarlierRun()
                return
            }
            // No exchange here (another system or file system): move the frames in one by one.
        }
        do throws(FileError) {
            try moveFramesIn()
        } catch {
            discardStaging()
            throw error
        }
        discardStaging()
    }

    /// The output's parent as its path leads now, when that is no longer the folder held since
    /// the start (moved away or removed, and made again at the path): its descriptor, which the
    /// caller closes; -1 when it is the folder held.
    /// - Throws: when a link (or a file) was put in the parent's place, or on the way to it.
    private func parentWhenMoved() throws(FileError) -> Int32 {
        let now: Int32
        do throws(FileError) {
            now = try HeldFolder.openWithoutLinks(parentPath, creating: true)
        } catch {
            throw FileError(path: folder.path, reason: "its parent folder \(error.path) \(error.reason) (the frames were not written)")
        }
        var held = stat(), info = stat()
        guard fstat(parent, &held) == 0, fstat(now, &info) == 0, held.st_dev != info.st_dev || held.st_ino != info.st_ino else {
            close(now)
            return -1
        }
        return now
    }

    /// The staging folder moved to the output's name in `home` (the parent), which is free;
    /// something put there meanwhile, even an empty folder, is left as it is.
    private func moveStagingToFreeName(in home: Int32) throws(FileError) {
        let code = Descriptor.moveToFreeName(staging.name, in: parent, to: name, in: home)
        guard code == 0 else {
            discardStaging()
            throw placeTaken(in: home, errno: code)
        }
    }

    /// Why the frames could not be moved to the output's name: something put there while they
    /// were drawn (in a free name's place, or the earlier run's folder's) is named for what it
    /// is (round 36 was told "Not a directory" for a link put in its place), and left as it is.
    private func placeTaken(in home: Int32, errno code: Int32) -> FileError {
        var info = stat()
        guard fstatat(home, name, &info, AT_SYMLINK_NOFOLLOW) == 0 else { return FileError.system(folder.path, "cannot write", errno: code) }
        let what: String
        switch info.st_mode & S_IFMT {
        case S_IFLNK: what = "a symbolic link"
        case S_IFDIR: what = "a folder"
        default: what = "a file"
        }
        return FileError(path: folder.path, reason: "\(what) was put in its place while tabsnap ran; not replacing it (the frames were not written)")
    }

    /// The staging folder and what is left in it removed (under its lock, in `finish`).
    private func discardStaging() {
        staging.remove()
    }

    /// The earlier run's folder, swapped out to the staging name: its own files removed, then the
    /// folder. A file someone put there during the run is kept, the folder renamed to say so; so
    /// is whatever was swapped out when it is not the folder checked (a link put in its place).
    private func removeEarlierRun() {
        var info = stat(), held = stat()
        if fstatat(parent, staging.name, &info, AT_SYMLINK_NOFOLLOW) == 0, fstat(earlier, &held) == 0, info.st_mode & S_IFMT == S_IFDIR,
           info.st_dev == held.st_dev, info.st_ino == held.st_ino {
            let written = EarlierFrames(directory: earlier)
            for name in Descriptor.names(in: earlier) where written.wrote(name) {
                unlinkat(earlier, name, 0)  // a regular file: wrote() says so
            }
            if unlinkat(parent, staging.name, AT_REMOVEDIR) == 0 { return }
        }
        // Not a temporary's name, which a later sweep would remove with what is inside.
        _ = renameat(parent, staging.name, parent, name + ".kept-\(getpid())")
    }

    /// Frames moved into the earlier folder one by one, then the manifest, then the earlier run's
    /// frames this run did not write again removed.
    private func moveFramesIn() throws(FileError) {
        // What the earlier run wrote, judged by its manifest before the new one replaces it.
        let written = EarlierFrames(directory: earlier)
        // New frames first, the manifest last, then the earlier run's frames this run did not
        // write again: interrupted anywhere, frames.json never lists a frame that is not there.
        for name in names + [Self.manifestName] {
            guard renameat(staging.directory, name, earlier, name) == 0 else {
                throw FileError.system(folder.path, "cannot move \(name) into place")
            }
        }
        let fresh = Set(names + [Self.manifestName])
        for name in Descriptor.names(in: earlier) where !fresh.contains(name) && TemporaryName.writerProcess(of: name) == nil && written.wrote(name) {
            unlinkat(earlier, name, 0)
        }
    }
}
