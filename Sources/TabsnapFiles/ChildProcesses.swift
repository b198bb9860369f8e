import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// Programs Tabsnap runs (the user's `ffmpeg`, each in a process group of its own:
/// `SpawnedProcess`), so none outlives it: on Ctrl-C, SIGTERM or SIGHUP every one still running
/// is killed outright with everything it started (SIGKILL to its group: a program that ignores
/// SIGTERM would otherwise go on encoding, orphaned) and reaped before the temporaries are
/// removed, so it cannot write into a file after its removal.
package final class ChildProcesses: @unchecked Sendable {
    public static let shared = ChildProcesses()

    private let lock = NSLock()
    private var running: Set<pid_t> = []

    public func register(_ pid: pid_t) {
        lock.withLock { _ = running.insert(pid) }
    }

    public func unregister(_ pid: pid_t) {
        lock.withLock { _ = running.remove(pid) }
    }

    /// Kills every registered child and waits (at most a second in all) for each to go.
    public func killAll() {
        let pids = lock.withLock { () -> Set<pid_t> in
            defer { running.removeAll() }
            return running
        }
        for pid in pids {
            kill(-pid, SIGKILL)  // the group: what the program started goes too
            kill(pid, SIGKILL)
        }
        let deadline = Date().addingTimeInterval(1)
        var left = pids
        while !left.isEmpty && Date() < deadline {
            for pid in left where waitpid(pid, nil, WNOHANG) != 0 { left.remove(pid) }
            if !left.isEmpty { usleep(5_000) }
        }
    }
}
