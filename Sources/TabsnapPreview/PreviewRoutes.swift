import FlyingFox
import Dispatch
import Foundation
import Tabsnap

/// The preview's URLs. Pictures take the page's settings as a query
/// (`spec=NAME&position=1.5&theme=dark&scale=2&textScale=1.5&direction=rtl`, all but `spec`
/// optional); `download=1` makes the browser save the file under the name `tabsnap` would give it.
struct PreviewRoutes {
    let suite: PreviewSuite
    let renderer: PreviewRenderer
    let goldens: PreviewGoldens
    let events: PreviewEvents

    func handler() -> RoutedHTTPHandler {
        var routes = RoutedHTTPHandler()
        for file in PreviewPage.files {
            routes.appendRoute(HTTPRoute(method: .GET, path: file.route)) { _ in
                Self.ok(file.bytes, type: file.type)
            }
        }
        routes.appendRoute("GET /specs.json") { [suite, goldens, renderer] _ in
            do throws(PreviewProblem) {
                let catalog = try await renderer.inOrder { PreviewCatalog.catalog(of: suite, goldens: goldens) }
                return Self.ok(PreviewCatalog.json(catalog), type: "application/json")
            } catch {
                return Self.problem(error.status, error.description)
            }
        }
        picture("/render.png", type: "image/png", download: .png, into: &routes) { [renderer] request throws(PreviewProblem) in
            (try await renderer.picture(request, format: .png), [:])
        }
        picture("/render.svg", type: "image/svg+xml", download: .svg, into: &routes) { [renderer] request throws(PreviewProblem) in
            (try await renderer.picture(request, format: .svg), [:])
        }
        picture("/layout.json", type: "application/json", download: .layout, into: &routes) { [renderer] request throws(PreviewProblem) in
            (try await renderer.layout(request), [:])
        }
        picture("/animation.png", type: "image/png", download: .animation, into: &routes) { [renderer] request throws(PreviewProblem) in
            let (file, seconds) = try await renderer.animation(request)
            return (file, ["X-Play-Seconds": String(seconds)])
        }
        routes.appendRoute("POST /golden") { [goldens, renderer] (request: HTTPRequest) -> HTTPResponse in
            let query = Dictionary(request.query.map { (item: HTTPRequest.QueryItem) in (item.name, item.value) }, uniquingKeysWith: { $1 })
            guard let spec = query["spec"], let name = query["name"] else { return Self.problem(400, "spec and name: missing") }
            do throws(PreviewProblem) {
                let path = try await renderer.inOrder { try goldens.write(spec: spec, name: name) }
                return Self.ok(PreviewCatalog.json(["path": path]), type: "application/json")
            } catch {
                return Self.problem(error.status, error.description)
            }
        }
        routes.appendRoute("GET /events", to: WebSocketHTTPHandler(handler: MessageFrameWSHandler(handler: events)))
        return routes
    }

    /// A drawing's route: parses the query, draws, and turns every failure into a status with a
    /// one-line reason. `draw` gives the bytes and any extra headers.
    private func picture(_ path: String, type: String, download: PreviewRequest.Download, into routes: inout RoutedHTTPHandler,
                         draw: @escaping @Sendable (PreviewRequest) async throws(PreviewProblem) -> ([UInt8], [String: String])) {
        routes.appendRoute(HTTPRoute(method: .GET, path: path)) { request in
            await Self.answer(request, type: type, download: download, draw: draw)
        }
    }

    private static func answer(_ request: HTTPRequest, type: String, download: PreviewRequest.Download,
                               draw: (PreviewRequest) async throws(PreviewProblem) -> ([UInt8], [String: String])) async -> HTTPResponse {
        let parsed: PreviewRequest
        do {
            parsed = try PreviewRequest(query: request.query.map { ($0.name, $0.value) })
        } catch {
            return problem(400, error.description)
        }
        do {
            let started = DispatchTime.now().uptimeNanoseconds
            let (bytes, extra) = try await draw(parsed)
            var response = ok(bytes, type: type)
            // The page shows where a frame's time goes (the browser's devtools read it too).
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            response.headers[HTTPHeader("Server-Timing")] = "render;dur=\(String(format: "%.1f", milliseconds))"
            for (name, value) in extra { response.headers[HTTPHeader(name)] = value }
            if request.query.contains(where: { $0.name == "download" && $0.value == "1" }) {
                response.headers[.contentDisposition] = Self.attachment(parsed.downloadName(download))
            }
            return response
        } catch {
            return problem(error.status, error.description)
        }
    }

    /// `attachment; filename="…"` with an ASCII stand-in, and the real name percent-encoded in
    /// `filename*` (RFC 6266) for names beyond ASCII.
    static func attachment(_ name: String) -> String {
        let ascii = String(name.unicodeScalars.map { $0.isASCII ? Character($0) : "_" })
        var header = "attachment; filename=\"\(ascii)\""
        if ascii != name, let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: ".-_@"))) {
            header += "; filename*=UTF-8''\(encoded)"
        }
        return header
    }

    static func ok(_ bytes: [UInt8], type: String) -> HTTPResponse {
        HTTPResponse(statusCode: .ok, headers: [.contentType: type, .cacheControl: "no-store"], body: Data(bytes))
    }

    /// A one-line reason, whatever the message held.
    static func problem(_ status: Int, _ message: String) -> HTTPResponse {
        let message = message.split(whereSeparator: \.isNewline).joined(separator: " ")
        let code = HTTPStatusCode(status, phrase: status == 404 ? "Not Found" : status == 403 ? "Forbidden" : "Error")
        return HTTPResponse(statusCode: code, headers: [.contentType: "text/plain; charset=utf-8", .cacheControl: "no-store"],
                            body: Data((message + "\n").utf8))
    }
}
