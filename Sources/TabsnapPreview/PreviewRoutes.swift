import Dispatch
import Foundation
import Tabsnap

/// The preview's URLs, a fixed table: no path from a URL is ever opened. Pictures take the
/// page's settings as a query (`spec=NAME&position=1.5&theme=dark&scale=2&textScale=1.5&direction=rtl`,
/// all but `spec` optional); `download=1` makes the browser save the file under the name
/// `tabsnap` would give it. The reload socket (`/events`) is the server's own
/// (`LoopbackServer`).
struct PreviewRoutes: Sendable {
    let suite: PreviewSuite
    let renderer: PreviewRenderer
    let goldens: PreviewGoldens

    func answer(_ request: HTTPRequest) async -> HTTPResponse {
        // One value a name, on every route: Copy as golden took the last of two `spec`s and
        // wrote that spec's golden, where every drawing refused them (hostile round 38).
        if let twice = request.repeatedQueryName {
            return Self.problem(400, "\(PreviewRequest.quoted(twice)): given twice; a setting takes one value")
        }
        switch (request.method, request.path) {
        case ("GET", _) where PreviewPage.files.contains(where: { $0.route == request.path }):
            let file = PreviewPage.files.first { $0.route == request.path }!
            return Self.ok(file.bytes, type: file.type)
        case ("GET", "/specs.json"):
            do throws(PreviewProblem) {
                let catalog = try await renderer.besidePictures { [suite, goldens] in PreviewCatalog.catalog(of: suite, goldens: goldens) }
                return Self.ok(PreviewCatalog.json(catalog), type: "application/json")
            } catch {
                return Self.problem(error.status, error.description)
            }
        case ("GET", "/render.png"):
            return await Self.picture(request, type: "image/png", download: .png) { [renderer] parsed throws(PreviewProblem) in
                (try await renderer.picture(parsed, format: .png), [])
            }
        case ("GET", "/render.svg"):
            return await Self.picture(request, type: "image/svg+xml", download: .svg) { [renderer] parsed throws(PreviewProblem) in
                (try await renderer.picture(parsed, format: .svg), [])
            }
        case ("GET", "/layout.json"):
            return await Self.picture(request, type: "application/json", download: .layout) { [renderer] parsed throws(PreviewProblem) in
                (try await renderer.layout(parsed), [])
            }
        case ("GET", "/animation.png"), ("GET", "/animation.gif"), ("GET", "/animation.mp4"):
            // Play's animated PNG, and the same transition as a GIF or an MP4 to save.
            let kind: AnimationFileKind = request.path.hasSuffix(".gif") ? .gif : request.path.hasSuffix(".mp4") ? .mp4 : .png
            let type = ["png": "image/png", "gif": "image/gif", "mp4": "video/mp4"][kind.rawValue] ?? "application/octet-stream"
            return await Self.picture(request, type: type, download: .animation(kind)) { [renderer] parsed throws(PreviewProblem) in
                let (file, seconds) = try await renderer.animation(parsed, as: kind)
                return (file, [("X-Play-Seconds", String(seconds))])
            }
        case ("GET", "/spec.yaml"):
            // "Copy as YAML": the spec with the page's controls applied, the text that draws what
            // the page shows.
            let parsed: PreviewRequest
            do { parsed = try PreviewRequest(query: request.query) } catch { return Self.problem(400, error.description) }
            guard let entry = suite.entry(parsed.spec) else { return Self.problem(404, "no spec named \(PreviewRequest.quoted(parsed.spec))") }
            // Only a spec that reads, with the controls as it would be drawn: YAML that the page's
            // pictures and `tabsnap render` refuse was handed out as a spec (hostile round 40).
            if let error = entry.error { return Self.problem(409, "the spec has an error; fix it first (\(error))") }
            // Copy as YAML copies the spec the page shows, or nothing.
            do throws(PreviewProblem) {
                try entry.require(shown: parsed.shownVersion, then: "copy")
            } catch {
                return Self.problem(error.status, error.description)
            }
            do throws(PreviewProblem) {
                let text = try await renderer.besidePictures { [suite] () throws -> String in
                    let overrides = parsed.overrides ?? SpecOverrides()
                    do {
                        _ = try suite.document(of: entry, with: overrides, in: parsed.locale)
                    } catch {
                        throw PreviewProblem(status: 400, description: "\(error)")
                    }
                    return try suite.text(of: entry, with: overrides)
                }
                var response = Self.ok(Array(text.utf8), type: "text/yaml; charset=utf-8")
                if request.queryValue("download") == "1" {
                    response.headers.append(("Content-Disposition", Self.attachment(parsed.downloadName(.spec))))
                }
                return response
            } catch {
                return Self.problem(error.status, error.description)
            }
        case ("POST", "/golden"):
            guard let spec = request.queryValue("spec"), let name = request.queryValue("name") else {
                return Self.problem(400, "spec and name: missing")
            }
            // The version of the spec the page shows (the page always sends it): a page behind the
            // server (a reload not yet pushed, or a paused page) copied the server's newer picture
            // (hostile round 45). Without it (a script's request) the current version is copied.
            let version: Int?
            do { version = try PreviewRequest.shownVersion(request.queryValue("v")) } catch { return Self.problem(400, error.description) }
            do throws(PreviewProblem) {
                let path = try await renderer.copying { [goldens] in try goldens.write(spec: spec, name: name, shownVersion: version) }
                return Self.ok(PreviewCatalog.json(["path": path]), type: "application/json")
            } catch {
                return Self.problem(error.status, error.description)
            }
        default:
            return Self.problem(404, "no such page: \(PreviewRequest.quoted(request.method + " " + request.path))")
        }
    }

