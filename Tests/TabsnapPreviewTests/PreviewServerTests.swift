import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Tabsnap
@testable import TabsnapPreview
import XCTest

/// The server in this process, over real HTTP on a free port: what it serves, what it refuses,
/// and that a bad edit keeps the last good document.
final class PreviewServerTests: XCTestCase {
    private var folder: URL!
    private var server: PreviewServer!
    private var base = ""

    static let spec = """
    preset: buttonBar
    width: 240
    position: 1
    background: "#FFFFFF"
    items: [One, Two, Three]
    snapshots: {positions: [0, 2]}
    """

    override func setUp() async throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-preview-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Self.spec.write(to: folder.appendingPathComponent("bar.yaml"), atomically: true, encoding: .utf8)
        let suite = try PreviewSuite(paths: [folder.path])
        server = try PreviewServer(suite: suite, port: 0, snapshots: folder.appendingPathComponent("goldens"))
        try await server.start()
        let port = await server.port()
        base = "http://127.0.0.1:\(try XCTUnwrap(port))"
    }

    override func tearDown() async throws {
        await server.stop()
        try? FileManager.default.removeItem(at: folder)
    }

    /// A request as the page makes it: writes carry the page's own Origin.
    private func get(_ path: String, host: String? = nil, method: String = "GET", headers: [String: String] = [:]) async throws -> (Int, Data, [AnyHashable: Any]) {
        var request = URLRequest(url: try XCTUnwrap(URL(string: base + path)))
        request.httpMethod = method
        if let host { request.setValue(host, forHTTPHeaderField: "Host") }
        if method != "GET" { request.setValue(base, forHTTPHeaderField: "Origin") }
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        let (data, response) = try await URLSession.shared.data(for: request)
        let http = try XCTUnwrap(response as? HTTPURLResponse)
        return (http.statusCode, data, http.allHeaderFields)
    }

    /// Hostile round 139: the page's list (`/specs.json`) waited behind a picture whose icons
    /// took the bar's 10 s to check; it is made beside the pictures now, so it answers first.
    func testTheListAnswersWhileAPictureIsDrawn() async throws {
        let rules = (0..<40).map { ".c\($0){fill:#0\($0 % 10)0}" }.joined()
        let shapes = (0..<3_000).map { "<rect class=\"c\($0 % 40)\" x=\"\($0 % 24)\" width=\"1\" height=\"1\"/>" }.joined()
        let icon = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"24\" height=\"24\"><style>\(rules)</style>\(shapes)</svg>"
        // (Each its own bytes: the sandbox draws identical bytes once.)
        for name in ["x", "y", "z", "w"] {
            try icon.replacingOccurrences(of: "<style>", with: "<!--\(name)--><style>").write(to: folder.appendingPathComponent("\(name).svg"), atomically: true, encoding: .utf8)
        }
        try "preset: tabBar\nwidth: 320\nitems: [{title: X, icon: x.svg}, {title: Y, icon: y.svg}, {title: Z, icon: z.svg}, {title: W, icon: w.svg}]\n"
            .write(to: folder.appendingPathComponent("slow.yaml"), atomically: true, encoding: .utf8)
        // (Once the watcher has seen the new spec.)
        var seen = false
        for _ in 0..<100 where !seen {
            let (_, list, _) = try await get("/specs.json")
            seen = String(decoding: list, as: UTF8.self).contains("\"slow\"")
            if !seen { try await Task.sleep(nanoseconds: 50_000_000) }
        }
        XCTAssertTrue(seen, "the preview never listed the new spec")
        final class Order: @unchecked Sendable {
            let lock = NSLock()
            var done: [String] = []
            func add(_ name: String) { lock.withLock { done.append(name) } }
        }
        let order = Order()
        let path = base + "/render.png?spec=slow"
        let picture = Task { () throws -> Int in
            let (_, response) = try await URLSession.shared.data(from: try XCTUnwrap(URL(string: path)))
            order.add("picture")
            return (response as? HTTPURLResponse)?.statusCode ?? 0
        }
        try await Task.sleep(nanoseconds: 150_000_000)
        let (status, list, _) = try await get("/specs.json")
        order.add("list")
        XCTAssertEqual(status, 200)
        XCTAssertTrue(String(decoding: list, as: UTF8.self).contains("\"slow\""))
        let pictureStatus = try await picture.value
        XCTAssertEqual(pictureStatus, 200)
        XCTAssertEqual(order.done, ["list", "picture"], "the list waited for the picture")
    }

    func testRenderIsTheBytesRenderWrites() async throws {
        let (status, data, _) = try await get("/render.png?spec=bar&position=1.5&scale=2&theme=dark")
        XCTAssertEqual(status, 200)
        var bar = try SpecLoader.load(contentsOf: folder.appendingPathComponent("bar.yaml"))
        bar.theme = .dark
        XCTAssertEqual([UInt8](data), try Renderer().render(bar, format: .png, position: 1.5, scale: 2))
        let (svgStatus, svg, _) = try await get("/render.svg?spec=bar&position=0.5")
        XCTAssertEqual(svgStatus, 200)
        XCTAssertTrue(String(decoding: svg, as: UTF8.self).contains("<svg"))
    }

    func testTextScaleAndDirectionAreThoseOfTheBar() async throws {
        let (status, data, _) = try await get("/render.png?spec=bar&position=0.25&textScale=1.5&direction=rtl")
        XCTAssertEqual(status, 200)
        var bar = try SpecLoader.load(contentsOf: folder.appendingPathComponent("bar.yaml"))
        bar.textScale = 1.5
        bar.direction = .rightToLeft
        XCTAssertEqual([UInt8](data), try Renderer().render(bar, format: .png, position: 0.25))
        let (_, layout, _) = try await get("/layout.json?spec=bar&position=0.25&textScale=1.5&direction=rtl")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        XCTAssertEqual(layout, try encoder.encode(Renderer().geometry(of: bar, position: 0.25)))
    }

    /// The page's locale control: the spec read again in it (a pseudo-locale here, as the spec
    /// names no catalogs; a language that would draw its own titles is refused, as in a spec).
    func testALocaleIsTheSpecReadInIt() async throws {
        let (status, data, _) = try await get("/render.png?spec=bar&position=0.5&locale=pseudo-rtl")
        XCTAssertEqual(status, 200)
        let bar = try SpecLoader.loadDocument(contentsOf: folder.appendingPathComponent("bar.yaml"), locale: SpecLocale("pseudo-rtl")).bar
        XCTAssertEqual(bar.direction, .rightToLeft)
        XCTAssertEqual([UInt8](data), try Renderer().render(bar, format: .png, position: 0.5))
        let (refused, message, _) = try await get("/render.png?spec=bar&locale=de")
        XCTAssertEqual(refused, 400)
        XCTAssertTrue(String(decoding: message, as: UTF8.self).contains("locale de draws the spec's own titles"), String(decoding: message, as: UTF8.self))
        let (_, catalog, _) = try await get("/specs.json")
        XCTAssertTrue(String(decoding: catalog, as: UTF8.self).contains(#""locales":["pseudo-accented","pseudo-expanded","pseudo-rtl"]"#))
    }

    /// Hostile round 83: each picture in a locale parsed the spec's catalogs again (6 s a
    /// request, holding up the others). The preview keeps the catalogs of the spec it drew: the
    /// spec's first reading parses them, pictures in any locale after it none.
    func testPicturesInLocalesParseTheCatalogsOnce() async throws {
        // Outside the folder the other server watches (it would read the spec too).
        let specs = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-l10n-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: specs) }
        for (language, text) in [("", "Home"), ("-de", "Start"), ("-fr", "Accueil")] {
            let file = specs.appendingPathComponent("values\(language)/strings.xml")
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try "<resources><string name=\"home\">\(text)</string></resources>".write(to: file, atomically: true, encoding: .utf8)
        }
        try "width: 300\nstrings: [values/strings.xml, values-de/strings.xml, values-fr/strings.xml]\nitems: [{title: {key: home}}, B]\n"
            .write(to: specs.appendingPathComponent("t.yaml"), atomically: true, encoding: .utf8)
        let before = ReadingMemo.parseCount
        let own = try PreviewServer(suite: try PreviewSuite(paths: [specs.path]), port: 0, snapshots: nil)
        try await own.start()
        let found = await own.port()
        let port = try XCTUnwrap(found)
        for locale in ["de", "fr", "de", "pseudo-accented", "en"] {
            let (_, response) = try await URLSession.shared.data(from: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/render.png?spec=t&locale=\(locale)")))
            XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200, locale)
        }
        await own.stop()
        XCTAssertEqual(ReadingMemo.parseCount - before, 3, "three catalogs, parsed once")
    }

    func testDownloadsAreNamedAsGoldens() async throws {
        let (_, _, headers) = try await get("/render.png?spec=bar&position=1.5&scale=2&theme=dark&download=1")
        XCTAssertEqual(headers["Content-Disposition"] as? String, "attachment; filename=\"bar.dark.p1.5@2x.png\"")
    }

    func testOnlyRendersOfTheSpecsAreServed() async throws {
        for path in ["/bar.yaml", "/../bar.yaml", "/etc/passwd", "/render.png?spec=../bar", "/render.png"] {
            let (status, _, _) = try await get(path)
            XCTAssertTrue([400, 404].contains(status), "\(path): \(status)")
        }
        let (outOfRange, message, _) = try await get("/render.png?spec=bar&position=2000")
        XCTAssertEqual(outOfRange, 400)
        XCTAssertEqual(String(decoding: message, as: UTF8.self), "position: '2000' is out of range -1000…1000\n")
        let (tooLarge, _, _) = try await get("/render.png?spec=bar&textScale=4&scale=8")
        XCTAssertEqual(tooLarge, 200, "within every limit")
    }

    func testOtherHostsAndOriginsAreRefused() async throws {
        let (status, _, _) = try await get("/specs.json", host: "attacker.example:80")
        XCTAssertEqual(status, 403)
        let port = base.split(separator: ":").last.map(String.init) ?? ""
        for origin in ["http://attacker.example", "null", "http://localhost:1", "http://127.0.0.1:\(port).evil", "not a url"] {
            let (post, _, _) = try await get("/golden?spec=bar&name=bar.p0.png", method: "POST", headers: ["Origin": origin])
            XCTAssertEqual(post, 403, origin)
            let (render, _, _) = try await get("/render.png?spec=bar", headers: ["Origin": origin])
            XCTAssertEqual(render, 403, origin)
        }
        var request = URLRequest(url: try XCTUnwrap(URL(string: base + "/golden?spec=bar&name=bar.p0.png")))
        request.httpMethod = "POST"  // no Origin: not the page
        let (_, response) = try await URLSession.shared.data(for: request)
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 403)
        let (crossSite, _, _) = try await get("/render.png?spec=bar", headers: ["Sec-Fetch-Site": "cross-site"])
        XCTAssertEqual(crossSite, 403, "an <img> on another site's page")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens/bar.p0.png").path))
        let (own, _, _) = try await get("/render.png?spec=bar", headers: ["Origin": "http://localhost:\(port)", "Host": "localhost:\(port)"])
        XCTAssertEqual(own, 200, "the page opened as localhost")
    }

    func testATakenPortFailsAtOnce() async throws {
        let port = try XCTUnwrap(UInt16(base.split(separator: ":").last.map(String.init) ?? ""))
        let started = Date()
        XCTAssertThrowsError(try PreviewServer(suite: server.suite, port: port)) { error in
            XCTAssertTrue("\(error)".contains("cannot listen on 127.0.0.1:\(port) (Address already in use)"), "\(error)")
        }
        XCTAssertLessThan(Date().timeIntervalSince(started), 2)
    }

    func testPlayRefusesWhatItWouldTakeMinutesToDraw() async throws {
        try """
        preset: buttonBar
        width: 2000
        background: "#FFFFFF"
        items: [A, B, C, D, E, F, G, H, I, J]
        transition: {steps: [{to: 9, duration: 60000, easing: linear}]}
        """.write(to: folder.appendingPathComponent("long.yaml"), atomically: true, encoding: .utf8)
        XCTAssertTrue(server.suite.rescan())
        let (status, body, _) = try await get("/animation.png?spec=long&scale=2")
        XCTAssertEqual(status, 422)
        XCTAssertTrue(String(decoding: body, as: UTF8.self).hasPrefix("the transition is 3601 frames of 4000 × "), String(decoding: body, as: UTF8.self))
        let (short, _, headers) = try await get("/animation.png?spec=bar&position=0")
        XCTAssertEqual(short, 200)
        XCTAssertNotNil(headers["X-Play-Seconds"])
    }

    /// One MP4 at a time: the user's ffmpeg may stall to its bound, and Save MP4s queued behind
    /// one another held every route at 503 for half an hour (hostile round 28). A second while
    /// one is made is told so at once; the first still gets its answer. Play is not held up
    /// meanwhile (round 73: it waited behind the MP4, 59 s).
    func testOneVideoAtATime() async throws {
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        try "#!/bin/sh\ncat > /dev/null\nsleep 4\necho 'fake ffmpeg: no' >&2\nexit 1\n".write(to: fake, atomically: true, encoding: .utf8)
        chmod(fake.path, 0o755)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? ""
        setenv("PATH", bin.path + ":" + path, 1)
        defer { setenv("PATH", path, 1) }
        let firstURL = try XCTUnwrap(URL(string: base + "/animation.mp4?spec=bar&position=0"))
        async let first = URLSession.shared.data(from: firstURL)
        try await Task.sleep(nanoseconds: 500_000_000)
        let started = Date()
        let (second, body, _) = try await get("/animation.mp4?spec=bar&position=0")
        XCTAssertEqual(second, 503, String(decoding: body, as: UTF8.self))
        XCTAssertTrue(String(decoding: body, as: UTF8.self).hasPrefix("an MP4 is being made already"), String(decoding: body, as: UTF8.self))
        XCTAssertLessThan(Date().timeIntervalSince(started), 1, "refused at once, not queued")
        let (play, _, _) = try await get("/animation.png?spec=bar&position=0")
        XCTAssertEqual(play, 200)
        XCTAssertLessThan(Date().timeIntervalSince(started), 3, "Play drawn beside the MP4, not after it")
        let (firstBody, firstResponse) = try await first
        XCTAssertEqual((firstResponse as? HTTPURLResponse)?.statusCode, 422, String(decoding: firstBody, as: UTF8.self))
        let (after, _, _) = try await get("/render.png?spec=bar&position=0")
        XCTAssertEqual(after, 200)
    }

    /// Save GIF and Save MP4 give the transition as files; a video holds one play (hostile
    /// round 25: a spec's loop of 40 made the MP4 forty transitions long, outside Play's bound).
    func testSavedAnimationsAreGIFAndOnePlayOfVideo() async throws {
        try "preset: buttonBar\nwidth: 300\nscale: 1\nitems: [A, B, C, D]\ntransition: {to: 3, frames: 20, fps: 20, easing: linear, loop: 40}\n"
            .write(to: folder.appendingPathComponent("loop.yaml"), atomically: true, encoding: .utf8)
        XCTAssertTrue(server.suite.rescan())
        let (gifStatus, gif, _) = try await get("/animation.gif?spec=loop")
        XCTAssertEqual(gifStatus, 200)
        XCTAssertEqual(Array(gif.prefix(6)), Array("GIF89a".utf8))
        guard VideoWriter.ffmpegPath() != nil else { return }
        let started = Date()
        let (mp4Status, mp4, _) = try await get("/animation.mp4?spec=loop")
        XCTAssertEqual(mp4Status, 200, String(decoding: mp4.prefix(200), as: UTF8.self))
        XCTAssertEqual(Array(mp4.dropFirst(4).prefix(4)), Array("ftyp".utf8))
        let video = folder.appendingPathComponent("loop.mp4")
        try mp4.write(to: video)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/ffprobe")
        probe.arguments = ["-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries", "stream=nb_read_frames", "-of", "csv=p=0", video.path]
        let out = Pipe()
        probe.standardOutput = out
        try probe.run()
        let frames = Int(String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
        probe.waitUntilExit()
        XCTAssertEqual(frames, 20, "one play of 20 frames, not 40 × 20")
        XCTAssertLessThan(Date().timeIntervalSince(started), 20)
    }

    /// Hostile round 19 F1: a transition within Play's pixels can still compress past what Play
    /// sends (2048² noise icons: 328 MB). It was drawn to the end (17 s), then refused naming the
    /// server's scratch file. It is now refused from the frame that passes the limit, with what
    /// to do and no path (here with a limit small enough for this bar's swipe).
    func testPlayRefusesAnAnimationLargerThanItSendsAsItGrows() async throws {
        let (played, whole, _) = try await get("/animation.png?spec=bar&position=0&scale=2")
        XCTAssertEqual(played, 200)
        let limit = 2 << 10
        XCTAssertGreaterThan(whole.count, 2 * limit, "the swipe is larger than the limit tried")
        server.renderer.playLimit = ByteLimit(bytes: limit, purpose: PreviewRenderer.playableBytes.purpose)
        let (status, body, _) = try await get("/animation.png?spec=bar&position=0&scale=2")
        XCTAssertEqual(status, 422)
        let message = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .newlines)
        XCTAssertTrue(message.hasPrefix("the animation would be at least "), message)
        XCTAssertTrue(message.hasSuffix("over the 2 KB Play sends (what a golden may be); write it with tabsnap animate"), message)
        XCTAssertFalse(message.contains("/"), "names no file: \(message)")
        XCTAssertFalse(message.contains("\n"), message)
    }

    func testSpecNamesWithSpacesAndPlusSigns() async throws {
        try Self.spec.write(to: folder.appendingPathComponent("tab bar+1.yaml"), atomically: true, encoding: .utf8)
        XCTAssertTrue(server.suite.rescan())
        let (status, _, _) = try await get("/render.png?spec=tab%20bar%2B1&position=0")
        XCTAssertEqual(status, 200)
    }

    func testCopyAsGoldenWritesTheCheckersGolden() async throws {
        // Round 38: a write took the last of two values, where every drawing refused them.
        for doubled in ["spec=nope&spec=bar&name=bar.p2.png", "spec=bar&name=bar.p0.png&name=bar.p2.png", "spec=bar&name=bar.p2.png&position=0&position=5"] {
            let (twice, said, _) = try await get("/golden?\(doubled)", method: "POST")
            XCTAssertEqual(twice, 400, doubled)
            XCTAssertTrue(String(decoding: said, as: UTF8.self).contains("given twice; a setting takes one value"), String(decoding: said, as: UTF8.self))
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("goldens").path), "nothing written")
        let (status, body, _) = try await get("/golden?spec=bar&name=bar.p2.png", method: "POST")
        XCTAssertEqual(status, 200, String(decoding: body, as: UTF8.self))
        let written = folder.appendingPathComponent("goldens/bar.p2.png")
        let bar = try SpecLoader.load(contentsOf: folder.appendingPathComponent("bar.yaml"))
        // The checker's golden: the picture, marked as a spec's (GoldenMark), as `check` records it.
        let bytes = try [UInt8](Data(contentsOf: written))
        XCTAssertTrue(try PNGDecoder.decode(bytes) == Renderer().image(of: bar, position: 2))
        XCTAssertEqual(PNGTextMark.read(keyword: "Tabsnap golden", from: bytes[...]), "spec")
        let (unknown, _, _) = try await get("/golden?spec=bar&name=bar.p1.png", method: "POST")
        XCTAssertEqual(unknown, 404, "position 1 is not one of the spec's goldens")
        // Round 45 F2: the page says which version it shows; a page behind the server (a reload
        // not yet pushed, a paused page) is refused rather than given the newer picture.
        let shown = try XCTUnwrap(server.suite.entry("bar")?.version)
        let (current, _, _) = try await get("/golden?spec=bar&name=bar.p2.png&v=\(shown)", method: "POST")
        XCTAssertEqual(current, 200)
        let file = folder.appendingPathComponent("bar.yaml")
        try Self.spec.replacingOccurrences(of: "width: 240", with: "width: 250").write(to: file, atomically: true, encoding: .utf8)
        server.filesChanged([file.standardizedFileURL.path])
        let (behind, said, _) = try await get("/golden?spec=bar&name=bar.p2.png&v=\(shown)", method: "POST")
        XCTAssertEqual(behind, 409)
        XCTAssertTrue(String(decoding: said, as: UTF8.self).contains("the page shows another version of"), String(decoding: said, as: UTF8.self))
        let (odd, _, _) = try await get("/golden?spec=bar&name=bar.p2.png&v=x", method: "POST")
        XCTAssertEqual(odd, 400)
    }

    /// Hostile round 54 (S2): a copy waiting for a goldens folder another program kept locked
    /// (`flock -x`, up to 10 s) ran on the pictures' queue, and every picture the page asked for
    /// waited behind it. Copies have a queue of their own: the picture comes while the copy
    /// waits, and the copy is made once the lock is let go.
    func testACopyWaitingOnALockedGoldensFolderHoldsUpNoPicture() async throws {
        let goldens = folder.appendingPathComponent("goldens")
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        let holder = open(goldens.path, O_RDONLY | O_DIRECTORY)
        XCTAssertGreaterThanOrEqual(holder, 0)
        defer { close(holder) }
        XCTAssertEqual(flock(holder, LOCK_EX), 0)
        let copied = Locked(false)
        func copy(_ name: String) throws -> Task<Int, Error> {
            var request = URLRequest(url: try XCTUnwrap(URL(string: base + "/golden?spec=bar&name=\(name)")))
            request.httpMethod = "POST"
            request.setValue(base, forHTTPHeaderField: "Origin")
            return Task { [request] () throws -> Int in
                defer { copied.set(true) }
                let (_, response) = try await URLSession.shared.data(for: request)
                return (response as? HTTPURLResponse)?.statusCode ?? 0
            }
        }
        func queued(_ count: Int) async throws {
            let deadline = Date().addingTimeInterval(10)
            while server.renderer.copiesInFlight < count, Date() < deadline { try await Task.sleep(nanoseconds: 10_000_000) }
            XCTAssertEqual(server.renderer.copiesInFlight, count)
        }
        // The copy is queued (on the old code, on the pictures' queue, ahead of the picture).
        let first = try copy("bar.p2.png")
        try await queued(1)
        let (status, _, _) = try await get("/render.png?spec=bar&position=0.25")
        XCTAssertEqual(status, 200)
        XCTAssertFalse(copied.value, "the picture came only after the copy")
        // Copies past the queue's room are refused at once, not queued behind the wait.
        let more = try (1..<PreviewRenderer.copiesHeld).map { _ in try copy("bar.p0.png") }
        try await queued(PreviewRenderer.copiesHeld)
        let (refused, said, _) = try await get("/golden?spec=bar&name=bar.p0.png", method: "POST")
        XCTAssertEqual(refused, 503, String(decoding: said, as: UTF8.self))
        XCTAssertEqual(flock(holder, LOCK_UN), 0)
        var statuses = [try await first.value]
        for task in more { statuses.append(try await task.value) }
        XCTAssertEqual(statuses, Array(repeating: 200, count: PreviewRenderer.copiesHeld))
        XCTAssertTrue(FileManager.default.fileExists(atPath: goldens.appendingPathComponent("bar.p2.png").path))
        XCTAssertEqual(server.renderer.copiesInFlight, 0)
    }

    /// Hostile round 46 (M4): Save (a download) and Copy as YAML gave the spec as the server
    /// draws it now to a page behind it, while Copy as golden refused; all three are held to the
    /// version the page shows. The page's own drawings ask for the newest, whatever `v` says.
    func testSaveAndCopyAsYAMLAreHeldToTheVersionThePageShows() async throws {
        let shown = try XCTUnwrap(server.suite.entry("bar")?.version)
        let saves = ["/render.png", "/render.svg", "/layout.json", "/animation.png", "/animation.gif", "/spec.yaml"]
        for path in saves {
            let (status, body, _) = try await get("\(path)?spec=bar&position=0&v=\(shown)&download=1")
            XCTAssertEqual(status, 200, "\(path): \(String(decoding: body, as: UTF8.self))")
        }
        let file = folder.appendingPathComponent("bar.yaml")
        try Self.spec.replacingOccurrences(of: "width: 240", with: "width: 250").write(to: file, atomically: true, encoding: .utf8)
        server.filesChanged([file.standardizedFileURL.path])
        XCTAssertNotEqual(server.suite.entry("bar")?.version, shown)
        for path in saves {
            let (status, body, _) = try await get("\(path)?spec=bar&position=0&v=\(shown)&download=1")
            XCTAssertEqual(status, 409, path)
            let said = String(decoding: body, as: UTF8.self)
            XCTAssertTrue(said.contains("the page shows another version of") && said.contains("bar.yaml"), "\(path): \(said)")
        }
        // A page from before a restart may show a larger number than the server's: "another".
        let current = try XCTUnwrap(server.suite.entry("bar")?.version)
        let (ahead, aheadSaid, _) = try await get("/render.png?spec=bar&v=\(current + 1_000)&download=1")
        XCTAssertEqual(ahead, 409)
        XCTAssertTrue(String(decoding: aheadSaid, as: UTF8.self).contains("the page shows another version of"))
        // Copy as YAML sends no download=1: held all the same.
        let (yaml, _, _) = try await get("/spec.yaml?spec=bar&v=\(shown)")
        XCTAssertEqual(yaml, 409)
        // Drawing for the page: the newest picture, with any version it names.
        let (drawn, picture, _) = try await get("/render.png?spec=bar&position=0&v=\(shown)")
        XCTAssertEqual(drawn, 200)
        let (_, newest, _) = try await get("/render.png?spec=bar&position=0")
        XCTAssertEqual(picture, newest)
        // A script's download without v: the current version.
        let (plain, _, _) = try await get("/render.png?spec=bar&position=0&download=1")
        XCTAssertEqual(plain, 200)
        let (odd, said, _) = try await get("/render.png?spec=bar&v=x")
        XCTAssertEqual(odd, 400)
        XCTAssertEqual(String(decoding: said, as: UTF8.self).trimmingCharacters(in: .newlines), "v: 'x' is not a version number")
    }

    func testABadEditKeepsTheLastGoodPicture() async throws {
        let file = folder.appendingPathComponent("bar.yaml")
        let (_, before, _) = try await get("/render.png?spec=bar")
        try Self.spec.replacingOccurrences(of: "width: 240", with: "width: -1").write(to: file, atomically: true, encoding: .utf8)
        server.filesChanged([file.standardizedFileURL.path])
        let (_, catalog, _) = try await get("/specs.json")
        let text = String(decoding: catalog, as: UTF8.self)
        XCTAssertTrue(text.contains("bar.yaml:2:8: width: -1 is out of range"), text)
        let (status, after, _) = try await get("/render.png?spec=bar")
        XCTAssertEqual(status, 200)
        XCTAssertEqual(after, before)
    }

    /// A title no bundled font can draw is an error the page shows, never a row of boxes
    /// (issue 29), as in the CLI and the library.
    func testAMissingGlyphIsAnErrorNotABox() async throws {
        let file = folder.appendingPathComponent("bar.yaml")
        try Self.spec.replacingOccurrences(of: "[One, Two, Three]", with: "[One, \"受信𠀋\", Three]").write(to: file, atomically: true, encoding: .utf8)
        server.filesChanged([file.standardizedFileURL.path])
        let (status, body, _) = try await get("/render.png?spec=bar")
        XCTAssertNotEqual(status, 200)
        let text = String(decoding: body, as: UTF8.self)
        XCTAssertTrue(text.contains("no bundled or brought font has 𠀋 (U+2000B)"), text)
    }
}

