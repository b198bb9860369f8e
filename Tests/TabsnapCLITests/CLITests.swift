import Foundation
import Tabsnap
import XCTest

/// Runs the built `tabsnap` binary as a user would.
final class CLITests: XCTestCase {
    var folder: URL!

    override func setUpWithError() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tabsnap-cli-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: folder)
    }

    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    private func tabsnap(_ arguments: String...) throws -> Run {
        try runTabsnap(arguments)
    }

    /// `environment` entries replace the test's own; an empty value removes the variable.
    /// `program`: a built product's name, or an absolute path.
    /// `prefix`: arguments before `arguments` (a wrapper `program`'s own, and the tool it runs).
    func runTabsnap(_ arguments: [String], environment: [String: String] = [:], program: String = "tabsnap", prefix: [String] = []) throws -> Run {
        let binary = program.hasPrefix("/") ? URL(fileURLWithPath: program) : Bundle.main.bundleURL.appendingPathComponent(program)
        let process = Process()
        var merged = ProcessInfo.processInfo.environment
        for (key, value) in environment { merged[key] = value.isEmpty ? nil : value }
        process.environment = merged
        process.executableURL = binary
        process.arguments = prefix + arguments
        process.currentDirectoryURL = folder
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
                   stderr: String(decoding: stderr, as: UTF8.self))
    }

    /// setpriv's arguments that run the built tool as nobody (`groups`: setpriv's groups option),
    /// or a skip where nobody cannot reach it: a checkout in a private folder (root's home,
    /// fresh-machine's mkdtemp) would test only a permission error (Foundation's `Bundle.main`
    /// traps when its folder cannot be read).
    func asNobody(groups: String = "--clear-groups") throws -> [String] {
        let folder = Bundle.main.bundleURL.path
        let (reach, _) = try runProcess("/usr/bin/setpriv", ["--reuid=65534", "--regid=65534", "--clear-groups", "/bin/sh", "-c",
                                                            "cd '\(folder)' && test -r . && test -x tabsnap"])
        guard reach.terminationStatus == 0 else { throw XCTSkip("nobody cannot reach \(folder) (a checkout in a private folder)") }
        return ["--reuid=65534", "--regid=65534", groups, folder + "/tabsnap"]
    }

    func write(_ text: String, to name: String) throws {
        try Data(text.utf8).write(to: folder.appendingPathComponent(name))
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path)
    }

    func testRenderWritesEachFormat() throws {
        try write("width: 300\nitems: [Home, Search]\n", to: "bar.yaml")
        for name in ["bar.png", "bar.svg", "bar.pdf"] {
            let scale = name.hasSuffix(".pdf") ? [] : ["--scale", "1"]  // a PDF has no pixels to scale
            let run = try runTabsnap(["render", "bar.yaml", "-o", name, "--position", "-0.3"] + scale)
            XCTAssertEqual(run.status, 0, run.stderr)
            XCTAssertTrue(exists(name), name)
        }
        let image = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("bar.png"))))
        XCTAssertEqual(image.width, 300)
    }

    /// `--svg-text named` writes titles as text in named groups; it is refused for a PNG, and a
    /// markup it cannot write is one line naming the item, with nothing written.
    func testRenderSVGText() throws {
        try write("width: 300\nitems: [Home, Search]\n", to: "bar.yaml")
        let run = try tabsnap("render", "bar.yaml", "-o", "bar.svg", "--svg-text", "named")
        XCTAssertEqual(run.status, 0, run.stderr)
        let svg = try String(contentsOf: folder.appendingPathComponent("bar.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("<text id=\"button-2-title\" xml:space=\"preserve\"><tspan "), svg)
        XCTAssertTrue(svg.contains(">Search</tspan>"), svg)
        let png = try tabsnap("render", "bar.yaml", "-o", "bar.png", "--svg-text", "named")
        XCTAssertEqual(png.status, 2)
        XCTAssertTrue(png.stderr.hasPrefix("error: --svg-text: a PNG holds its text as pixels"), png.stderr)
        // A PDF has real text already: the refusal says so (round 32: it said only an SVG had text).
        let pdf = try tabsnap("render", "bar.yaml", "-o", "bar.pdf", "--svg-text", "named")
        XCTAssertEqual(pdf.status, 2)
        XCTAssertTrue(pdf.stderr.hasPrefix("error: --svg-text: a PDF always holds its text as text with its fonts embedded"), pdf.stderr)
        XCTAssertFalse(exists("bar.pdf"))
        try write("width: 300\nitems: [{markup: \"H<sub>2</sub>O\"}, Search]\n", to: "sub.yaml")
        let refused = try tabsnap("render", "sub.yaml", "-o", "sub.svg", "--svg-text", "embedded")
        XCTAssertEqual(refused.status, 2)
        XCTAssertEqual(refused.stderr, "error: sub.yaml: items[0].markup: baseline_shift (<sup>, <sub>) has no SVG text equivalent; write this SVG with --svg-text outlines\n")
        XCTAssertFalse(exists("sub.svg"))
        XCTAssertFalse(exists("bar.png"))
        // A folder of SVG frames takes it too, each frame editable; other outputs refuse it.
        let frames = try tabsnap("animate", "bar.yaml", "-o", "frames/", "--svg", "--svg-text", "named", "--frames", "3", "--quiet")
        XCTAssertEqual(frames.status, 0, frames.stderr)
        let middle = try String(contentsOf: folder.appendingPathComponent("frames/frame-0001.svg"), encoding: .utf8)
        XCTAssertTrue(middle.contains("<text id=\"button-1-title\""), middle)
        let gif = try tabsnap("animate", "bar.yaml", "-o", "bar.gif", "--svg-text", "named")
        XCTAssertEqual(gif.status, 2)
        XCTAssertTrue(gif.stderr.hasPrefix("error: --svg-text: only SVG frames hold text"), gif.stderr)
    }

    func testSpecErrorIsOneLineExitTwoAndNoOutput() throws {
        try write("width: 300\nitems: [Home]\nindicator:\n  styel: line\n", to: "bad.yaml")
        let run = try tabsnap("render", "bad.yaml", "-o", "out.png")
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: bad.yaml:4:3: unknown key 'styel' in indicator; did you mean 'style'?\n")
        XCTAssertFalse(exists("out.png"))
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path), ["bad.yaml"], "no temporary left behind")
    }

    func testUnsupportedOutputFormat() throws {
        try write("width: 300\nitems: [Home]\n", to: "bar.yaml")
        let run = try tabsnap("render", "bar.yaml", "-o", "bar.jpg")
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("error: bar.jpg: unsupported output format '.jpg'"), run.stderr)
        XCTAssertFalse(exists("bar.jpg"))
    }

    func testMissingSpecFile() throws {
        let run = try tabsnap("render", "nope.yaml", "-o", "x.png")
        XCTAssertEqual(run.status, 2)
        XCTAssertEqual(run.stderr, "error: nope.yaml: no such file\n")
    }

    func testLayoutPrintsGeometryJSONForNegativePositions() throws {
        try write("width: 300\nitems: [Home, Search]\n", to: "bar.yaml")
        let run = try tabsnap("layout", "bar.yaml", "--position=-0.3")
        XCTAssertEqual(run.status, 0, run.stderr)
        let json = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
        XCTAssertEqual(json["position"] as? Double, -0.3)
        XCTAssertEqual(json["width"] as? Double, 300)
        XCTAssertEqual((json["buttons"] as? [[String: Any]])?.count, 2)
        XCTAssertNotNil(json["indicator"] as? [String: Any])
        for key in ["height", "contentWidth", "scrollOffset", "insets"] { XCTAssertNotNil(json[key], key) }
        let spaced = try tabsnap("layout", "bar.yaml", "--position", "-0.3")
        XCTAssertEqual(spaced.stdout, run.stdout)
    }

    func testDemoWritesTheGallery() throws {
        let run = try tabsnap("demo", "-o", "gallery")
        XCTAssertEqual(run.status, 0, run.stderr)
        XCTAssertTrue(run.stdout.contains("gallery"), run.stdout)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("gallery").path)
        let entries = try DemoGallery.entries()
        let stills = files.filter { !$0.hasSuffix("-animated.png") && $0 != "index.html" && $0 != ".tabsnap-written" }
        XCTAssertEqual(stills.count, entries.count * 3)
        XCTAssertEqual(files.filter { $0.hasSuffix("-animated.png") }.count, entries.filter { $0.transition != nil }.count)
        XCTAssertTrue(files.contains("ios-tab-bar.png"))
        XCTAssertTrue(files.contains("ios-tab-bar-animated.png"))
        let page = try String(contentsOf: folder.appendingPathComponent("gallery/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("src=\"ios-tab-bar-animated.png\""))
    }
}

