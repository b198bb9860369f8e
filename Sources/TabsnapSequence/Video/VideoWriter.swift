import Foundation
import TabsnapFiles
import TabsnapModel
import TabsnapPNG

/// Writes an MP4 (H.264) or WebM (VP9, transparency kept) through the user's own `ffmpeg`: raw
/// RGBA frames are piped in at a constant frame rate, each frame repeated for as long as it
/// shows (holds included; ffmpeg's encoders store a repeat in a few bytes).
///
/// An MP4 has no transparency: a clear bar is shown over white. Both formats want even sizes,
/// so an odd width or height gains one pixel of padding (white, or clear in a WebM).
///
/// ffmpeg is the user's program, so it is held to bounds: only the last 4 KB of what it says is
/// kept (one that floods standard error costs nothing), a frame it does not take within
/// `stallSeconds` or an ending it does not reach within `finishSeconds` kills it, and every way
/// out — an error, an interruption (`ChildProcesses`), the writer let go — kills it with SIGKILL
/// if it is still running and reaps it.
public final class VideoWriter {
    /// How long ffmpeg may take to read a whole frame before it counts as stalled (tests shorten it).
    nonisolated(unsafe) static var stallSeconds = 60.0
    /// How long ffmpeg may take to end once the last frame is in (tests shorten it).
    nonisolated(unsafe) static var finishSeconds = 120.0
    /// How long a failed ffmpeg may take to exit once its input is closed (tests shorten it).
    nonisolated(unsafe) static var exitSeconds = 10.0

    /// Which video file ffmpeg makes.
    public enum Format: String, Sendable, CaseIterable {
        /// `mp4`: H.264, clear pixels shown over white; `webm`: VP9, transparency kept. Both
        /// BT.709, limited range, and tagged so.
        case mp4, webm

        var arguments: [String] {
            switch self {
            case .mp4:
                return ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=white," + Self.toBT709 + ",format=yuv420p", "-c:v", "libx264", "-preset", "medium",
                        "-crf", "18", "-pix_fmt", "yuv420p"] + Self.bt709Tags + ["-movflags", "+faststart", "-f", "mp4"]
            case .webm:
                return ["-vf", "pad=ceil(iw/2)*2:ceil(ih/2)*2:color=black@0," + Self.toBT709 + ",format=yuva420p", "-c:v", "libvpx-vp9", "-crf", "30",
                        "-b:v", "0", "-pix_fmt", "yuva420p"] + Self.bt709Tags + ["-row-mt", "1", "-f", "webm"]
            }
        }

        /// sRGB frames into BT.709 YUV, limited range — the matrix HD video is played with.
        /// ffmpeg's own default is BT.601, and untagged video is guessed at by each player: a
        /// browser showed the red of #FF3B30 as #FF4C2C.
        static let toBT709 = "scale=out_color_matrix=bt709:out_range=tv"