extension PreviewServerTests {
    /// A spec with a screen is previewed as its screen: the catalog gives the screen's size (the
    /// page lays the card out by it) and the render is the screen's picture.
    func testAScreenIsPreviewedAsItsScreen() async throws {
        let phones = folder.appendingPathComponent("phones")
        try FileManager.default.createDirectory(at: phones, withIntermediateDirectories: true)
        try "preset: tabBar\nscreen: {device: iphone-se}\nitems: [Home, Search]\n"
            .write(to: phones.appendingPathComponent("phone.yaml"), atomically: true, encoding: .utf8)
        let own = try PreviewServer(suite: try PreviewSuite(paths: [phones.path]), port: 0, snapshots: phones.appendingPathComponent("goldens"))
        try await own.start()
        let found = await own.port()
        let port = try XCTUnwrap(found)
        let (data, _) = try await URLSession.shared.data(from: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/specs.json")))
        let listed = String(decoding: data, as: UTF8.self)
        XCTAssertTrue(listed.contains("\"width\":375") && listed.contains("\"height\":667"), listed)
        let (png, response) = try await URLSession.shared.data(from: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/render.png?spec=phone&position=0.5&scale=1")))
        await own.stop()
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 200)
        let image = try PNGDecoder.decode([UInt8](png))
        XCTAssertEqual([image.width, image.height], [375, 667])
    }
}

extension PreviewServerTests {
    /// Hostile round 33 F1: with the goldens folder the spec folder, Copy as golden of spec b
    /// recorded b.png over spec a's icon (only b's own files were guarded). Every served spec's
    /// files are: 409, and the icon is the user's still.
    func testCopyAsGoldenNeverRecordsOverAnotherSpecsFile() async throws {
        try await assertCopyOfBRefused(besideSpec: "preset: tabBar\nwidth: 200\nitems: [{title: Home, icon: b.png}, {title: Two, icon: home}]\n",
                                       saying: "b.png is a file a spec reads")
    }

