import Foundation

/// Lets through only what the preview's own page (or a tool on this machine) sends, deciding on
/// a request's head before any other work is done for it:
/// - the Host must be the loopback name the server listens on, so a web page elsewhere cannot
///   reach it by pointing a DNS name at 127.0.0.1 (DNS rebinding);
/// - a browser's request made by another site's page (`Sec-Fetch-Site: cross-site`, or an
///   `Origin` other than this server's) is refused, so a page elsewhere can neither make it draw
///   nor read what it says; so is one from a page on another port of this host (`same-site`),
///   but for opening the preview's page itself;
/// - writes (`POST /golden`) and the reload socket must carry this server's own `Origin`, which
///   browsers always send for them, and may not come from another port of this host
///   (`Sec-Fetch-Site: same-site`: a page served on 127.0.0.1:OTHER), so a sandboxed frame
///   (`Origin: null`), a form or a neighbouring local page cannot record goldens.
/// Every response also forbids framing (`X-Frame-Options`, CSP `frame-ancestors 'none'`): a page
/// elsewhere cannot show the preview under its own and have it clicked (`SecurityHeaders`).
/// Tools like curl send neither header and may read pictures.
struct SameOriginGuard: Sendable {
    let hosts: Hosts

    /// The Host values the server answers to: `127.0.0.1:PORT` and `localhost:PORT`, once the
    /// port is known.
    final class Hosts: @unchecked Sendable {
        private let lock = NSLock()
        private var names: Set<String> = []
        private var port: UInt16?

        func allow(port: UInt16) {
            lock.withLock {
                names = ["127.0.0.1:\(port)", "localhost:\(port)"]
                self.port = port
            }
        }

        /// The address the preview serves, with its port (a refusal names it whole: a Host
        /// without the port is refused too).
        var served: String {
            lock.withLock { port.map { "http://127.0.0.1:\($0)" } ?? "http://127.0.0.1" }
        }

        func contains(_ host: String) -> Bool {
            lock.withLock { names.contains(host.lowercased()) }
        }
    }

    /// A refusal, or nil to let the request through.
    func check(_ request: HTTPRequest) -> HTTPResponse? {
        guard let host = request.header("host"), hosts.contains(host) else {
            return PreviewRoutes.problem(403, "only \(hosts.served) serves this preview")
        }
        // Header values of this kind are tokens a browser sends in lower case; compared so,
        // "Cross-Site" from a script-built request is not a value the checks below miss.
        let site = request.header("sec-fetch-site")?.lowercased()
        if site == "cross-site" {
            return PreviewRoutes.problem(403, "requests from other sites are refused")
        }
        let origin = request.header("origin")
        if let origin, !Self.isOwn(origin: origin, host: host) {
            return PreviewRoutes.problem(403, "requests from \(PreviewRequest.quoted(origin)) are refused")
        }
        // A page on another port of this host (`same-site`) may not make the preview draw: its
        // no-cors GETs carry no Origin, and scale-8 transitions asked nonstop took the user's
        // slider from 5 ms to half a second (hostile round 16). Only opening the page itself
        // (a top-level navigation to `/`, say from a link on a local dashboard) is let through.
        if site == "same-site", !(request.method == "GET" && request.path == "/" && request.header("sec-fetch-dest")?.lowercased() == "document") {
            return PreviewRoutes.problem(403, "\(request.method) \(request.path) is only for the preview's page (Sec-Fetch-Site: same-site)")
        }
        let changesOrSubscribes = request.method != "GET" || request.path == "/events"
        if changesOrSubscribes && origin == nil {
            return PreviewRoutes.problem(403, "\(request.method) \(request.path) is only for the preview's page (no Origin)")
        }
        if changesOrSubscribes, let site, site != "same-origin" {
            return PreviewRoutes.problem(403, "\(request.method) \(request.path) is only for the preview's page (Sec-Fetch-Site: \(site))")
        }
        return nil
    }

    /// `http://` and exactly the host (and port) the request was sent to.
    static func isOwn(origin: String, host: String) -> Bool {
        origin.lowercased() == "http://" + host.lowercased()
    }
}

/// Headers on every response: no framing anywhere (clickjacking), a content policy allowing the
/// page's own files and nothing else, no MIME sniffing, no referrer.
enum SecurityHeaders {
    /// `host`: the name the request used, when it is one the server answers to (the reload
    /// socket's address is that name).
    static func headers(host: String?) -> [(String, String)] {
        let socket = host.map { " ws://\($0)" } ?? ""
        return [
            ("X-Frame-Options", "DENY"),
            ("Content-Security-Policy", "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self' blob: data:; "
                + "connect-src 'self'\(socket); frame-ancestors 'none'; base-uri 'none'; form-action 'none'"),
            ("X-Content-Type-Options", "nosniff"),
            ("Referrer-Policy", "no-referrer"),
            ("Cross-Origin-Resource-Policy", "same-origin"),
        ]
    }
}
