import CSandbox
import Foundation
import TabsnapFiles
import TabsnapModel

/// Runs a probe in a sandbox child: this executable started again, where CSandbox's constructor
/// draws the request under `Limits.sandbox…` and exits before `main`. Neither librsvg nor cairo
/// can be interrupted or told a budget, so an icon or a font whose drawing runs for hours or
/// takes gigabytes is found in a child that can be killed, not in the process that renders.
///
/// A child of the executable itself (not a helper program found on a path) works wherever the
/// binary is copied or installed, and in every process built with Tabsnap: the CLI, a test
/// runner using TabsnapTesting, an app. When Tabsnap's code was not there from the process's
/// start (a plugin opened later), no child is possible and `isAvailable` is false.
package enum SandboxChild {
    /// Why a probe did not draw.
    package enum Failure: Error, Equatable {
        /// Killed after `Limits.sandboxWallSeconds`, or over `Limits.sandboxCPUSeconds` of CPU.
        case tooSlow
        /// Ran out of its address space (`Limits.sandboxMemoryBytes`).
        case tooLarge
        /// librsvg, fontconfig or cairo refused it, with their message.
        case refused(String)
        /// Ended by a signal that is not a limit (a crash in a library).
        case crashed(signal: Int32)
        /// The child could not be started, or did not understand us.
        case unavailable(String)

        /// Whether the failure may be the machine's rather than the input's (no child started, a
        /// crash): such verdicts are not kept.
        package var isAboutTheMachine: Bool {
            switch self {
            case .unavailable, .crashed: return true
            case .tooSlow, .tooLarge, .refused: return false
            }
        }

        /// What a message says after the file's name: "… needs over 512 MB of memory to draw".
        package var reason: String { reason(doing: "to draw") }

        /// The same for other work than drawing ("to read").
        package func reason(doing work: String) -> String {
            switch self {
            case .tooSlow: return "takes over \(Limits.sandboxCPUSeconds) s \(work)"
            case .tooLarge: return "needs over \(Limits.sandboxMemoryBytes >> 20) MB of memory \(work)"
            case .refused(let message): return "cannot be drawn (\(message))"
            case .crashed(let signal): return "crashes the drawing library (signal \(signal))"
            case .unavailable(let why): return "cannot be checked in a sandbox (\(why))"
            }
        }
    }

    /// What a finished child cost (the benchmark reports it).
    package struct Cost {
        package var cpuMilliseconds: Int
        package var peakResidentKilobytes: Int
        /// What an icon probe said its parts took (`TABSNAP_SANDBOX_ICON_COST`): nil when it
        /// said nothing.
        package var iconCost: IconCost?
    }

    /// What an icon probe's work took, CPU ms each: reading the icon (once per renderer that
    /// loads it), and drawing it once resting on whole pixels, once moving off them, and once on
    /// the costlier vector stream (0 for a target not drawn); and the memory reading or drawing
    /// it added at most (kB): what each renderer reading and drawing it holds
    /// (`FrameRenderer.pace`); and what drawing it as SVG holds and keeps (`SVGDrawing`), nil
    /// when it was not drawn as SVG.
    package struct IconCost: Equatable {
        package var reading = 0, resting = 0, moving = 0, vector = 0
        package var kilobytes = 0
        package var svg: SVGDrawing?
    }

    /// What one drawing of an icon on cairo's SVG surface took in memory (bytes): what the
    /// picture's document held with it while drawn, its bytes written out included, and what
    /// cairo 1.16 kept of it until the process ends once the surface was gone (`SVGSurfaceLeak`).
    package struct SVGDrawing: Equatable {
        package var held = 0, kept = 0
    }

    /// Children started by this process (tests check that verdicts are kept).
    package static var started: Int { startedLock.withLock { startedCount } }
    private static let startedLock = NSLock()
    nonisolated(unsafe) private static var startedCount = 0

    /// True when a child can be started (see the type's comment).
    static var isAvailable: Bool { tabsnap_sandbox_available() != 0 }

    /// The executable to start: the running one, by its path (valgrind and similar tools answer
    /// for their client there), or `/proc/self/exe` once that path no longer holds it.
    private static let executable: String = {
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe"),
           path.hasPrefix("/"), !path.hasSuffix(" (deleted)"), access(path, X_OK) == 0 {
            return path
        }
        return "/proc/self/exe"
    }()

    /// Runs `kind` ("icon", "font") with `arguments` and `input` on its standard input.
    @discardableResult
    package static func run(_ kind: String, _ arguments: [String], input: [UInt8]) -> Result<Cost, Failure> {
        guard isAvailable else { return .failure(.unavailable("Tabsnap's code was loaded after the process started")) }
        let all = [String(Limits.sandboxMemoryBytes >> 20), String(Limits.sandboxCPUSeconds), kind] + arguments
        var errorDescriptor: Int32 = -1
        let pid: pid_t = withCStrings(all) { argv in
            input.withUnsafeBufferPointer { bytes in
                tabsnap_sandbox_spawn(executable, argv, bytes.baseAddress, bytes.count, &errorDescriptor)
            }
        }
        guard pid > 0 else {
            return .failure(.unavailable("cannot start \(executable): \(String(cString: strerror(errno)))"))
        }
        ChildProcesses.shared.register(pid)
        startedLock.withLock { startedCount += 1 }
        var end = tabsnap_sandbox_end()
        tabsnap_sandbox_wait(pid, errorDescriptor, Limits.sandboxWallSeconds * 1_000, Limits.sandboxMemoryBytes >> 10, &end)
        ChildProcesses.shared.unregister(pid)
        let said = withUnsafeBytes(of: end.error_tail) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        return outcome(of: end, said: said)
    }

    private static func outcome(of end: tabsnap_sandbox_end, said: String) -> Result<Cost, Failure> {
        // The child's own last word on its peak, else what the parent saw.
        let marker = TABSNAP_SANDBOX_PEAK + " ", iconMarker = TABSNAP_SANDBOX_ICON_COST + " "
        let lines = said.split(whereSeparator: \.isNewline)
        let reported = lines.last { $0.hasPrefix(marker) }.flatMap { Int($0.dropFirst(marker.count)) }
        let icon = lines.last { $0.hasPrefix(iconMarker) }.flatMap { line -> IconCost? in
            // (Each at most 2³⁰, ms, kB or bytes: a child's word, summed and scaled by the
            // renderer, cannot overflow it.)
            let figures = line.dropFirst(iconMarker.count).split(separator: " ").compactMap { Int($0) }.map { min($0, 1 << 30) }
            // (-1 -1 at the end: not drawn as SVG.)
            guard figures.count == 7, figures.prefix(5).allSatisfy({ $0 >= 0 }), figures[5] >= -1, figures[6] >= -1 else { return nil }
            let svg = figures[5] >= 0 && figures[6] >= 0 ? SVGDrawing(held: figures[5], kept: figures[6]) : nil
            return IconCost(reading: figures[0], resting: figures[1], moving: figures[2], vector: figures[3], kilobytes: figures[4], svg: svg)
        }
        let said = lines.filter { !$0.hasPrefix(marker) && !$0.hasPrefix(iconMarker) }.joined(separator: "\n")
        let peak = max(reported ?? 0, end.peak_kb)
        let cost = Cost(cpuMilliseconds: end.cpu_ms, peakResidentKilobytes: peak, iconCost: icon)
        if end.lost != 0 { return .failure(.unavailable("the child was reaped by someone else (is SIGCHLD ignored?)")) }
        if end.timed_out != 0 {
            // Out of wall time without its CPU time: a loaded or stopped machine, not the input.
            if end.cpu_ms < Limits.sandboxCPUSeconds * 1_000 / 2 {
                return .failure(.unavailable("the child got under \(Limits.sandboxCPUSeconds / 2) s of CPU in \(Limits.sandboxWallSeconds) s; the machine is too busy"))
            }
            return .failure(.tooSlow)
        }
        if end.over_memory != 0 || peak > Limits.sandboxMemoryBytes >> 10 { return .failure(.tooLarge) }
        let status = end.status
        let signal = status & 0x7f
        if signal == 0 {
            switch (status >> 8) & 0xff {
            case Int32(TABSNAP_SANDBOX_DREW): return .success(cost)
            case Int32(TABSNAP_SANDBOX_OUT_OF_MEMORY): return .failure(.tooLarge)
            case Int32(TABSNAP_SANDBOX_REFUSED):
                // librsvg says an allocation failed as a rendering error.
                return .failure(said.contains("NoMemory") ? .tooLarge : .refused(lastLine(of: said)))
            case Int32(TABSNAP_SANDBOX_NO_LIBRSVG):
                return .failure(.unavailable("cannot open \(Librsvg.fileName) in the sandbox"))
            case Int32(TABSNAP_SANDBOX_NO_TEXT_WATCH):
                return .failure(.unavailable("pango's font map cannot be watched in the sandbox"))
            case Int32(TABSNAP_SANDBOX_NO_CSS_WATCH):
                return .failure(.unavailable("what librsvg skips cannot be read in the sandbox"))
            default: return .failure(.unavailable("the sandbox child did not understand the request"))
            }
        }
        if signal == SIGXCPU || (signal == SIGKILL && end.cpu_ms >= Limits.sandboxCPUSeconds * 1_000) {
            return .failure(.tooSlow)
        }
        // A machine's limits, not the input's: GLib could not start a thread.
        if said.contains("creating thread") || said.contains("Resource temporarily unavailable") {
            return .failure(.unavailable("the sandbox could not start a thread: \(lastLine(of: said))"))
        }
        // A failed allocation aborts Rust (librsvg) and GLib with a message saying so.
        if said.contains("memory allocation of") || said.contains("failed to allocate") || said.contains("out of memory") {
            return .failure(.tooLarge)
        }
        return .failure(.crashed(signal: signal))
    }

    private static func lastLine(of text: String) -> String {
        let lines = text.split(whereSeparator: \.isNewline).map { $0.trimmingCharacters(in: .whitespaces) }
        return lines.last(where: { !$0.isEmpty }) ?? "refused"
    }

    /// A NULL-terminated array of C strings alive during `body`.
    private static func withCStrings<T>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> T) -> T {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer($0) } + [nil]
        // Never empty (the NULL at its end), so it has an address.
        return pointers.withUnsafeBufferPointer { body($0.baseAddress.unsafelyUnwrapped) }
    }
}
