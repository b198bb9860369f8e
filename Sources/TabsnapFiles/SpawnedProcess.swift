import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A program Tabsnap runs (the user's `ffmpeg`) in a process group of its own, waited for with
/// `waitpid`: so that stopping it stops whatever it started too (a wrapper script's encoder, a
/// helper holding its standard error), and its end is seen when the program itself exits, not
/// when every descriptor it handed on is closed. Registered with `ChildProcesses` while it may
/// be running, so an interruption kills the group.
package final class SpawnedProcess: @unchecked Sendable {
    /// The program's process id, which is also its group's id.
    package let pid: pid_t
    private let exited = DispatchSemaphore(value: 0)
    private let lock = NSLock()
    private var rawStatus: Int32?

    /// Starts `program` with `arguments`, its standard input, output and error on the given
    /// descriptors (duplicated; the caller keeps and closes its own). No other descriptor of
    /// this process reaches it, and it starts with the default signal dispositions.
    /// - Throws: the `errno` of a failed start, as an `NSError` in `NSPOSIXErrorDomain`.
    package init(program: String, arguments: [String], input: Int32, output: Int32, error: Int32) throws {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, input, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, error, 2)
        // Nothing else of this process reaches the program (a font file, the other end of its
        // own input): every other descriptor open now is closed in it.
        let open = ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []).compactMap { Int32($0) }
        for fd in open where fd > 2 { posix_spawn_file_actions_addclose(&actions, fd) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setsigmask(&attributes, &none)
        posix_spawnattr_setpgroup(&attributes, 0)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([program] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        var spawned: pid_t = 0
        let result = (argv + [nil]).withUnsafeBufferPointer { pointers -> Int32 in
            guard let base = pointers.baseAddress else { return EINVAL }
            return posix_spawn(&spawned, program, &actions, &attributes, UnsafeMutablePointer(mutating: base), environ)
        }
        guard result == 0 else { throw NSError(domain: NSPOSIXErrorDomain, code: Int(result)) }
        pid = spawned
        let pid = spawned
        ChildProcesses.shared.register(pid)
        Thread.detachNewThread { [self] in
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
            lock.withLock { rawStatus = status }
            // Whatever it started and left behind goes with it (and stops holding its stderr).
            kill(-pid, SIGKILL)
            ChildProcesses.shared.unregister(pid)
            exited.signal()
        }
    }

    /// Waits up to `seconds` for the program to exit; whether it has.
    package func wait(seconds: Double) -> Bool {
        guard exited.wait(timeout: .now() + seconds) == .success else { return false }
        exited.signal()
        return true
    }

    /// Kills the program and everything in its group (SIGKILL: it may ignore SIGTERM), then
    /// waits up to 5 s for it to be reaped.
    package func stop() {
        guard !wait(seconds: 0) else { return }
        kill(-pid, SIGKILL)
        _ = wait(seconds: 5)
    }

    /// The exit code when the program exited by itself; nil while it runs or when a signal ended it.
    package var exitCode: Int32? {
        lock.withLock { rawStatus.flatMap { $0 & 0x7F == 0 ? ($0 >> 8) & 0xFF : nil } }
    }

    /// The signal that ended the program; nil while it runs or when it exited by itself.
    package var signal: Int32? {
        lock.withLock { rawStatus.flatMap { $0 & 0x7F != 0 ? $0 & 0x7F : nil } }
    }
}