    /// Round 81 F1: with a.yaml unreadable from the start (one bad key), Copy as golden wrote b's
    /// golden over the icon it names, 200. What its text names is protected as if it read.
    func testCopyAsGoldenNeverRecordsOverWhatAnUnreadableSpecNames() async throws {
        try await assertCopyOfBRefused(besideSpec: "preset: tabBar\nwidth: 200\nitems: [{title: Home, icon: b.png}, {title: Two, icon: home}]\nbogusKey: 1\n",
                                       saying: "b.png is a file a spec reads")
        // Round 82: a name no reading finds (an escape in YAML cut short): while a.yaml cannot be
        // read, no unmarked file is recorded over.
        try await assertCopyOfBRefused(besideSpec: "preset: tabBar\nwidth: 200\nitems: [{title: Home, icon: \"\\u0062.png\"}\n",
                                       saying: "b.png carries no golden mark")
    }

    /// Serves a folder of spec b and spec a (`aSpec`, naming the icon b.png) with the goldens
    /// folder the spec folder, asks for b's golden b.png: 409 saying `message`, the icon as it was.
    private func assertCopyOfBRefused(besideSpec aSpec: String, saying message: String) async throws {
        let specs = folder.appendingPathComponent("shared-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        let icon = try Renderer().render(try SpecLoader.parse("width: 24\nheight: 24\nbackground: \"#FF0000\"\nitems: [A]"), format: .png)
        try Data(icon).write(to: specs.appendingPathComponent("b.png"))
        try aSpec.write(to: specs.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        try "preset: tabBar\nwidth: 200\nitems: [{title: Bee, icon: home}, {title: Two, icon: search}]\n".write(to: specs.appendingPathComponent("b.yaml"), atomically: true, encoding: .utf8)
        let shared = try PreviewServer(suite: try PreviewSuite(paths: [specs.path]), port: 0, snapshots: specs)
        try await shared.start()
        let found = await shared.port()
        let port = try XCTUnwrap(found)
        var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/golden?spec=b&name=b.png")))
        request.httpMethod = "POST"
        request.setValue("http://127.0.0.1:\(port)", forHTTPHeaderField: "Origin")
        let (data, response) = try await URLSession.shared.data(for: request)
        await shared.stop()
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 409, String(decoding: data, as: UTF8.self))
        XCTAssertTrue(String(decoding: data, as: UTF8.self).contains(message), String(decoding: data, as: UTF8.self))
        XCTAssertTrue(try [UInt8](Data(contentsOf: specs.appendingPathComponent("b.png"))) == icon, "a.yaml's icon is the user's")
    }

