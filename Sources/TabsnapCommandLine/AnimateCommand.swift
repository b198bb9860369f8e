import ArgumentParser
import Foundation
import Tabsnap

struct AnimateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Render a swipe or jump between positions, frame by frame: an animated PNG, GIF, WebP, MP4 or WebM, a Lottie animation, or a folder of frames."
    )

    @Argument(help: "A spec file (.yaml, .yml or .json), or - for standard input.")
    var spec: String

    @Option(name: .shortAndLong, help: "The kind follows the extension: OUT.png (or .apng), .gif, .webp, .mp4 or .webm (through ffmpeg), .json (Lottie, shapes in points); or a folder, DIR/ or an existing one, for frame-0000.png … and frames.json.")
    var output: String

    @Option(parsing: .unconditional, help: "How many times the animation plays: forever (default, or the spec's loop) or a count.",
            transform: AnimateCommand.parseLoop)
    var loop: BarTransition.Loop?

    @Flag(name: .customLong("ping-pong"), help: "Play there and back: after the last step, the same frames back to the start.")
    var pingPong = false

    @Option(parsing: .unconditional, help: "Lossy WebP at this quality, 0…100 (default: lossless), for photographic content. Only for .webp.")
    var quality: Int?

    @Option(name: .customLong("near-lossless"), parsing: .unconditional, help: "Near-lossless WebP, 0 (smallest) … 100 (exact): the smaller file for UI frames (60: about GIF's size, no pixel off by more than ΔE 3). Only for .webp.")
    var nearLossless: Int?

    @Option(help: "A GIF's background for partly transparent pixels: a colour (#RRGGBB, white, black; default white, the page), or none to keep one bit of alpha (they turn solid or clear). Only for .gif.",
            transform: AnimateCommand.parseMatte)
    var matte: GIFMatte?

    @Option(parsing: .unconditional, help: "Start position (default: the spec's position).")
    var from: Double?

    @Option(parsing: .unconditional, help: "End position (default: the next button, or the previous one from the last).")
    var to: Double?

    @Option(parsing: .unconditional, help: "Frames, both ends included.")
    var frames: Int?

    @Option(help: "A step of a sequence, repeatable, as in a spec's transition.steps: '{to: 2, duration: 400}' '{hold: 300}' '{to: 1, kind: jump}'.")
    var step: [String] = []

    @Option(parsing: .unconditional, help: "Duration in milliseconds (frames then follow from --fps).")
    var duration: Double?

    @Option(parsing: .unconditional, help: "Frames per second (default 60, or the spec's).")
    var fps: Double?

    @Option(help: "linear, ease-in, ease-out, ease-in-out (default), spring, spring(damping,response), cubic-bezier(x1,y1,x2,y2).",
            transform: Easing.parsing)
    var easing: Easing?

    @Option(help: "swipe (default: the position moves through the buttons between) or jump (a tap: start state to end state).")
    var kind: BarTransition.Kind?

    @Option(parsing: .unconditional, help: "Pixels per point (overrides the spec's scale); with --svg, multiplies each frame's width and height.")
    var scale: Double?

    @Option(help: "Also write a contact sheet to this PNG: each frame once (a hold is one picture), labelled with index, time and position.")
    var sheet: String?

    @Option(name: .customLong("sheet-frames"), parsing: .unconditional, help: "At most this many frames on the sheet, 2…1000: where the motion changes first, the rest evenly in time.")
    var sheetFrames: Int?

    @Option(name: .customLong("sheet-columns"), parsing: .unconditional, help: "Frames a row on the sheet, 1…100 (default: as many as fit 1 600 px).")
    var sheetColumns: Int?

    @Flag(help: "Write the folder's frames as SVG instead of PNG.")
    var svg = false

    @Option(name: .customLong("svg-text"), help: "With --svg: how each frame holds its text, as render's --svg-text (outlines, named or embedded).")
    var svgText: SVGText = .outlines

    @Option(parsing: .unconditional, help: "Threads that render (and, for WebP, encode) frames at once, 1…64 (default: every core).")
    var threads: Int?

    @Flag(help: "No progress bar.")
    var quiet = false

    @OptionGroup var access: IconAccessArguments
    @OptionGroup var fonts: FontArguments
    @OptionGroup var locale: LocaleArguments
    @OptionGroup var variant: VariantArguments

    /// The transition the command line describes, its steps read as a spec's.
    private func request() throws -> TransitionRequest {
        let steps: StepList
        do { steps = try SpecLoader.steps(step, source: "--step") } catch { throw CLIError(error) }
        var request = TransitionRequest(from: from, to: to, frames: frames, duration: duration, fps: fps, easing: easing, kind: kind, steps: steps,
                                        loop: loop, pingPong: pingPong ? true : nil)
        request.fallback = .tour
        return request
    }

    private var specFiles: [String] { specInputFiles(spec) }

    static func parseMatte(_ text: String) throws -> GIFMatte {
        switch text.lowercased() {
        case "none": return .none
        case "white": return .pageWhite
        case "black": return .color(RGBAColor(red: 0, green: 0, blue: 0))
        default:
            guard let color = RGBAColor(hex: text), text.count == 7 else {
                // ArgumentParser's message names the value already ("The value '#FFF' is invalid …").
                throw ValidationError("expected a colour (#RRGGBB, white or black) or none")
            }
            return .color(color)
        }
    }

    static func parseLoop(_ text: String) throws -> BarTransition.Loop {
        if text == "forever" { return .forever }
        guard let count = Int(text), Limits.loopCount.contains(count) else {
            throw ValidationError("'\(text)': expected forever or a number of plays, \(Limits.loopCount.lowerBound)…\(Limits.loopCount.upperBound)")
        }
        return .times(count)
    }

    /// Where the animation goes (the extension decides; see `AnimationTarget`).
    private func target() throws -> AnimationTarget {
        do { return try AnimationTarget.resolve(output) } catch { throw ValidationError("--output: \(error)") }
    }

    func validate() throws {
        try checkScale(scale)
        do { try request().validate() } catch let error as TransitionRequest.Problem { throw optionError(error) }
        let target = try self.target()
        if svg, case .file = target {
            throw ValidationError("--svg: SVG frames go into a folder, not \(output) (give -o DIR/)")
        }
        if svgText != .outlines, !svg {
            throw ValidationError("--svg-text: only SVG frames hold text (add --svg and -o DIR/)")
        }
        if case .lottie = target {
            // Lottie holds shapes in points and no play count: the player sizes and loops it.
            if scale != nil { throw ValidationError("--scale: a Lottie animation is shapes sized in points; its player scales it, so leave --scale out") }
            if loop != nil { throw ValidationError("--loop: a Lottie file has no play count (its player decides); leave --loop out") }
            if sheet != nil { throw ValidationError("--sheet: a Lottie animation draws no frames to put on a sheet; write the sheet with a PNG animation or frame folder") }
        }
        if matte != nil {
            guard case .file(.gif, _) = target else { throw ValidationError("--matte: only a GIF has one bit of alpha; \(output) is not a .gif") }
        }
        if let nearLossless {
            guard case .file(.webp, _) = target else { throw ValidationError("--near-lossless: only a .webp output has it; \(output) is not one") }
            guard (0...100).contains(nearLossless) else { throw ValidationError("--near-lossless: \(nearLossless) is out of range; expected 0…100") }
            if quality != nil { throw ValidationError("--near-lossless and --quality: give one of them") }
        }
        if let quality {
            guard case .file(.webp, _) = target else { throw ValidationError("--quality: only a .webp output is lossy; \(output) is not one") }
            guard (0...100).contains(quality) else { throw ValidationError("--quality: \(quality) is out of range; expected 0…100") }
        }
        if sheet == nil, sheetFrames != nil || sheetColumns != nil {
            throw ValidationError("--\(sheetFrames != nil ? "sheet-frames" : "sheet-columns"): only with --sheet FILE.png")
        }
        if let threads, !(1...64).contains(threads) {
            throw ValidationError("--threads: \(threads) is out of range; expected 1…64")
        }
        if let sheetFrames, !(2...1_000).contains(sheetFrames) {
            throw ValidationError("--sheet-frames: \(sheetFrames) is out of range; expected 2…1000")
        }
        if let sheetColumns, !(1...100).contains(sheetColumns) {
            throw ValidationError("--sheet-columns: \(sheetColumns) is out of range; expected 1…100")
        }
        if let sheet {
            guard URL(fileURLWithPath: sheet).pathExtension.lowercased() == "png" else {
                throw ValidationError("--sheet: \(sheet): the contact sheet is a .png file")
            }
            let sheetPath = URL(fileURLWithPath: sheet).standardizedFileURL.path, outputPath = URL(fileURLWithPath: output).standardizedFileURL.path
            if sheetPath == outputPath || sheetPath.hasPrefix(outputPath + "/") {
                throw ValidationError("--sheet: \(sheet) is the animation's own output; give the sheet another place")
            }
        }
    }

    func run() throws {
        let document = try loadSpec(spec, access: access, fonts: fonts, locale: locale)
        var bar = document.bar
        try variant.apply(to: &bar)
        let request = try self.request()
        let transition: BarTransition
        do {
            transition = try request.transition(position: bar.position, buttonCount: bar.items.count, spec: document.transition)
        } catch {
            throw optionError(error)
        }
        do { try transition.checkLimits() } catch { throw CLIError(error.description) }
        // Said even with --quiet: the frames written will not show what was asked for.
        for warning in transition.frameCountWarnings { printLine("warning: \(warning)", to: .standardError) }
        let target = try self.target()
        var renderer = FrameRenderer(bar: bar, transition: transition, scale: scale)
        if let threads { renderer.threads = threads }
        var progress = ProgressBar(total: transition.frameCount, quiet: quiet)
        var contactSheet: ContactSheet?
        let sheetFrames = Set(sheet == nil ? [] : transition.sheetFrames(limit: self.sheetFrames))
        let written: URL
        // Refused before any frame is drawn, so no animation is written without its sheet.
        switch target {
        case .file(_, let url), .lottie(let url):
            written = url
            try OutputChecks(outputs: [("--output", output)] + (sheet.map { [("--sheet", $0)] } ?? []),
                             inputs: specFiles + document.inputFiles).check()
        case .folder(let url):
            written = url
            try OutputChecks(outputs: sheet.map { [("--sheet", $0)] } ?? [], inputs: specFiles + document.inputFiles + [output]).check()
            // The folder's frames replace what is there: never a file the spec reads (an icon
            // that is an earlier run's frame, hostile round 32).
            let folder = url.resolvingSymlinksInPath().standardizedFileURL.path + "/"
            // (Other files in it refuse the folder anyway, with FrameFolderWriter's own words.)
            if let inside = (specFiles + document.inputFiles).first(where: { input in
                let url = URL(fileURLWithPath: input).resolvingSymlinksInPath().standardizedFileURL
                let name = url.lastPathComponent
                return url.path.hasPrefix(folder) && (name == "frames.json" || name.wholeMatch(of: /frame-[0-9]+\.(png|svg)/) != nil)
            }) {
                throw CLIError("--output \(output): holds \(URL(fileURLWithPath: inside).lastPathComponent), one of the command's inputs, which the frames could replace; write the frames to another folder")
            }
        }
        if sheet != nil {
            do {
                contactSheet = try renderer.contactSheet(frames: sheetFrames.sorted(), columns: sheetColumns)
            } catch {
                let columns = sheetColumns.map { "another row length than \($0) with --sheet-columns C, or " } ?? ""
                throw CLIError("--sheet: \(sheetFrames.count) frames do not fit on one sheet (ask for \(columns)fewer frames with --sheet-frames N): \(error.description)")
            }
        }
        // The animation and its sheet take their names together, once both are written: a full
        // disk at the sheet left the new animation in place (hostile round 80).
        func writeSheet() throws {
            if let sheet, let contactSheet { try AtomicFile.write(contactSheet.png(), to: URL(fileURLWithPath: sheet)) }
        }
        do {
            try StagedFile.together {
                switch target {
                case .file(let kind, let url):
                    let notes = try renderer.writeAnimation(kind, to: url, quality: quality, nearLossless: nearLossless,
                                                            matte: matte ?? .pageWhite) { frame, image in
                        if sheetFrames.contains(frame.index) { contactSheet?.add(image, index: frame.index, time: frame.time, position: frame.state.position) }
                        progress.update(frame.index + 1)
                    }
                    // Said even with --quiet: the GIF does not show the colours drawn.
                    if notes.changedPixels > 0 {
                        let share = Limits.format((Double(notes.changedPixels) / Double(max(notes.totalPixels, 1)) * 1000).rounded() / 10)
                        printLine("warning: \(output): \(notes.changedPixels) pixels (\(share) %) are partly transparent, and a GIF shows each pixel solid or clear: "
                                  + "they change colour (a half-opaque title turns solid); --matte COLOR blends them over a background", to: .standardError)
                    }
                case .lottie(let url):
                    let name = url.deletingPathExtension().lastPathComponent
                    let bytes = try renderer.lottie(name: name) { progress.update($0) }
                    try AtomicFile.write(bytes, to: url)
                case .folder(let url):
                    let writer = try FrameFolderWriter(folder: url, transition: transition)
                    let format: OutputFormat = svg ? .svg : .png
                    try renderer.renderFiles(format: format, svgText: svgText, withImages: contactSheet != nil) { frame, bytes, image in
                        try writer.append(frame, bytes: bytes, extension: format.rawValue)
                        if let image, sheetFrames.contains(frame.index) {
                            contactSheet?.add(image, index: frame.index, time: frame.time, position: frame.state.position)
                        }
                        progress.update(frame.index + 1)
                    }
                    // Staged before the folder is moved into place, named after it.
                    try writeSheet()
                    try writer.finish()
                    return
                }
                try writeSheet()
            }
        } catch let error as RenderError {
            throw CLIError("\(spec): \(error)")
        } catch let error as CustomStringConvertible {
            throw CLIError(error.description)
        }
        if !quiet { print("Wrote \(transition.frameCount) frames to \(written.path)" + (sheet.map { " and a contact sheet to \($0)" } ?? "")) }
    }
}
