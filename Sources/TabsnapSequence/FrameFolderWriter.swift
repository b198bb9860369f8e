import Foundation
import TabsnapAnimation
import TabsnapPNG

/// Writes `frame-0000.png …` and `frames.json` (index, time, position per frame) into a folder.
/// Everything goes into a temporary sibling folder first; `finish()` moves it into place,
/// replacing an earlier frame folder (one holding frames.json) but never other contents.
public final class FrameFolderWriter {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    private let folder: URL
    private let temporary: URL
    private let manifest: FileHandle
    private var count = 0
    private var finished = false

    public init(folder: URL) throws(Failure) {
        self.folder = folder
        let manager = FileManager.default
        var isFolder: ObjCBool = false
        if manager.fileExists(atPath: folder.path, isDirectory: &isFolder) {
            let contents = (try? manager.contentsOfDirectory(atPath: folder.path)) ?? []
            guard isFolder.boolValue, contents.isEmpty || contents.contains("frames.json") else {
                throw Failure(description: "\(folder.path): exists and is not an earlier frame folder; choose another output")
            }
        }
        temporary = folder.deletingLastPathComponent().appendingPathComponent(".\(folder.lastPathComponent).\(getpid()).tmp")
        try? manager.removeItem(at: temporary)
        let manifestURL = temporary.appendingPathComponent("frames.json")
        guard (try? manager.createDirectory(at: temporary, withIntermediateDirectories: true)) != nil,
              manager.createFile(atPath: manifestURL.path, contents: Data("[\n".utf8)),
              let handle = try? FileHandle(forWritingTo: manifestURL) else {
            throw Failure(description: "\(folder.path): cannot write")
        }
        handle.seekToEndOfFile()
        manifest = handle
    }

    deinit {
        if !finished {
            try? manifest.close()
            try? FileManager.default.removeItem(at: temporary)
        }
    }

    public static func fileName(of index: Int, extension ext: String = "png") -> String {
        let digits = String(index)
        return "frame-" + String(repeating: "0", count: max(4 - digits.count, 0)) + digits + "." + ext
    }

    /// Adds one frame's file (PNG or SVG bytes) and its manifest entry.
    public func append(_ frame: TransitionFrame, bytes: [UInt8], extension ext: String = "png") throws(Failure) {
        let name = FrameFolderWriter.fileName(of: frame.index, extension: ext)
        guard FileManager.default.createFile(atPath: temporary.appendingPathComponent(name).path, contents: Data(bytes)) else {
            throw Failure(description: "\(folder.path): cannot write \(name)")
        }
        let entry = "  {\"index\": \(frame.index), \"time\": \(frame.time), \"position\": \(frame.state.position), \"file\": \"\(name)\"}"
        manifest.write(Data(((count > 0 ? ",\n" : "") + entry).utf8))
        count += 1
    }

    public func finish() throws(Failure) {
        manifest.write(Data("\n]\n".utf8))
        try? manifest.close()
        finished = true
        let manager = FileManager.default
        try? manager.removeItem(at: folder)
        guard rename(temporary.path, folder.path) == 0 else {
            try? manager.removeItem(at: temporary)
            throw Failure(description: "\(folder.path): cannot write (\(String(cString: strerror(errno))))")
        }
    }
}