extension CLITests {
    /// `-o -` with standard output appended to the spec (`>> bar.yaml`) is refused before a byte
    /// is written (hostile round 14: the PNG went into the spec).
    /// The same for every command that writes to standard output (round 15: `layout`, `check
    /// --json -` into a spec or a golden, `report merge --json -` into a shard's report).
    /// Hostile round 77: `check` and `lint` wrote their report, or their summary, into a spec's
    /// icon (standard output was compared with the folders, not with what the specs read).
    func testStandardOutputThatIsAnInputIsNotWritten() throws {
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("specs"), withIntermediateDirectories: true)
        try write("width: 200\nitems: [A, B]\n", to: "specs/bar.yaml")
        try write("<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 24 24\"><rect width=\"20\" height=\"20\"/></svg>", to: "specs/i.svg")
        try write("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: i.svg}, B]\n", to: "specs/icons.yaml")
        let recorded = try runTabsnap(["check", "specs", "--snapshots", "gold", "--record", "missing", "--json", "s.json", "--shard", "1/1"])
        XCTAssertEqual(recorded.status, 0, recorded.stderr)
        let golden = try XCTUnwrap(FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("gold").path).first { $0.hasSuffix(".png") })
        let cases: [(file: String, arguments: [String], says: String)] = [
            ("specs/bar.yaml", ["render", "specs/bar.yaml", "-o", "-"], "standard output is specs/bar.yaml, one of the command's inputs"),
            ("specs/bar.yaml", ["layout", "specs/bar.yaml"], "standard output is specs/bar.yaml, one of the command's inputs"),
            ("specs/bar.yaml", ["check", "specs", "--snapshots", "gold", "--json", "-"], "would be read as a spec by the next run"),
            ("gold/" + golden, ["check", "specs", "--snapshots", "gold", "--json", "-"], "is inside the goldens folder gold"),
            ("s.json", ["report", "merge", "s.json", "--json", "-"], "standard output is s.json, one of the command's inputs"),
            ("specs/i.svg", ["check", "specs", "--snapshots", "gold", "--json", "-"], "i.svg, one of the command's inputs"),
            ("specs/i.svg", ["check", "specs", "--snapshots", "gold"], "standard output is " + folder.path + "/specs/i.svg, one of the command's inputs"),
            ("specs/i.svg", ["lint", "specs", "--json", "-"], "i.svg, one of the command's inputs"),
            ("specs/i.svg", ["lint", "specs/icons.yaml"], "i.svg, one of the command's inputs"),
            ("specs/bar.yaml", ["lint", "specs/bar.yaml"], "standard output (specs/bar.yaml): specs/bar.yaml would be read as a spec by the next run"),
            ("specs/bar.yaml", ["check", "specs", "--snapshots", "gold"], "would be read as a spec by the next run"),
        ]
        for (file, arguments, says) in cases {
            let url = folder.appendingPathComponent(file)
            let before = try Data(contentsOf: url)
            let handle = try FileHandle(forWritingTo: url)
            try handle.seekToEnd()
            let process = Process(), err = Pipe()
            process.executableURL = Bundle.main.bundleURL.appendingPathComponent("tabsnap")
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.standardOutput = handle
            process.standardError = err
            try process.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            try handle.close()
            XCTAssertEqual(process.terminationStatus, 2, "\(arguments): \(message)")
            XCTAssertTrue(message.contains(says), "\(arguments): \(message)")
            XCTAssertEqual(try Data(contentsOf: url), before, "\(arguments)")
        }
        // The spec read from standard input is an input too (hostile round 72: `render - -o
        // s.yaml < s.yaml` replaced it, `layout - < s.yaml >> s.yaml` appended to it).
        try write("width: 200\nitems: [A, B]\n", to: "spec.gif")
        for (file, arguments, appending, says) in [("specs/bar.yaml", ["render", "-", "-o", "specs/bar.yaml", "--format", "png"], false, "--output: specs/bar.yaml is one of the command's inputs"),
                                                   ("spec.gif", ["animate", "-", "-o", "spec.gif", "--frames", "2"], false, "--output: spec.gif is one of the command's inputs"),
                                                   ("specs/bar.yaml", ["layout", "-"], true, "specs/bar.yaml, one of the command's inputs"),
                                                   ("specs/bar.yaml", ["a11y", "-"], true, "specs/bar.yaml, one of the command's inputs")] {
            let spec = folder.appendingPathComponent(file)
            let before = try Data(contentsOf: spec)
            let process = Process(), err = Pipe()
            process.executableURL = Bundle.main.bundleURL.appendingPathComponent("tabsnap")
            process.arguments = arguments
            process.currentDirectoryURL = folder
            process.standardInput = try FileHandle(forReadingFrom: spec)
            let output = try FileHandle(forWritingTo: spec)
            try output.seekToEnd()
            process.standardOutput = appending ? output : FileHandle.nullDevice
            process.standardError = err
            try process.run()
            let message = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            try output.close()
            XCTAssertEqual(process.terminationStatus, 2, "\(arguments): \(message)")
            XCTAssertTrue(message.contains(says), "\(arguments): \(message)")
            XCTAssertEqual(try Data(contentsOf: spec), before, "\(arguments)")
        }
    }

    func testBrokenIconIsOneLineExitTwoAndNoOutput() throws {
        try write("<svg><notclosed", to: "broken.svg")
        try write("preset: tabBar\nwidth: 200\nitems: [{title: A, icon: broken.svg}]\n", to: "bar.yaml")
        let run = try runTabsnap(["render", "bar.yaml", "-o", "out.png"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("error: ") && run.stderr.contains("broken.svg: cannot load SVG"), run.stderr)
        XCTAssertEqual(run.stderr.filter { $0 == "\n" }.count, 1, "one line")
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("out.png").path))
    }
}