    /// Round 37 F1: the goldens folder was held at the first Copy as golden, so one swapped for a
    /// link before it was resolved through the link, and every later copy wrote into the link's
    /// target (a user's file replaced, 200, the reply naming the goldens folder). Round 39: held
    /// from the start, a folder moved away was still written to, under a path that no longer led
    /// there. Each copy writes into the folder at the path, reached without a link, or nowhere.
    func testCopyAsGoldenWritesIntoTheFolderAtItsPathAndNeverThroughALink() async throws {
        let specs = folder.appendingPathComponent("specs-held"), gold = folder.appendingPathComponent("gold")
        let elsewhere = folder.appendingPathComponent("elsewhere"), moved = folder.appendingPathComponent("gold.moved")
        for made in [specs, gold, elsewhere] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        try Self.spec.write(to: specs.appendingPathComponent("bar.yaml"), atomically: true, encoding: .utf8)
        try "my notes".write(to: elsewhere.appendingPathComponent("bar.p0.png"), atomically: true, encoding: .utf8)
        let server = try PreviewServer(suite: try PreviewSuite(paths: [specs.path]), port: 0, snapshots: gold)
        try await server.start()
        let found = await server.port()
        let port = try XCTUnwrap(found)
        func copy() async throws -> (Int, String) {
            var request = URLRequest(url: try XCTUnwrap(URL(string: "http://127.0.0.1:\(port)/golden?spec=bar&name=bar.p0.png")))
            request.httpMethod = "POST"
            request.setValue("http://127.0.0.1:\(port)", forHTTPHeaderField: "Origin")
            let (data, response) = try await URLSession.shared.data(for: request)
            return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
        }
        let golden = gold.appendingPathComponent("bar.p0.png")
        // A link put in the folder's place after the start: refused, nothing written through it.
        try FileManager.default.removeItem(at: gold)
        try FileManager.default.createSymbolicLink(at: gold, withDestinationURL: elsewhere)
        let (linked, linkedBody) = try await copy()
        XCTAssertEqual(linked, 409, linkedBody)
        XCTAssertTrue(linkedBody.contains("is no longer a folder reached without a link"), linkedBody)
        XCTAssertEqual(try String(contentsOf: elsewhere.appendingPathComponent("bar.p0.png"), encoding: .utf8), "my notes")
        // A real folder made again where the link was is the goldens folder.
        try FileManager.default.removeItem(at: gold)
        try FileManager.default.createDirectory(at: gold, withIntermediateDirectories: true)
        let (remade, remadeBody) = try await copy()
        XCTAssertEqual(remade, 200, remadeBody)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden.path))
        // The folder moved away: the golden goes where the reply says, a folder made at the path,
        // and the moved folder is left as it was.
        try FileManager.default.moveItem(at: gold, to: moved)
        let before = try Data(contentsOf: moved.appendingPathComponent("bar.p0.png"))
        try FileManager.default.removeItem(at: moved.appendingPathComponent("bar.p0.png"))
        let (away, awayBody) = try await copy()
        XCTAssertEqual(away, 200, awayBody)
        XCTAssertTrue(awayBody.contains(golden.path), awayBody)
        XCTAssertEqual(try Data(contentsOf: golden), before)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: moved.path), [], "nothing written into the moved folder")
        // Moved away and another made in its place by the user: that one.
        try FileManager.default.removeItem(at: gold)
        try FileManager.default.createDirectory(at: gold, withIntermediateDirectories: true)
        let (again, againBody) = try await copy()
        await server.stop()
        XCTAssertEqual(again, 200, againBody)
        XCTAssertTrue(FileManager.default.fileExists(atPath: golden.path))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: moved.path), [])
        XCTAssertEqual(try String(contentsOf: elsewhere.appendingPathComponent("bar.p0.png"), encoding: .utf8), "my notes")
    }
}

