import CSystem
import Foundation

/// Fits the process to an address-space limit (`ulimit -v`, `RLIMIT_AS`).
///
/// glibc's malloc gives each thread that allocates an arena of its own, and reserves 64 MB of
/// address space for each: under `ulimit -v 400000` a check's worker threads used up the limit
/// with reservations alone, and pango could not start its font-matching thread (hostile round
/// 41). With the address space limited, malloc keeps two arenas; without a limit nothing changes.
///
/// A limit too small to run in is refused at the start. Swift's runtime stops a program whose
/// memory request fails (SIGABRT and a backtrace, no way to report it), and under 200–300 MB
/// that happened at random, in any command (round 42): a one-line error before any work is the
/// honest answer.
package enum AddressSpaceLimit {
    /// Two arenas: the main thread's and one the workers share (each thread's allocations are
    /// small next to the pictures they draw).
    package static let arenas: Int32 = 2

    /// The least address space Tabsnap runs in: the program and its libraries take about
    /// 200 MB of it before drawing anything, and a picture may be 64 MB (more with its copies).
    package static let floorBytes: UInt64 = 512 << 20

    /// The soft limit on the address space in bytes; nil when there is none.
    package static var current: UInt64? {
        var limit = rlimit()
        #if os(Linux)
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return nil }  // RLIM_INFINITY
        return UInt64(limit.rlim_cur)
        #else
        return nil
        #endif
    }

    /// Call once, early, from a command-line program: the one-line problem when the limit is
    /// below `floorBytes`; else malloc is fitted to a limit there is, and nil.
    package static func fitMalloc() -> String? {
        guard let bytes = current else { return nil }
        if bytes < floorBytes {
            return "the address space this process may use (ulimit -v \(bytes >> 10)) is below the \(floorBytes >> 20) MB tabsnap needs; "
                + "raise the limit (ulimit -v \(floorBytes >> 10) or more) or lift it"
        }
        #if os(Linux)
        _ = mallopt(tabsnap_m_arena_max, arenas)
        #endif
        return nil
    }
}
