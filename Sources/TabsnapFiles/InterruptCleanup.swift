import Dispatch
import Foundation

/// Makes Ctrl-C, SIGTERM and SIGHUP leave nothing half-written: the signal is taken on a
/// dispatch queue instead of killing the process, every registered temporary is removed, and the
/// process exits with the shell's status for the signal (128 + number). Also ignores SIGXFSZ, so
/// a file-size limit shows up as a write error (reported, cleaned up) instead of a crash.
package enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []
    nonisolated(unsafe) private static var armed = false
    nonisolated(unsafe) private static var stopping: (@Sendable (Int32) -> Int32)?
    private static let lock = NSLock()

    /// Call once, early, from a command-line program (a library never takes over signals). The
    /// signal sources themselves start with the first temporary file (`TemporaryFiles.register`):
    /// until then there is nothing to clean up, and a command that writes nothing (a diff, a
    /// layout) does not start libdispatch's threads for them.
    public static func install() {
        signal(SIGXFSZ, SIG_IGN)
        lock.lock()
        armed = true
        lock.unlock()
    }

    /// For a command that runs until stopped (a server): `stop` runs first on Ctrl-C, SIGTERM or
    /// SIGHUP and returns the exit status (0 for a server asked to stop); then temporaries are
    /// removed as usual. Starts the signal sources now.
    public static func takeOver(_ stop: @escaping @Sendable (Int32) -> Int32) {
        lock.lock()
        stopping = stop
        armed = true
        lock.unlock()
        startIfInstalled()
    }

    /// Starts the signal sources if `install()` was called (from `TemporaryFiles.register`).
    static func startIfInstalled() {
        lock.lock()
        defer { lock.unlock() }
        guard armed, sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)  // delivered to the source below instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                lock.lock()
                let stop = stopping
                stopping = nil  // a second signal while stopping exits at once
                lock.unlock()
                let status = stop?(number) ?? 128 + number
                TemporaryFiles.shared.removeAllForExit()
                _exit(status)
            }
            source.resume()
            sources.append(source)
        }
    }
}