extension CLITests {
    func testAnimateWritesAnAPNGAndAFolder() throws {
        try write("width: 200\nitems: [Home, Search]\n", to: "bar.yaml")
        let apng = try runTabsnap(["animate", "bar.yaml", "-o", "swipe.png", "--frames", "5", "--scale", "1", "--quiet"])
        XCTAssertEqual(apng.status, 0, apng.stderr)
        let animation = try APNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("swipe.png"))))
        XCTAssertEqual(animation.frames.count, 5)
        let frames = try runTabsnap(["animate", "bar.yaml", "-o", "frames/", "--from=-0.5", "--to", "1.5", "--duration", "50",
                                     "--fps", "40", "--easing", "spring", "--quiet"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("frames").path)
        XCTAssertEqual(names.count, 3 + 1, "0, 25 and 50 ms, plus frames.json")
    }

    /// An output's kind follows its extension; a folder is NAME/ or one already there; anything
    /// else is refused before a file is written (`-o x.gif` once made a folder named x.gif).
    func testAnimateOutputKindFollowsTheExtension() throws {
        try write("width: 120\nitems: [A, B]\n", to: "bar.yaml")
        let heads: [(String, [UInt8])] = [("a.gif", Array("GIF89a".utf8)), ("a.webp", Array("RIFF".utf8)), ("a.APNG", [0x89, 0x50, 0x4E, 0x47])]
        for (name, head) in heads {
            let run = try runTabsnap(["animate", "bar.yaml", "-o", name, "--frames", "3", "--scale", "1", "--quiet"])
            XCTAssertEqual(run.status, 0, "\(name): \(run.stderr)")
            XCTAssertEqual(Array(try Data(contentsOf: folder.appendingPathComponent(name)).prefix(head.count)), head, name)
        }
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("old.gif"), withIntermediateDirectories: true)
        XCTAssertEqual(try runTabsnap(["animate", "bar.yaml", "-o", "old.gif", "--frames", "2", "--quiet"]).status, 0, "an existing folder stays a folder")
        XCTAssertTrue(FileManager.default.fileExists(atPath: folder.appendingPathComponent("old.gif/frames.json").path))
        let refused: [([String], String)] = [
            (["-o", "frames"], "frames: give a file ending in .png, .apng, .gif, .webp, .mp4, .webm or .json (Lottie), or a folder of frames as frames/"),
            (["-o", "b.json", "--scale", "2"], "--scale: a Lottie animation is shapes sized in points"),
            (["-o", "b.gif", "--threads", "0"], "--threads: 0 is out of range; expected 1…64"),
            (["-o", "b.json", "--loop", "2"], "--loop: a Lottie file has no play count"),
            (["-o", "b.json", "--sheet", "s.png"], "--sheet: a Lottie animation draws no frames to put on a sheet"),
            (["-o", "a.svg"], "an SVG file holds one frame; for a folder of SVG frames give --svg -o a/"),
            (["-o", "a.jpg"], "unknown extension .jpg"),
            (["-o", "b.gif", "--svg"], "--svg: SVG frames go into a folder, not b.gif"),
            (["-o", "b.gif", "--quality", "50"], "--quality: only a .webp output is lossy"),
            (["-o", "b.webp", "--quality", "101"], "--quality: 101 is out of range; expected 0…100"),
            (["-o", "b.gif", "--loop", "0"], "expected forever or a number of plays, 1…65535"),
            // A negative number reaches the range check instead of reading as an option.
            (["-o", "b.gif", "--loop", "-1"], "'-1': expected forever or a number of plays, 1…65535"),
        ]
        for (arguments, message) in refused {
            let run = try runTabsnap(["animate", "bar.yaml"] + arguments)
            XCTAssertEqual(run.status, 2, "\(arguments)")
            XCTAssertTrue(run.stderr.contains(message), "\(arguments): \(run.stderr)")
        }
        for name in ["frames", "a.svg", "a.jpg", "b.gif", "b.webp", "b.json", "s.png"] {
            XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent(name).path), name)
        }
    }

    func testAnimateLoopsAndPingPongs() throws {
        try write("width: 120\nitems: [A, B]\ntransition: {to: 1, frames: 3, fps: 50}\n", to: "bar.yaml")
        let run = try runTabsnap(["animate", "bar.yaml", "-o", "a.gif", "--loop", "2", "--ping-pong", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let bytes = [UInt8](try Data(contentsOf: folder.appendingPathComponent("a.gif")))
        // NETSCAPE2.0, then its sub-block: 3 bytes, 1, one repeat after the first play.
        let loop = Array("NETSCAPE2.0".utf8) + [3, 1, 1, 0]
        XCTAssertTrue((0...(bytes.count - loop.count)).contains { Array(bytes[$0..<$0 + loop.count]) == loop })
        let frames = try runTabsnap(["animate", "bar.yaml", "-o", "f/", "--ping-pong", "--quiet"])
        XCTAssertEqual(frames.status, 0, frames.stderr)
        let json = try JSONSerialization.jsonObject(with: Data(contentsOf: folder.appendingPathComponent("f/frames.json"))) as? [String: Any]
        XCTAssertEqual((json?["frames"] as? [[String: Any]])?.map { $0["position"] as? Double }, [0, 0.5, 1, 0.5, 0])
        XCTAssertEqual(json?["pingPong"] as? Bool, true)
    }

    /// MP4 and WebM go through the user's ffmpeg: without one, the error names what to install
    /// and nothing is left behind.
    func testAVideoWithoutFFmpegSaysWhatToInstall() throws {
        try write("width: 120\nitems: [A, B]\n", to: "bar.yaml")
        let run = try runTabsnap(["animate", "bar.yaml", "-o", "a.mp4", "--frames", "3", "--quiet"], environment: ["PATH": "/nonexistent"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.contains("a.mp4: writing .mp4 needs ffmpeg on PATH (Debian: sudo apt install ffmpeg)"), run.stderr)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["bar.yaml"])
    }

    /// ffmpeg 5.1 exits 0 after failing to write a video's end (a full disk): what it says
    /// decides, and an empty file is no video either. Nothing is renamed into place.
    func testAVideoFFmpegCouldNotFinishIsAnError() throws {
        try write("width: 120\nitems: [A, B]\n", to: "bar.yaml")
        let bin = folder.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let fake = bin.appendingPathComponent("ffmpeg")
        for (script, message) in [
            ("cat > /dev/null; echo 'Error writing trailer of out: No space left on device' >&2; exit 0",
             "a.mp4: ffmpeg failed: Error writing trailer of out: No space left on device"),
            ("cat > /dev/null; exit 0", "a.mp4: ffmpeg wrote nothing"),
            ("kill -9 $$", "a.mp4: ffmpeg failed: killed by signal 9"),
        ] {
            try write("#!/bin/sh\n\(script)\n", to: "bin/ffmpeg")
            chmod(fake.path, 0o755)
            let run = try runTabsnap(["animate", "bar.yaml", "-o", "a.mp4", "--frames", "3", "--quiet"],
                                     environment: ["PATH": bin.path + ":/usr/bin:/bin"])
            XCTAssertEqual(run.status, 2, script)
            XCTAssertTrue(run.stderr.contains(message), "\(script): \(run.stderr)")
            XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["bar.yaml", "bin"], script)
        }
        // A finite loop is that many plays in a row: bounded, so no count makes a run of hours.
        let long = try runTabsnap(["animate", "bar.yaml", "-o", "a.mp4", "--frames", "100", "--loop", "65535", "--quiet"],
                                  environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        XCTAssertEqual(long.status, 2)
        XCTAssertTrue(long.stderr.contains("65535 plays of 100 frames (at 60 fps) is over the 20000 frames a video may have"), long.stderr)
        // Frames are counted as the video holds them: ten 2-frame springs that take 110 s to settle
        // are 20 transition frames but 65 965 video frames.
        let springs = (1...10).flatMap { ["--step", "{to: \($0 % 2), frames: 2, easing: \"spring(0.1, 10)\"}"] }
        let slow = try runTabsnap(["animate", "bar.yaml", "-o", "a.mp4", "--quiet"] + springs, environment: ["PATH": bin.path + ":/usr/bin:/bin"])
        XCTAssertEqual(slow.status, 2)
        XCTAssertTrue(slow.stderr.contains("1 play of 65965 frames (at 60 fps) is over"), slow.stderr)
        // A hold with no step to follow is refused, as in a spec.
        let hold = try runTabsnap(["animate", "bar.yaml", "-o", "d/", "--step", "{hold: 500}"])
        XCTAssertEqual(hold.status, 2)
        XCTAssertTrue(hold.stderr.contains("a hold needs a step after it"), hold.stderr)
    }

    /// The everyday things: --version, suggestions for near misses, standard input and output,
    /// --theme, and a gallery of one's own specs.
    func testEverydayCommandLine() throws {
        let version = try runTabsnap(["--version"])
        XCTAssertEqual(version.status, 0)
        XCTAssertEqual(version.stdout, TabsnapVersion.current + "\n")
        let typo = try runTabsnap(["rendr", "bar.yaml"])
        XCTAssertEqual(typo.status, 2)
        XCTAssertEqual(typo.stderr, "error: unknown command 'rendr'; did you mean 'render'? (see tabsnap --help)\n")
        try write("width: 200\nitems: [Home, Search]\ntransition: {to: 1, frames: 3}\n", to: "bar.yaml")
        let easing = try runTabsnap(["animate", "bar.yaml", "-o", "a.gif", "--easing", "ease-inout"])
        XCTAssertTrue(easing.stderr.contains("unknown easing 'ease-inout'; did you mean 'ease-in-out'?"), easing.stderr)
        // - reads the spec from standard input; -o - writes the image to standard output.
        let piped = Process()
        piped.executableURL = Bundle.main.bundleURL.appendingPathComponent("tabsnap")
        piped.arguments = ["render", "-", "-o", "-", "--theme", "dark", "--scale", "1"]
        piped.currentDirectoryURL = folder
        let input = Pipe(), output = Pipe()
        piped.standardInput = input
        piped.standardOutput = output
        try piped.run()
        input.fileHandleForWriting.write(Data("width: 200\nitems: [Home, Search]\n".utf8))
        try input.fileHandleForWriting.close()
        let bytes = [UInt8](output.fileHandleForReading.readDataToEndOfFile())
        piped.waitUntilExit()
        XCTAssertEqual(piped.terminationStatus, 0)
        let image = try PNGDecoder.decode(bytes)
        let dark = try Renderer().image(of: { var bar = try SpecLoader.parse("width: 200\nitems: [Home, Search]"); bar.theme = .dark; return bar }(), scale: 1)
        XCTAssertEqual(image, dark, "the spec from stdin, --theme dark, the PNG on stdout")
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted(), ["bar.yaml"], "nothing written here")
        let stdinError = Process()
        stdinError.executableURL = piped.executableURL
        stdinError.arguments = ["render", "-", "-o", "x.png"]
        stdinError.currentDirectoryURL = folder
        let badInput = Pipe(), errors = Pipe()
        stdinError.standardInput = badInput
        stdinError.standardError = errors
        try stdinError.run()
        badInput.fileHandleForWriting.write(Data("width: 200\nitemz: [A]\n".utf8))
        try badInput.fileHandleForWriting.close()
        let said = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        stdinError.waitUntilExit()
        XCTAssertEqual(stdinError.terminationStatus, 2)
        XCTAssertTrue(said.hasPrefix("error: <stdin>:2:1: "), said)
        // A gallery of the user's specs: a grid per spec and its transition.
        let gallery = try runTabsnap(["gallery", "bar.yaml", "-o", "gallery", "--positions", "0,1", "--themes", "light,dark"])
        XCTAssertEqual(gallery.status, 0, gallery.stderr)
        let files = try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("gallery").path).sorted()
        XCTAssertEqual(files, [".tabsnap-written", "bar.dark.p0@2x.png", "bar.dark.p1@2x.png", "bar.dark.transition@2x.png", "bar.light.p0@2x.png",
                               "bar.light.p1@2x.png", "bar.light.transition@2x.png", "index.html"])
        let page = try String(contentsOf: folder.appendingPathComponent("gallery/index.html"), encoding: .utf8)
        XCTAssertTrue(page.contains("<th>position 1</th>") && page.contains("src=\"bar.dark.p1@2x.png\""), page)
        // An axis the command line leaves out keeps the spec's own list.
        try write("width: 200\nitems: [Home, Search]\nsnapshots: {positions: [0, 1]}\n", to: "listed.yaml")
        XCTAssertEqual(try runTabsnap(["gallery", "listed.yaml", "-o", "g2", "--themes", "dark"]).status, 0)
        XCTAssertEqual(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("g2").path).sorted(),
                       [".tabsnap-written", "index.html", "listed.dark.p0@2x.png", "listed.dark.p1@2x.png"])
        // Specs whose flat names would meet are refused, not silently overwritten.
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("suite/a"), withIntermediateDirectories: true)
        try write("width: 200\nitems: [A]\n", to: "suite/a/b.yaml")
        try write("width: 200\nitems: [B]\n", to: "suite/a-b.yaml")
        let clash = try runTabsnap(["gallery", "suite", "-o", "g3"])
        XCTAssertEqual(clash.status, 2)
        XCTAssertTrue(clash.stderr.contains("would both write"), clash.stderr)
        // So are names that are one file on macOS and Windows (round 41).
        try FileManager.default.createDirectory(at: folder.appendingPathComponent("cased"), withIntermediateDirectories: true)
        try write("width: 200\nitems: [A]\n", to: "cased/Bar.yaml")
        try write("width: 200\nitems: [B]\n", to: "cased/bar.yaml")
        let cased = try runTabsnap(["gallery", "cased", "-o", "g4"])
        XCTAssertEqual(cased.status, 2)
        XCTAssertTrue(cased.stderr.contains("would both write bar.png and Bar.png, whose names differ only in case, which macOS and Windows take for one file, in the gallery"),
                      cased.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("g4").path))
        try write("notes", to: "gallery/notes.txt")
        XCTAssertEqual(try runTabsnap(["gallery", "bar.yaml", "-o", "gallery"]).status, 2, "a folder holding someone else's file is refused")
    }

    func testScaleSizesAnSVGAndIsRefusedForAPDF() throws {
        try write("width: 200\nitems: [Home, Search]\n", to: "bar.yaml")
        XCTAssertEqual(try runTabsnap(["render", "bar.yaml", "-o", "bar.svg", "--scale", "2"]).status, 0)
        let svg = try String(contentsOf: folder.appendingPathComponent("bar.svg"), encoding: .utf8)
        XCTAssertTrue(svg.contains("width=\"400px\""), String(svg.prefix(300)))
        let pdf = try runTabsnap(["render", "bar.yaml", "-o", "bar.pdf", "--scale", "2"])
        XCTAssertEqual(pdf.status, 2)
        XCTAssertTrue(pdf.stderr.hasPrefix("error: --scale: a PDF page is sized in points"), pdf.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("bar.pdf").path))
    }

    func testAnimateSaysWhenTooFewFramesCannotShowASpring() throws {
        try write("width: 200\nitems: [Home, Search]\n", to: "bar.yaml")
        let run = try runTabsnap(["animate", "bar.yaml", "-o", "swipe.png", "--frames", "4", "--easing", "spring", "--scale", "1", "--quiet"])
        XCTAssertEqual(run.status, 0, "the frames are still written")
        XCTAssertEqual(run.stderr, "warning: 4 frames cannot show the spring's overshoot (4.6 % past the end, 45 % of the way through); use at least 5\n")
        let enough = try runTabsnap(["animate", "bar.yaml", "-o", "swipe.png", "--frames", "12", "--easing", "spring", "--scale", "1", "--quiet"])
        XCTAssertEqual(enough.stderr, "")
    }

    func testAnimateRejectsBadOptions() throws {
        try write("width: 200\nitems: [Home, Search]\n", to: "bar.yaml")
        let run = try runTabsnap(["animate", "bar.yaml", "-o", "x.png", "--easing", "bouncy"])
        XCTAssertEqual(run.status, 2)
        XCTAssertTrue(run.stderr.hasPrefix("error: The value 'bouncy' is invalid for '--easing <easing>': unknown easing 'bouncy'"), run.stderr)
        XCTAssertFalse(FileManager.default.fileExists(atPath: folder.appendingPathComponent("x.png").path))
    }
}

