import FlyingFox
import Foundation

/// Lets through only what the preview's own page (or a tool on this machine) sends:
/// - the Host must be the loopback name the server listens on, so a web page elsewhere cannot
///   reach it by pointing a DNS name at 127.0.0.1 (DNS rebinding);
/// - a browser's request made by another site's page (`Sec-Fetch-Site: cross-site`, or an
///   `Origin` other than this server's) is refused, so a page elsewhere can neither make it draw
///   nor read what it says;
/// - writes (`POST /golden`) and the reload socket must carry this server's own `Origin`, which
///   browsers always send for them, so a sandboxed frame (`Origin: null`) or a form cannot record
///   goldens.
/// Tools like curl send neither header and may read pictures.
struct SameOriginGuard: HTTPHandler {
    let next: any HTTPHandler
    let hosts: Hosts

    /// The Host values the server answers to: `127.0.0.1:PORT` and `localhost:PORT`, once the
    /// port is known.
    final class Hosts: @unchecked Sendable {
        private let lock = NSLock()
        private var names: Set<String> = []

        func allow(port: UInt16) {
            lock.withLock { names = ["127.0.0.1:\(port)", "localhost:\(port)"] }
        }

        func contains(_ host: String) -> Bool {
            lock.withLock { names.contains(host.lowercased()) }
        }
    }

    func handleRequest(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard let host = request.headers[.host], hosts.contains(host) else {
            return PreviewRoutes.problem(403, "only http://127.0.0.1 serves this preview")
        }
        if request.headers[HTTPHeader("Sec-Fetch-Site")] == "cross-site" {
            return PreviewRoutes.problem(403, "requests from other sites are refused")
        }
        let origin = request.headers[HTTPHeader("Origin")]
        if let origin, !Self.isOwn(origin: origin, host: host) {
            return PreviewRoutes.problem(403, "requests from \(origin) are refused")
        }
        let changesOrSubscribes = request.method != .GET || request.path == "/events"
        if changesOrSubscribes && origin == nil {
            return PreviewRoutes.problem(403, "\(request.method.rawValue) \(request.path) is only for the preview's page (no Origin)")
        }
        return try await next.handleRequest(request)
    }

    /// `http://` and exactly the host (and port) the request was sent to.
    static func isOwn(origin: String, host: String) -> Bool {
        origin.lowercased() == "http://" + host.lowercased()
    }
}