extension PreviewServerTests {
    /// Round 43 F4: with the spec folder swapped for another, the page kept drawing the old spec
    /// and Copy as golden wrote the new one's picture (200). Refused until the page shows it.
    func testCopyAsGoldenRefusesASpecThePageDidNotDraw() throws {
        let specs = folder.appendingPathComponent("specs-swap"), gold = folder.appendingPathComponent("gold-swap")
        for made in [specs, gold] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        try Self.spec.write(to: specs.appendingPathComponent("bar.yaml"), atomically: true, encoding: .utf8)
        let suite = try PreviewSuite(paths: [specs.path])
        let goldens = PreviewGoldens(suite: suite, snapshots: gold, scratch: folder)
        try FileManager.default.moveItem(at: specs, to: folder.appendingPathComponent("specs-swap.old"))
        try FileManager.default.createDirectory(at: specs, withIntermediateDirectories: true)
        try Self.spec.replacingOccurrences(of: "One", with: "Uno").write(to: specs.appendingPathComponent("bar.yaml"), atomically: true, encoding: .utf8)
        XCTAssertThrowsError(try goldens.write(spec: "bar", name: "bar.p0.png")) { error in
            XCTAssertEqual((error as? PreviewProblem)?.status, 409)
            XCTAssertTrue("\(error)".contains("is not the spec the page drew"), "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: gold.path), [])
        // Read again by the refusal: the page now draws it, and the copy is of what it draws.
        XCTAssertNoThrow(try goldens.write(spec: "bar", name: "bar.p0.png"))
    }

    /// Round 43 F10: Copy as golden wrote bar.p0.png beside BAR.p0.png (200), a pair the next
    /// check calls an error (one file on macOS and Windows). Refused, 409, nothing written.
    func testCopyAsGoldenRefusesACaseTwin() throws {
        let specs = folder.appendingPathComponent("specs-twin"), gold = folder.appendingPathComponent("gold-twin")
        for made in [specs, gold] { try FileManager.default.createDirectory(at: made, withIntermediateDirectories: true) }
        try Self.spec.write(to: specs.appendingPathComponent("bar.yaml"), atomically: true, encoding: .utf8)
        try "mine".write(to: gold.appendingPathComponent("BAR.p0.png"), atomically: true, encoding: .utf8)
        let goldens = PreviewGoldens(suite: try PreviewSuite(paths: [specs.path]), snapshots: gold, scratch: folder)
        XCTAssertThrowsError(try goldens.write(spec: "bar", name: "bar.p0.png")) { error in
            let problem = error as? PreviewProblem
            XCTAssertEqual(problem?.status, 409)
            XCTAssertTrue(problem?.description.hasSuffix("holds BAR.p0.png, whose name and bar.p0.png differ only in case, which macOS and Windows take for one file; "
                                                          + "rename it to bar.p0.png, or remove it") == true, "\(error)")
        }
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: gold.path), ["BAR.p0.png"])
    }
}