    /// A drawing's route: parses the query, draws, and turns every failure into a status with a
    /// one-line reason. `draw` gives the bytes and any extra headers.
    private static func picture(_ request: HTTPRequest, type: String, download: PreviewRequest.Download,
                                draw: (PreviewRequest) async throws(PreviewProblem) -> ([UInt8], [(String, String)])) async -> HTTPResponse {
        var parsed: PreviewRequest
        do {
            parsed = try PreviewRequest(query: request.query)
        } catch {
            return problem(400, error.description)
        }
        // Only a download is held to the version the page shows (Save; hostile round 46): the
        // page's own drawings ask for the newest, and one on its way as the spec changed would
        // flash an error before the reload's.
        if request.queryValue("download") != "1" { parsed.shownVersion = nil }
        do {
            let started = DispatchTime.now().uptimeNanoseconds
            let (bytes, extra) = try await draw(parsed)
            var response = ok(bytes, type: type)
            // The page shows where a frame's time goes (the browser's devtools read it too).
            let milliseconds = Double(DispatchTime.now().uptimeNanoseconds - started) / 1e6
            response.headers.append(("Server-Timing", "render;dur=\(String(format: "%.1f", milliseconds))"))
            response.headers += extra
            if request.queryValue("download") == "1" {
                response.headers.append(("Content-Disposition", attachment(parsed.downloadName(download))))
            }
            return response
        } catch {
            return problem(error.status, error.description)
        }
    }

    /// `attachment; filename="…"` with an ASCII stand-in, and the real name percent-encoded in
    /// `filename*` (RFC 6266) for names beyond ASCII.
    static func attachment(_ name: String) -> String {
        // Printable ASCII only: DEL (0x7F) is a control character too (hostile round 33).
        let ascii = String(name.unicodeScalars.map { (0x20..<0x7F).contains($0.value) && $0 != "\"" && $0 != "\\" ? Character($0) : "_" })
        var header = "attachment; filename=\"\(ascii)\""
        if ascii != name, let encoded = name.addingPercentEncoding(withAllowedCharacters: .alphanumerics.union(CharacterSet(charactersIn: ".-_@"))) {
            header += "; filename*=UTF-8''\(encoded)"
        }
        return header
    }

    static func ok(_ bytes: [UInt8], type: String) -> HTTPResponse {
        HTTPResponse(status: 200, headers: [("Content-Type", type), ("Cache-Control", "no-store")], body: bytes)
    }

    /// A one-line reason, whatever the message held.
    static func problem(_ status: Int, _ message: String) -> HTTPResponse {
        // A message may quote the request (its method, its path): what a client sent comes back
        // spelt out, never as raw control bytes (hostile round 24: a NUL in the method).
        LoopbackServer.plain(status, VisibleText.escaped(message))
    }
}
