import Foundation
import TabsnapFiles
import TabsnapPNG

/// Writes an MP4 (H.264) or WebM (VP9, transparency kept) through the user's own `ffmpeg`: raw
/// RGBA frames are piped in at a constant frame rate, each frame repeated for as long as it
/// shows (holds included; ffmpeg's encoders store a repeat in a few bytes).
///
/// An MP4 has no transparency: a clear bar is shown over white. Both formats want even sizes,
/// so an odd width or height gains one pixel of padding (white, or clear in a WebM).
public final class VideoWriter {
    public enum Format: String, Sendable, CaseIterable {
        case mp4, webm

        var arguments: [String] {
            switch self {
            case .mp4:
                return ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white", "-c:v", "libx264", "-preset", "medium", "-crf", "18",
                        "-pix_fmt", "yuv420p", "-movflags", "+faststart", "-f", "mp4"]
            case .webm:
                return ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=black@0", "-c:v", "libvpx-vp9", "-crf", "30", "-b:v", "0",
                        "-pix_fmt", "yuva420p", "-row-mt", "1", "-f", "webm"]
            }
        }
    }

    private let file: StagedFile
    private let format: Format
    private let width: Int
    private let height: Int
    private let fps: Double
    private let process: Process
    private let input: Int32
    private let errors: ErrorCollector
    /// Seconds from the start at which the next frame begins, and frames written so far.
    private var time = 0.0
    private var written = 0

    /// Fails with the package to install when ffmpeg is not on PATH.
    public init(url: URL, format: Format, width: Int, height: Int, fps: Double) throws(FileError) {
        guard let ffmpeg = Self.ffmpegPath() else {
            throw FileError(path: url.path, reason: "writing .\(format.rawValue) needs ffmpeg on PATH (Debian: sudo apt install ffmpeg)")
        }
        self.format = format
        self.width = width
        self.height = height
        self.fps = fps
        file = try StagedFile(target: url)
        var pair: [Int32] = [0, 0]
        // A socket rather than a pipe: a send to an ffmpeg that has quit fails with EPIPE
        // (MSG_NOSIGNAL) instead of killing this process with SIGPIPE.
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &pair) == 0 else {
            throw FileError.system(url.path, "cannot start ffmpeg")
        }
        input = pair[0]
        process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                             "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "\(width)x\(height)",
                             "-framerate", Self.rate(fps), "-i", "pipe:0"] + format.arguments + [file.temporary.path]
        let childInput = FileHandle(fileDescriptor: pair[1], closeOnDealloc: true)
        process.standardInput = childInput
        process.standardOutput = FileHandle.nullDevice
        let stderr = Pipe()
        process.standardError = stderr
        do { try process.run() } catch {
            close(pair[0])
            throw FileError(path: url.path, reason: "cannot start \(ffmpeg): \(error.localizedDescription)")
        }
        errors = ErrorCollector(stderr.fileHandleForReading)
        try? childInput.close()
    }

    deinit {
        close(input)
        // Waited for, so ffmpeg cannot create its output after the staged file removed it.
        if process.isRunning {
            process.terminate()
            process.waitUntilExit()
        }
    }

    /// A rate ffmpeg reads exactly (a whole number, or a fraction over 1000).
    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : "\(Int((fps * 1000).rounded()))/1000"
    }

    /// The first executable `ffmpeg` on PATH.
    static func ffmpegPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/ffmpeg"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }

    /// Appends the next frame, shown for `delay` seconds.
    public func append(_ image: RGBAImage, delay: Double) throws(FileError) {
        guard image.width == width && image.height == height else {
            throw FileError(path: file.target.path, reason: "a frame is \(image.width)×\(image.height) px; the video's frames are \(width)×\(height)")
        }
        // On the constant-rate clock: a frame shows from its start time rounded to a frame
        // until the next one's, so rounding never accumulates.
        let first = Int((time * fps).rounded())
        time += delay
        let repeats = Int((time * fps).rounded()) - first
        guard repeats > 0 else { return }
        let shown = format == .mp4 ? Self.overWhite(image) : image
        for _ in 0..<repeats { try send(shown) }
    }

    /// Ends the input, waits for ffmpeg and moves the video into place.
    public func finish(durability: Durability) throws(FileError) {
        guard written > 0 else { throw FileError(path: file.target.path, reason: "an animation needs at least one frame") }
        shutdown(input, Int32(SHUT_WR))
        process.waitUntilExit()
        guard process.terminationReason == .exit, process.terminationStatus == 0 else { throw failure() }
        // ffmpeg 5.1 exits 0 after "Error writing trailer … No space left on device": at
        // -loglevel error anything it says is a failure, and so is a file with nothing in it.
        let said = errors.text().trimmingCharacters(in: .whitespacesAndNewlines)
        guard said.isEmpty else { throw failure() }
        var info = stat()
        guard stat(file.temporary.path, &info) == 0, info.st_size > 0 else {
            throw FileError(path: file.target.path, reason: "ffmpeg wrote nothing")
        }
        try file.commit(durability)
    }

    private func send(_ image: RGBAImage) throws(FileError) {
        let failed: Bool = image.pixels.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return false }
            var offset = 0
            while offset < raw.count {
                let sent = Foundation.send(input, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL))
                if sent < 0 {
                    if errno == EINTR { continue }
                    return true
                }
                offset += sent
            }
            return false
        }
        if failed { throw failure() }
        written += 1
    }

    /// What ffmpeg said when it failed (its last line), with the file named.
    private func failure() -> FileError {
        shutdown(input, Int32(SHUT_WR))
        process.waitUntilExit()
        let status = process.terminationReason == .uncaughtSignal ? "killed by signal \(process.terminationStatus)"
                                                                  : "exit status \(process.terminationStatus)"
        let said = errors.text().split(separator: "\n").last.map(String.init) ?? status
        return FileError(path: file.target.path, reason: "ffmpeg failed: \(said)")
    }

    /// Straight-alpha pixels composited over white (an MP4 has no alpha).
    static func overWhite(_ image: RGBAImage) -> RGBAImage {
        var out = image
        out.pixels.withUnsafeMutableBufferPointer { pixels in
            for index in stride(from: 0, to: pixels.count, by: 4) where pixels[index + 3] != 255 {
                let alpha = UInt32(pixels[index + 3])
                for channel in 0..<3 {
                    pixels[index + channel] = UInt8((UInt32(pixels[index + channel]) * alpha + 255 * (255 - alpha) + 127) / 255)
                }
                pixels[index + 3] = 255
            }
        }
        return out
    }
}

/// Reads a child's stderr to the end on another thread, so a chatty child never blocks on a
/// full pipe.
private final class ErrorCollector: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        Thread.detachNewThread { [self] in
            data = handle.readDataToEndOfFile()
            done.signal()
        }
    }

    func text() -> String {
        done.wait()
        done.signal()
        return String(decoding: data.prefix(4096), as: UTF8.self)
    }
}
