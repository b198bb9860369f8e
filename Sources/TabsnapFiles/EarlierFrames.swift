import Foundation
import Glibc

/// What an earlier run left in a frame folder, by proof of content: its `frames.json`, when it
/// is a frame manifest, and the files that manifest lists whose SHA-256 is the one it gives —
/// regular files, not links, that this user may replace (`OutputTarget.Protection`: not
/// read-only, writable by this user, not another user's — hostile round 130: any write bit
/// passed, and one user's run replaced and deleted another's frames). A frame file the manifest does not list
/// with its hash (a user's own `frame-0001.png`, a frame someone edited, a manifest of a version
/// that kept no hashes) is not Tabsnap's to replace; nor is anything else.
package struct EarlierFrames {
    private let directory: Int32
    /// Whether its `frames.json` reads as a frame manifest (a killed writer's, written as it
    /// goes, does not).
    package let isManifest: Bool
    private let hashes: [String: String]

    /// Reads the manifest of the folder open at `directory` (which stays the caller's).
    package init(directory: Int32) {
        self.directory = directory
        var hashes: [String: String] = [:]
        var isManifest = false
        // (A manifest vouches only as a ledger does: this user's own, or to root the folder
        // owner's — round 132.)
        if let bytes = Self.readWritableRegularFile(FrameFileName.manifest, in: directory, limit: FrameFileName.manifestBytes, vouching: true),
           let json = (try? JSONSerialization.jsonObject(with: Data(bytes))) as? [String: Any],
           json["timeUnit"] as? String == "ms", let entries = json["frames"] as? [[String: Any]], !entries.isEmpty,
           entries.allSatisfy({ $0["index"] != nil && $0["file"] is String }) {
            isManifest = true
            // Only names Tabsnap gives frames count: a manifest is a file anyone can edit, and
            // one listing the folder's README.md with its hash once made animate delete it.
            for entry in entries {
                if let file = entry["file"] as? String, FrameFileName.isFrame(file), let hash = entry["sha256"] as? String { hashes[file] = hash }
            }
        }
        self.isManifest = isManifest
        self.hashes = hashes
    }

    /// Whether Tabsnap wrote `name` (a regular file); a name in the temporaries' pattern is not
    /// proof of anything (the stale-temporary sweep judges those by their writer's process).
    package func wrote(_ name: String) -> Bool {
        if name == FrameFileName.manifest { return isManifest }
        guard let expected = hashes[name], let descriptor = Self.openWritableRegularFile(name, in: directory) else { return false }
        defer { close(descriptor) }
        return Authorship.hash(of: descriptor) == expected
    }

    /// A regular file (not a link) this user may replace, opened through the folder's descriptor.
    private static func openWritableRegularFile(_ name: String, in directory: Int32) -> Int32? {
        let descriptor = openat(directory, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFREG,
              OutputTarget.protection(of: info, writable: faccessat(directory, name, W_OK, AT_EACCESS) == 0) == nil else {
            close(descriptor)
            return nil
        }
        return descriptor
    }

    private static func readWritableRegularFile(_ name: String, in directory: Int32, limit: Int, vouching: Bool = false) -> [UInt8]? {
        guard let descriptor = openWritableRegularFile(name, in: directory) else { return nil }
        defer { close(descriptor) }
        var info = stat()
        guard fstat(descriptor, &info) == 0, Int(info.st_size) <= limit, !vouching || Authorship.mayVouch(info, in: directory) else { return nil }
        return try? BoundedRead.readAll(descriptor, size: Int(info.st_size), name: name)
    }
}
