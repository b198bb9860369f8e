import ArgumentParser
import Foundation
import Tabsnap

struct AnimateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Render a swipe or jump between positions, frame by frame: an APNG (OUT.png) or a folder of frames."
    )

    @Argument(help: "A spec file (.yaml, .yml or .json).")
    var spec: String

    @Option(name: .shortAndLong, help: "OUT.png for an animated PNG, or a folder for frame-0000.png … and frames.json.")
    var output: String

    @Option(parsing: .unconditional, help: "Start position (default: the spec's position).")
    var from: Double?

    @Option(parsing: .unconditional, help: "End position (default: the next button, or the previous one from the last).")
    var to: Double?

    @Option(help: "Frames, both ends included.")
    var frames: Int?

    @Option(help: "A step of a sequence, repeatable, as in a spec's transition.steps: '{to: 2, duration: 400}' '{hold: 300}' '{to: 1, kind: jump}'.")
    var step: [String] = []

    @Option(help: "Duration in milliseconds (frames then follow from --fps).")
    var duration: Double?

    @Option(help: "Frames per second (default 60, or the spec's).")
    var fps: Double?

    @Option(help: "linear, ease-in, ease-out, ease-in-out (default), spring, spring(damping,response), cubic-bezier(x1,y1,x2,y2).")
    var easing: String?

    @Option(help: "swipe (default: the position moves through the buttons between) or jump (a tap: start state to end state).")
    var kind: String?

    @Option(help: "Pixels per point (overrides the spec's scale).")
    var scale: Double?

    @Option(help: "Also write a filmstrip / contact sheet of every frame, labelled with index and position, to this PNG.")
    var sheet: String?

    @Flag(help: "Write the folder's frames as SVG instead of PNG.")
    var svg = false

    @Flag(help: "No progress bar.")
    var quiet = false

    @OptionGroup var access: IconAccessArguments

    func run() throws {
        try checkScale(scale)
        if let from { try checkPosition(from, option: "--from") }
        if let to { try checkPosition(to, option: "--to") }
        let document: SpecDocument
        do {
            document = try SpecLoader.loadDocument(contentsOf: URL(fileURLWithPath: spec), displayName: spec, icons: access.icons)
        } catch {
            throw fail(error.description)
        }
        let bar = document.bar
        let transition = try makeTransition(for: bar, specTransition: document.transition)
        do { try transition.checkLimits() } catch { throw fail(error.description) }
        let url = URL(fileURLWithPath: output)
        let toAPNG = url.pathExtension.lowercased() == "png"
        if toAPNG && svg { throw fail("--svg: SVG frames go into a folder, not \(output)") }
        let renderer = FrameRenderer(bar: bar, transition: transition, scale: scale)
        var progress = ProgressBar(total: transition.frameCount, quiet: quiet)
        if let sheet {
            guard URL(fileURLWithPath: sheet).pathExtension.lowercased() == "png" else {
                throw fail("--sheet: \(sheet): the contact sheet is a .png file")
            }
            // Refused before any frame is drawn, so no animation is written without its sheet.
            do { _ = try OutputTarget.resolve(URL(fileURLWithPath: sheet)) } catch { throw fail(error.description) }
            let sheetPath = URL(fileURLWithPath: sheet).standardizedFileURL.path, outputPath = URL(fileURLWithPath: output).standardizedFileURL.path
            if sheetPath == outputPath || sheetPath.hasPrefix(outputPath + "/") {
                throw fail("--sheet: \(sheet) is the animation's own output; give the sheet another place")
            }
        }
        // The sheet needs the bar's size in points: the geometry of the first frame gives it.
        let first = Renderer().geometry(of: transition.frame(0), bar: bar)
        var contactSheet: ContactSheet?
        if sheet != nil {
            do {
                contactSheet = try ContactSheet(frameCount: transition.frameCount, barSize: Size(width: first.width, height: first.height))
            } catch {
                throw fail("--sheet: \(transition.frameCount) frames do not fit on one sheet: \(error.description)")
            }
        }
        do {
            if toAPNG {
                try renderer.writeAPNG(to: url) { frame, image in
                    contactSheet?.add(image, index: frame.index, position: frame.state.position)
                    progress.update(frame.index + 1)
                }
            } else {
                let writer = try FrameFolderWriter(folder: url)
                let format: OutputFormat = svg ? .svg : .png
                try renderer.renderFiles(format: format, withImages: contactSheet != nil) { frame, bytes, image in
                    try writer.append(frame, bytes: bytes, extension: format.rawValue)
                    if let image { contactSheet?.add(image, index: frame.index, position: frame.state.position) }
                    progress.update(frame.index + 1)
                }
                try writer.finish()
            }
            if let sheet, let contactSheet {
                try AtomicFile.write(contactSheet.png(), to: URL(fileURLWithPath: sheet))
            }
        } catch let error as RenderError {
            throw fail("\(spec): \(error)")
        } catch let error as CustomStringConvertible {
            throw fail(error.description)
        }
        if !quiet { print("Wrote \(transition.frameCount) frames to \(url.path)" + (sheet.map { " and a contact sheet to \($0)" } ?? "")) }
    }

    /// The spec's transition, unless the command line describes one (--to, --frames, --duration,
    /// --easing or --kind); --from and --fps adjust either.
    private func makeTransition(for bar: Bar, specTransition: BarTransition?) throws -> BarTransition {
        let curve: Easing
        switch Easing.parse(easing ?? "ease-in-out") {
        case .success(let parsed): curve = parsed
        case .failure(let problem): throw fail("--easing: \(problem.message)")
        }
        guard let stepKind = BarTransition.Kind(rawValue: kind ?? "swipe") else {
            throw fail("--kind: unknown kind '\(kind ?? "")'; expected swipe or jump")
        }
        if let fps, !Limits.fps.contains(fps) {
            throw fail("--fps: \(Limits.format(fps)) is out of range; expected \(Int(Limits.fps.lowerBound))…\(Int(Limits.fps.upperBound))")
        }
        if !step.isEmpty {
            guard to == nil, frames == nil, duration == nil, easing == nil, kind == nil else {
                throw fail("--step: give the steps' own to, frames, duration, easing and kind inside each step")
            }
            do {
                return try SpecLoader.parseSteps(step, from: from ?? bar.position, fps: fps ?? specTransition?.fps ?? 60)
            } catch {
                throw fail(error.description)
            }
        }
        let describedHere = to != nil || frames != nil || duration != nil || easing != nil || kind != nil
        if var fromSpec = specTransition, !describedHere {
            if let from { fromSpec.from = from }
            if let fps { fromSpec.fps = fps }
            return fromSpec
        }
        if let frames, !(2...Limits.framesPerTransition).contains(frames) {
            throw fail("--frames: \(frames) is out of range; expected 2…\(Limits.framesPerTransition)")
        }
        let durations = Limits.durationMilliseconds
        if let duration, !(duration > durations.lowerBound && duration <= durations.upperBound) {
            throw fail("--duration: \(Limits.format(duration)) is out of range; expected milliseconds, more than 0 and at most \(Int(durations.upperBound))")
        }
        if frames != nil && duration != nil { throw fail("--frames and --duration: give one of them") }
        let start = from ?? bar.position
        let cap = Double(max(bar.items.count - 1, 0))
        let end = to ?? (start + 1 <= cap ? (start + 1).rounded(.down) : max(start - 1, 0).rounded(.up))
        return BarTransition(from: start, to: end, kind: stepKind, easing: curve, frames: frames,
                          duration: duration.map { $0 / 1000 }, fps: fps ?? specTransition?.fps ?? 60)
    }
}