extension CLITests {
    func testAnimateWritesAContactSheet() throws {
        try write("width: 200\nitems: [Home, Search]\n", to: "bar.yaml")
        let run = try runTabsnap(["animate", "bar.yaml", "-o", "swipe.png", "--frames", "6", "--sheet", "sheet.png", "--quiet"])
        XCTAssertEqual(run.status, 0, run.stderr)
        let sheet = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("sheet.png"))))
        // 6 thumbnails of 200 pt in rows of up to 7 (1600 / 208): one row of six
        XCTAssertEqual(sheet.width, Int(6 * (200 + ContactSheet.gap) + ContactSheet.gap))
        // Frames chosen and laid out: 8 of the default tour's, 4 a row.
        XCTAssertEqual(try runTabsnap(["animate", "bar.yaml", "-o", "tour.gif", "--sheet", "eight.png", "--sheet-frames", "8", "--sheet-columns", "4", "--quiet"]).status, 0)
        let eight = try PNGDecoder.decode([UInt8](Data(contentsOf: folder.appendingPathComponent("eight.png"))))
        XCTAssertEqual(eight.width, Int(4 * (200 + ContactSheet.gap) + ContactSheet.gap))
        XCTAssertEqual(eight.height, 2 * sheet.height - Int(ContactSheet.gap), "two rows of the one row's cells")
        XCTAssertEqual(try runTabsnap(["animate", "bar.yaml", "-o", "x.gif", "--sheet-frames", "8"]).status, 2, "only with --sheet")
        XCTAssertTrue(try runTabsnap(["animate", "bar.yaml", "-o", "x.gif", "--sheet", "s.png", "--sheet-frames", "1"]).stderr.contains("--sheet-frames: 1 is out of range; expected 2…1000"))
        let bad = try runTabsnap(["animate", "bar.yaml", "-o", "x.png", "--sheet", "sheet.jpg", "--quiet"])
        XCTAssertEqual(bad.status, 2)
        XCTAssertTrue(bad.stderr.contains("--sheet"), bad.stderr)
    }
}
