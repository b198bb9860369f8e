import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Makes Ctrl-C, SIGTERM, SIGHUP (and SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM) leave nothing half-written: the signal is caught instead of
/// killing the process, programs it runs are killed (`ChildProcesses`), every registered
/// temporary is removed, and the process exits with the
/// shell's status for the signal (128 + number). Also ignores SIGXFSZ, so a file-size limit shows
/// up as a write error (reported, cleaned up) instead of a crash.
///
/// The handler is installed with `signal()` when the program starts, and it only
/// writes the signal's number to a pipe (all a signal handler may safely do); a thread of its own
/// reads the pipe and cleans up. Unlike a dispatch signal source, whose registration finishes
/// some time after `resume()` (a signal in between was lost: the run went on to the end), there
/// is no moment when the signal is neither handled nor left to its default.
package enum InterruptCleanup {
    nonisolated(unsafe) private static var started = false
    nonisolated(unsafe) private static var armed = false
    nonisolated(unsafe) private static var stopping: (@Sendable (Int32) -> Int32)?
    private static let lock = NSLock()

    /// Call once, early, from a command-line program (a library never takes over signals). The
    /// handlers are installed now, not with the first temporary file: a GIF or WebP run draws
    /// every frame before its output's temporary exists, and a SIGTERM then ended it by the
    /// signal itself, not with the 128 + number the README promises (round 36).
    public static func install() {
        signal(SIGXFSZ, SIG_IGN)
        lock.withLock { armed = true }
        startIfInstalled()
    }

    /// For a command that runs until stopped (a server): `stop` runs first on Ctrl-C, SIGTERM or
    /// SIGHUP and returns the exit status (0 for a server asked to stop); then temporaries are
    /// removed as usual. Installs the handlers now.
    public static func takeOver(_ stop: @escaping @Sendable (Int32) -> Int32) {
        lock.withLock {
            stopping = stop
            armed = true
        }
        startIfInstalled()
    }

    /// Installs the handlers if `install()` was called and they are not yet (also from
    /// `TemporaryFiles.register`, for a program that armed them without starting them).
    static func startIfInstalled() {
        lock.lock()
        defer { lock.unlock() }
        guard armed, !started else { return }
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { return }  // out of descriptors: signals keep their default
        _ = fcntl(ends[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(ends[1], F_SETFD, FD_CLOEXEC)
        SignalPipe.write = ends[1]
        started = true
        let readEnd = ends[0]
        let reader = Thread { waitForSignal(on: readEnd) }
        reader.name = "tabsnap.interrupt"
        reader.start()
        // Ctrl-C, SIGTERM, SIGHUP, and the other signals whose default is to end the process
        // (Ctrl-\, a closed pipe to `| head`, timers and user signals): none leaves temporaries.
        for number in [SIGINT, SIGTERM, SIGHUP, SIGQUIT, SIGPIPE, SIGUSR1, SIGUSR2, SIGALRM] {
            signal(number) { caught in
                var byte = UInt8(truncatingIfNeeded: caught)
                _ = Glibc.write(SignalPipe.write, &byte, 1)
            }
        }
    }

    private static func waitForSignal(on descriptor: Int32) {
        var byte: UInt8 = 0
        while true {
            let count = read(descriptor, &byte, 1)
            if count == 1 { break }
            if count < 0 && errno == EINTR { continue }
            return  // the pipe is gone: nothing more will come
        }
        let number = Int32(byte)
        let stop: (@Sendable (Int32) -> Int32)? = lock.withLock {
            defer { stopping = nil }
            return stopping
        }
        // A second signal while stopping exits at once.
        Thread { waitForSecondSignal(on: descriptor) }.start()
        let status = stop?(number) ?? 128 + number
        TemporaryFiles.shared.beginExit()
        ChildProcesses.shared.killAll()
        TemporaryFiles.shared.removeAllForExit()
        // The folders a stopped check made and wrote nothing into go too (hostile round 52).
        HeldFolder.removeMadeForExit()
        _exit(status)
    }

    private static func waitForSecondSignal(on descriptor: Int32) {
        var byte: UInt8 = 0
        while read(descriptor, &byte, 1) != 1 {
            if errno != EINTR { return }
        }
        TemporaryFiles.shared.beginExit()
        ChildProcesses.shared.killAll()
        TemporaryFiles.shared.removeAllForExit()
        _exit(128 + Int32(byte))
    }
}

/// The pipe's writing end, read by the signal handler. Set before any handler is installed, so
/// the handler never runs a lazy global initialiser.
private enum SignalPipe {
    nonisolated(unsafe) static var write: Int32 = -1
}