extension PreviewServerTests {
    /// The page's controls (`args`): a picture of the changed spec, the changed spec as YAML
    /// (the text that draws that picture), and bad values refused in one line.
    func testControlsDrawTheChangedSpecAndCopyItAsYAML() async throws {
        let args = ##"{"items":[{"title":"Uno"},{"title":"Dos","badge":"5"}],"background":"#FFCC00"}"##
        let encoded = try XCTUnwrap(args.addingPercentEncoding(withAllowedCharacters: .alphanumerics))
        let (status, yaml, headers) = try await get("/spec.yaml?spec=bar&args=\(encoded)&download=1")
        XCTAssertEqual(status, 200, String(decoding: yaml, as: UTF8.self))
        XCTAssertEqual(headers["Content-Disposition"] as? String, "attachment; filename=\"bar.yaml\"")
        let changed = try SpecLoader.parse(String(decoding: yaml, as: UTF8.self))
        XCTAssertEqual(changed.items.map(\.title), ["Uno", "Dos"])
        let (pictureStatus, picture, _) = try await get("/render.png?spec=bar&position=1&args=\(encoded)")
        XCTAssertEqual(pictureStatus, 200)
        XCTAssertEqual([UInt8](picture), try Renderer().render(changed, format: .png, position: 1))
        let file = try String(contentsOf: folder.appendingPathComponent("bar.yaml"), encoding: .utf8)
        XCTAssertEqual(file, Self.spec, "the file is the user's")
        for (bad, message) in [("%7B%22tint%22%3A%22red%22%7D", "args: tint: 'red' is not a colour (#RRGGBB)"), ("nope", "args: not the controls' JSON")] {
            let (refused, body, _) = try await get("/render.png?spec=bar&args=\(bad)")
            XCTAssertEqual(refused, 400)
            XCTAssertTrue(String(decoding: body, as: UTF8.self).hasPrefix(message), String(decoding: body, as: UTF8.self))
        }
        // Round 40 (minor): Copy as YAML handed out a spec the pictures refuse (an unknown key,
        // a merge key): refused as they are.
        try "width: 240\nitems: [A, B]\nwidht: 3\n".write(to: folder.appendingPathComponent("bad.yaml"), atomically: true, encoding: .utf8)
        XCTAssertTrue(server.suite.rescan())
        let (refusedYAML, said, _) = try await get("/spec.yaml?spec=bad")
        XCTAssertEqual(refusedYAML, 409, String(decoding: said, as: UTF8.self))
        XCTAssertTrue(String(decoding: said, as: UTF8.self).hasPrefix("the spec has an error; fix it first ("), String(decoding: said, as: UTF8.self))
        let (plain, _, _) = try await get("/spec.yaml?spec=bar")
        XCTAssertEqual(plain, 200)
    }
}
