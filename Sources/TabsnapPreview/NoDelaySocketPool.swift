import FlyingFox
import FlyingSocks
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// FlyingFox's socket pool with Nagle's algorithm turned off on every socket it waits on.
///
/// FlyingFox writes a response's header and body in two writes. With Nagle on, the body waits
/// for the browser to acknowledge the header, and the browser delays that acknowledgement by up
/// to 40 ms: measured here as 50 ms from request to response for a 3 ms render. FlyingFox gives
/// no hook for new connections, so the option is set whenever a socket is waited on: the
/// listening socket (Linux passes the option on to the connections it accepts) and each
/// connection as it waits for a request. One system call, much cheaper than the wait itself.
struct NoDelaySocketPool: AsyncSocketPool {
    let base: any AsyncSocketPool

    func prepare() async throws { try await base.prepare() }

    func run() async throws { try await base.run() }

    func suspendSocket(_ socket: Socket, untilReadyFor events: Socket.Events) async throws {
        // Fails harmlessly on a socket that is not TCP.
        try? socket.setValue(true, for: BoolSocketOption(level: Int32(IPPROTO_TCP), name: Int32(TCP_NODELAY)))
        try await base.suspendSocket(socket, untilReadyFor: events)
    }
}
