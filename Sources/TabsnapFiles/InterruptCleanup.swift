import Dispatch
import Foundation

/// Makes Ctrl-C, SIGTERM and SIGHUP leave nothing half-written: the signal is taken on a
/// dispatch queue instead of killing the process, every registered temporary is removed, and the
/// process exits with the shell's status for the signal (128 + number). Also ignores SIGXFSZ, so
/// a file-size limit shows up as a write error (reported, cleaned up) instead of a crash.
package enum InterruptCleanup {
    nonisolated(unsafe) private static var sources: [DispatchSourceSignal] = []

    /// Call once, early, from a command-line program (a library never takes over signals).
    public static func install() {
        signal(SIGXFSZ, SIG_IGN)
        guard sources.isEmpty else { return }
        for number in [SIGINT, SIGTERM, SIGHUP] {
            signal(number, SIG_IGN)  // delivered to the source below instead
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                TemporaryFiles.shared.removeAllForExit()
                _exit(128 + number)
            }
            source.resume()
            sources.append(source)
        }
    }
}