        /// The video says what it holds, so every player decodes it alike.
        static let bt709Tags = ["-color_primaries", "bt709", "-color_trc", "bt709", "-colorspace", "bt709", "-color_range", "tv"]
    }

    private let file: StagedFile
    private let format: Format
    private let width: Int
    private let height: Int
    private let fps: Double
    private let process: SpawnedProcess
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
        guard socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0, &pair) == 0 else {
            throw FileError.system(url.path, "cannot start ffmpeg")
        }
        input = pair[0]
        let arguments = ["-hide_banner", "-loglevel", "error", "-nostdin", "-y",
                         "-f", "rawvideo", "-pix_fmt", "rgba", "-video_size", "\(width)x\(height)",
                         "-framerate", Self.rate(fps), "-i", "pipe:0"] + format.arguments
            // The same frames make the same bytes: no random track IDs (WebM's TrackUID), no
            // encoder version in the file.
            + ["-fflags", "+bitexact", "-flags:v", "+bitexact", file.temporary.path]
        var stderr: [Int32] = [0, 0]
        let null = open("/dev/null", O_WRONLY | O_CLOEXEC)
        guard null >= 0, pipe(&stderr) == 0 else {
            [pair[0], pair[1], null].filter { $0 >= 0 }.forEach { close($0) }
            throw FileError.system(url.path, "cannot start ffmpeg")
        }
        defer {
            close(pair[1])
            close(stderr[1])
            close(null)
        }
        do {
            process = try SpawnedProcess(program: ffmpeg, arguments: arguments, input: pair[1], output: null, error: stderr[1])
        } catch {
            close(pair[0])
            close(stderr[0])
            throw FileError(path: url.path, reason: "cannot start \(ffmpeg): \(error.localizedDescription)")
        }
        errors = ErrorCollector(FileHandle(fileDescriptor: stderr[0], closeOnDealloc: true))
    }

    deinit {
        close(input)
        // Killed and waited for, so ffmpeg cannot create its output after the staged file
        // removed it, nor go on encoding after tabsnap is done.
        stop()
    }

    /// Waits up to `seconds` for ffmpeg itself to exit (what it started is killed then); whether it did.
    private func waitForExit(seconds: Double) -> Bool {
        process.wait(seconds: seconds)
    }

    /// Kills ffmpeg and everything it started if it is still running (SIGKILL: it may ignore
    /// SIGTERM) and reaps it.
    private func stop() {
        process.stop()
    }

    /// Whether the file at `path` is `format`'s container: WebM's EBML header; an MP4's boxes,
    /// `ftyp` first, tiling the whole file, with the movie (`moov`) among them — an 8-byte file
    /// whose `ftyp` claimed 24 bytes went into place, exit 0 (hostile round 41).
    static func isContainer(_ format: Format, at path: String) -> Bool {
        guard let handle = FileHandle(forReadingAtPath: path) else { return false }
        defer { try? handle.close() }
        switch format {
        case .webm: return [UInt8]((try? handle.read(upToCount: 4)) ?? Data()) == [0x1A, 0x45, 0xDF, 0xA3]
        case .mp4:
            guard let end = try? handle.seekToEnd() else { return false }
            var offset: UInt64 = 0, types: [String] = []
            // A movie ffmpeg writes has a handful of top-level boxes; a bound keeps a crafted
            // file from being walked for long.
            while offset < end, types.count < 4_096 {
                guard (try? handle.seek(toOffset: offset)) != nil, let head = try? handle.read(upToCount: 16), head.count >= 8 else { return false }
                let bytes = [UInt8](head)
                var size = bytes[0..<4].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                if size == 1 {
                    guard bytes.count == 16 else { return false }
                    size = bytes[8..<16].reduce(UInt64(0)) { $0 << 8 | UInt64($1) }
                } else if size == 0 {
                    size = end - offset  // to the end of the file
                }
                guard size >= 8, size <= end - offset else { return false }
                types.append(String(decoding: bytes[4..<8], as: UTF8.self))
                offset += size
            }
            return offset == end && types.first == "ftyp" && types.contains("moov")
        }
    }

    /// A rate ffmpeg reads exactly (a whole number, or a fraction over 1000).
    static func rate(_ fps: Double) -> String {
        fps == fps.rounded() ? String(Int(fps)) : "\(Int((fps * 1000).rounded()))/1000"
    }

    /// The first executable `ffmpeg` file on PATH, as a shell finds it: a folder named ffmpeg
    /// (executable as folders are) is passed over.
    package static func ffmpegPath(environment: [String: String] = ProcessInfo.processInfo.environment) -> String? {
        for folder in (environment["PATH"] ?? "").split(separator: ":") where !folder.isEmpty {
            let candidate = String(folder) + "/ffmpeg"
            var info = stat()
            if stat(candidate, &info) == 0, info.st_mode & S_IFMT == S_IFREG, access(candidate, X_OK) == 0 { return candidate }
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
        guard waitForExit(seconds: Self.finishSeconds) else {
            stop()
            throw FileError(path: file.target.path, reason: "ffmpeg did not finish within \(Limits.format(Self.finishSeconds)) s of its last frame; stopped it")
        }
        guard process.exitCode == 0 else { throw failure() }
        // ffmpeg 5.1 exits 0 after "Error writing trailer … No space left on device": at
        // -loglevel error anything it says is a failure, and so is a file with nothing in it.
        let said = errors.text().trimmingCharacters(in: .whitespacesAndNewlines)
        guard said.isEmpty else { throw failure() }
        var info = stat()
        guard lstat(file.temporary.path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else {
            throw FileError(path: file.target.path, reason: "ffmpeg left no regular file (a link?); not moving it into place")
        }
        guard info.st_size > 0 else {
            throw FileError(path: file.target.path, reason: "ffmpeg wrote nothing")
        }
        // What ffmpeg wrote must be the container asked for: an MP4's `ftyp` box, WebM's EBML
        // header (hostile round 36: a broken ffmpeg's 100 random bytes went into place, exit 0).
        guard Self.isContainer(format, at: file.temporary.path) else {
            throw FileError(path: file.target.path, reason: "ffmpeg wrote no whole \(format == .mp4 ? "MP4 (its boxes, ftyp first and a moov among them, must fill the file)" : "WebM (no EBML header)"); not moving it into place")
        }
        try file.commit(durability)
    }

    private enum SendOutcome { case sent, failed, stalled }

    private func send(_ image: RGBAImage) throws(FileError) {
        let outcome: SendOutcome = image.pixels.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return .sent }
            var offset = 0
            // The whole frame within `stallSeconds`, not each piece of it: an ffmpeg reading a
            // trickle (8 KB a second) took a frame in 140 s and a transition in hours (hostile
            // round 72).
            let deadline = DispatchTime.now().uptimeNanoseconds + UInt64(Self.stallSeconds * 1e9)
            while offset < raw.count {
                // Waits for room without blocking in send: an ffmpeg that stops reading is a
                // stall, not a hang.
                let now = DispatchTime.now().uptimeNanoseconds
                if now >= deadline { return .stalled }
                var ready = pollfd(fd: input, events: Int16(POLLOUT), revents: 0)
                let polled = poll(&ready, 1, Int32(min(Double(Int32.max), ((Double(deadline - now) / 1e6)).rounded(.up))))
                if polled == 0 { return .stalled }
                if polled < 0 {
                    if errno == EINTR { continue }
                    return .failed
                }
                let sent = Foundation.send(input, base + offset, raw.count - offset, Int32(MSG_NOSIGNAL) | Int32(MSG_DONTWAIT))
                if sent < 0 {
                    if errno == EINTR || errno == EAGAIN { continue }
                    return .failed
                }
                offset += sent
            }
            return .sent
        }
        switch outcome {
        case .sent: written += 1
        case .failed: throw failure(whileSending: true)
        case .stalled:
            stop()
            throw FileError(path: file.target.path, reason: "ffmpeg took no whole frame in \(Limits.format(Self.stallSeconds)) s; stopped it")
        }
    }

    /// What ffmpeg said when it failed (its last line), with the file named. `whileSending`:
    /// it stopped taking frames before the last.
    private func failure(whileSending: Bool = false) -> FileError {
        shutdown(input, Int32(SHUT_WR))
        // An ffmpeg that closed its input and went on running is stopped here: the signal is
        // ours, so it is not said as ffmpeg's failure (hostile round 33: "killed by signal 9").
        let stoppedByUs = !waitForExit(seconds: Self.exitSeconds)
        if stoppedByUs { stop() }
        guard waitForExit(seconds: 0) else { return FileError(path: file.target.path, reason: "ffmpeg failed and did not exit when stopped") }
        if stoppedByUs {
            return FileError(path: file.target.path, reason: "ffmpeg stopped taking frames (\(written) taken) and did not exit within \(Limits.format(Self.exitSeconds)) s; stopped it"
                             + (Self.lastLine(of: errors.text()).map { ": \($0)" } ?? ""))
        }
        // ffmpeg gone with status 0 while frames were still coming did not fail by its own
        // account: it stopped reading ("ffmpeg failed: exit status 0" said nothing).
        if whileSending, process.signal == nil, process.exitCode == 0 {
            return FileError(path: file.target.path, reason: "ffmpeg exited with status 0 before taking every frame (\(written) taken)"
                             + (Self.lastLine(of: errors.text()).map { ": \($0)" } ?? ""))
        }
        let status = process.signal.map { "killed by signal \($0)" } ?? "exit status \(process.exitCode ?? -1)"
        return FileError(path: file.target.path, reason: "ffmpeg failed: \(Self.lastLine(of: errors.text()) ?? status)")
    }

    /// The last line giving a system error's reason, else the last line that says something;
    /// without control characters, at most 300 characters (the end of it: where ffmpeg's reason
    /// is).
    static func lastLine(of text: String) -> String? {
        let lines = text.split(whereSeparator: \.isNewline).map { line in
            String(line.unicodeScalars.filter { $0.properties.generalCategory != .control }).trimmingCharacters(in: .whitespaces)
        }
        // The system's reason when ffmpeg gave one: on a full disk its last lines are "Error
        // initializing output stream 0:0 --" and "Conversion failed!", the reason two lines up
        // (hostile round 107).
        let reasons = [ENOSPC, EDQUOT, EFBIG, EACCES, EROFS, EIO, EPERM].map { String(cString: strerror($0)) }
        let last = lines.last { line in reasons.contains { line.contains($0) } } ?? lines.last { !$0.isEmpty }
        guard let last else { return nil }
        return last.count > 300 ? "…" + last.suffix(300) : last
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
/// full pipe, keeping only the last `keep` bytes (its last lines say why it failed; a child
/// flooding its stderr costs no memory).
private final class ErrorCollector: @unchecked Sendable {
    static let keep = 4096
    private var tail: [UInt8] = []
    private let done = DispatchSemaphore(value: 0)

    init(_ handle: FileHandle) {
        let descriptor = handle.fileDescriptor
        Thread.detachNewThread { [self] in
            var buffer = [UInt8](repeating: 0, count: 16 << 10)
            while true {
                let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
                if count < 0 && errno == EINTR { continue }
                if count <= 0 { break }
                tail += buffer[0..<count]
                if tail.count > 2 * Self.keep { tail.removeFirst(tail.count - Self.keep) }
            }
            if tail.count > Self.keep { tail.removeFirst(tail.count - Self.keep) }
            _ = handle
            done.signal()
        }
    }

    /// What the child said last; waits (at most 5 s) for its stderr to close.
    func text() -> String {
        guard done.wait(timeout: .now() + 5) == .success else { return "" }
        done.signal()
        return String(decoding: tail, as: UTF8.self)
    }
}
