import CSystem
import Foundation

/// Fits the process to an address-space limit (`ulimit -v`, `RLIMIT_AS`). glibc's malloc gives
/// each thread that allocates an arena of its own, and reserves 64 MB of address space for each:
/// under `ulimit -v 400000` a check's worker threads used up the limit with reservations alone,
/// and pango could not start its font-matching thread (hostile round 41). With the address space
/// limited, malloc keeps two arenas; without a limit nothing changes.
package enum AddressSpaceLimit {
    /// Two arenas: the main thread's and one the workers share (each thread's allocations are
    /// small next to the pictures they draw).
    package static let arenas: Int32 = 2

    /// Call once, early, from a command-line program.
    package static func fitMalloc() {
        var limit = rlimit()
        #if os(Linux)
        guard getrlimit(__rlimit_resource_t(RLIMIT_AS.rawValue), &limit) == 0, limit.rlim_cur != rlim_t.max else { return }  // RLIM_INFINITY
        _ = mallopt(tabsnap_m_arena_max, arenas)
        #endif
    }
}
