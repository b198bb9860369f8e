/// Every bound on input, in one place. Specs, goldens and command lines are untrusted (they come
/// in pull requests and run in CI): each number read from them is checked against these once, so
/// nothing downstream can trap, allocate without bound or run forever. The README's "Limits"
/// section lists them; raising one is a decision, not a fix.
public enum Limits {
    // MARK: Bar
    /// Bar width in points (`width`): more than 0, at most 10 000.
    public static let width = 0.0...10_000          // points, lower bound excluded
    /// Bar height in points (`height`): more than 0, at most 10 000.
    public static let height = 0.0...10_000         // points, lower bound excluded
    /// Pixels per point (`scale`, `--scale`): more than 0, at most 8.
    public static let scale = 0.0...8               // pixels per point, lower bound excluded
    /// Any position a bar is drawn at (`position`, `--position`, `--from`, `--to`, a transition's
    /// ends, snapshot positions).
    public static let position = -1_000.0...1_000
    /// The factor on title font sizes (`textScale`, a snapshot text scale, the live preview's).
    public static let textScale = 0.5...4.0
    /// A font size in points: more than 0, at most 1 000, also once multiplied by `textScale`.
    public static let fontSize = 0.0...1_000        // points, lower bound excluded
    /// How many items a spec's bar has.
    public static let items = 1...100
    /// Characters in one title, markup string or badge.
    public static let textLength = 1_000
    /// The characters pango starts a new line at (LF, VT, FF, CR, NEL, U+2028, U+2029), which no
    /// title, badge or markup may hold: text is drawn on one line and wraps only at its spaces, by
    /// `button.lines` (pango's line limit counts per paragraph, so "A\nB\nC…" escaped it).
    public static let lineBreaks: Set<UInt32> = [0x0A, 0x0B, 0x0C, 0x0D, 0x85, 0x2028, 0x2029]

    /// Bytes of glyph images one picture's text may make cairo keep: markup titles are drawn
    /// from a cached image of each glyph (plain titles are filled outlines), and colour glyphs
    /// (emoji) are images at any size. A markup title at 1 000 pt at 8× (62 letters) kept 1.8 GB.
    public static let glyphImageBytes = 256 << 20

    /// The first line break in `text`, as `U+000A`; nil when it has none.
    public static func lineBreak(in text: String) -> String? {
        text.unicodeScalars.first(where: { lineBreaks.contains($0.value) }).map(codePoint)
    }

    /// The first control character in `text` other than a tab (C0, DEL, C1), as `U+0007`; nil
    /// when it has none. Spoken text is held to this: nothing draws it to refuse a BEL.
    public static func controlCharacter(in text: String) -> String? {
        text.unicodeScalars.first(where: { $0.properties.generalCategory == .control && $0 != "\t" }).map(codePoint)
    }

    /// The first character in `text` that stands for something that is not text (U+FFF9–U+FFFB,
    /// interlinear annotation; U+FFFC, object replacement), as `U+FFFC`; nil when it has none.
    /// Pango draws them as nothing or as a box, so no drawn text may hold one.
    public static func placeholder(in text: String) -> String? {
        text.unicodeScalars.first(where: { (0xFFF9...0xFFFC).contains($0.value) }).map(codePoint)
    }

    private static func codePoint(_ scalar: Unicode.Scalar) -> String {
        let code = String(scalar.value, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: max(4 - code.count, 0)) + code
    }
    /// A custom component's own numbers in a spec (its settings' `Double`s): finite, at most this
    /// far from zero.
    public static let componentNumber = -1_000_000.0...1_000_000
    /// A custom component's own whole numbers in a spec.
    public static let componentInteger = -1_000_000...1_000_000

    // MARK: Pixels
    /// Cairo cannot draw beyond 32 767 px a side; we stop well before.
    public static let pixelsPerSide = 16_384
    /// 4096 × 4096: 64 MB as RGBA, a few of which are alive per render thread.
    public static let pixelsPerFrame = 16_777_216

    // MARK: Transitions
    /// Frames per second of a transition (`fps`, `--fps`).
    public static let fps = 1.0...240
    /// Every frame of a transition, steps, springs and holds included (2 min 47 s at 60 fps).
    public static let framesPerTransition = 10_000
    /// A transition's or step's duration in milliseconds (`duration`, `--duration`): more than 0,
    /// at most 10 minutes.
    public static let durationMilliseconds = 0.0...600_000  // lower bound excluded
    /// A hold in milliseconds (`{hold: MS}` among `transition.steps`), at most 10 minutes.
    public static let holdMilliseconds = 0.0...600_000
    /// Entries of a transition's `steps`, steps and holds together (only the upper bound is
    /// checked).
    public static let steps = 1...1_000
    /// Plays of an animation (`loop: N`); GIF stores N − 1 repeats in 16 bits.
    public static let loopCount = 1...65_535
    /// Frames of a video, every play of a finite loop included (5 min 33 s at 60 fps).
    public static let videoFrames = 20_000
    /// The damping of the `spring(damping, response)` easing: more than 0, at most 10.
    public static let springDamping = 0.0...10      // lower bound excluded
    /// The response of the `spring(damping, response)` easing, in seconds: more than 0, at most 10.
    public static let springResponse = 0.0...10     // seconds, lower bound excluded
    /// The y values of the `cubic-bezier(x1, y1, x2, y2)` easing (its x values are always 0 … 1).
    public static let bezierY = -10.0...10
    /// A transition step's release `velocity`, in positions (pages) per second.
    public static let releaseVelocity = -100.0...100

    // MARK: Files
    /// Bytes of a spec file, or of a spec read from standard input.
    public static let specFileBytes = 1 << 20       // 1 MB
    /// YAML nodes after aliases are expanded, and the characters of all their scalars: a few
    /// aliases of aliases must not amplify a small file into gigabytes.
    public static let specNodes = 20_000
    /// Characters of all of a spec's scalars once YAML aliases are expanded (see `specNodes`).
    public static let specCharacters = 4 << 20
    /// Bytes of one string catalog (`.xcstrings`, `.strings`, `strings.xml`), and catalogs one
    /// spec may name.
    public static let catalogFileBytes = 16 << 20   // 16 MB
    /// String catalogs one spec may name (see `catalogFileBytes`).
    public static let catalogsPerSpec = 64
    /// Entries (a key in a language) one catalog may hold, and a spec's catalogs together: each
    /// costs about 100 bytes kept (hostile round 79: 16 catalogs of 1.8 million short keys took
    /// 2.8 GB). A large app's 5 000 strings in 40 languages are 200 000.
    public static let catalogEntries = 200_000, catalogEntriesPerSpec = 400_000
    /// Bytes of a spec's catalogs together: what is read costs time whether it holds entries or
    /// comments (hostile round 83: 64 links to a 14 MB catalog of comments, no entries, took
    /// 68 s). Two full catalogs; a large app's 40 `strings.xml` of 300 KB are 12 MB.
    public static let catalogBytesPerSpec = 32 << 20  // 32 MB
    /// Bytes of one icon file, SVG or PNG.
    public static let iconFileBytes = 8 << 20       // 8 MB
    /// An SVG icon's elements as written (librsvg keeps about 2 KB an element), how deep they
    /// nest, and what it draws once `<use>`, patterns, masks, markers and filters are counted
    /// (`SVGIconPreflight`); the drawn elements of all of one bar's SVG icons together.
    public static let svgElements = 20_000
    /// How deep an SVG icon's elements may nest (see `svgElements`).
    public static let svgDepth = 100
    /// Elements one SVG icon draws once `<use>`, patterns, masks, markers and filters are counted.
    public static let svgDrawnElements = 20_000
    /// Drawn elements of all of one bar's SVG icons together.
    public static let svgBarDrawnElements = 100_000
    /// An SVG icon's style rules × its elements: what matching the sheets against the icon costs.
    public static let svgStyleMatches = 1_000_000
    /// Bytes of an SVG icon's style sheets together. librsvg keeps about nine bytes for each byte
    /// of a sheet for as long as the icon is loaded (an 8 MB sheet of declarations, 70 MB), so a
    /// bar of twenty such icons held 1.7 GB (hostile round 65); an icon's sheet is a few KB.
    public static let svgStyleSheetBytes = 256 << 10  // 256 KB
    /// Pixels of the images one SVG icon embeds (`data:` URIs), read from their headers.
    public static let svgImagePixels = 1 << 24
    /// What drawing one SVG icon, or a bar's texts in its brought fonts, may cost: the first time
    /// each is drawn at a size, it is drawn in a sandbox child with these limits (memory is its
    /// address space; CPU time is the child's, wall time bounds a child that sleeps or is starved).
    /// 512 MB: cairo keeps what a font drew for as long as its bar is drawn, on each render
    /// thread, so two threads stay within the README's 1 GB.
    public static let sandboxMemoryBytes = 512 << 20
    /// What the renderers drawing a transition's frames at once may hold in SVG icons together,
    /// as the sandbox measured one's (each thread's renderer reads its own): past it, fewer
    /// frames are drawn at once (hostile round 141: `animate --threads 16` of a bar with one
    /// 7.4 MB icon held 1.74 GB, 100 MB a thread).
    public static let frameIconBytes = 512 << 20
    /// CPU seconds one sandboxed draw may take (see `sandboxMemoryBytes`).
    public static let sandboxCPUSeconds = 2
    /// Wall-clock seconds one sandboxed draw may take, for a child that sleeps or is starved.
    public static let sandboxWallSeconds = 20
    /// What the sandbox took to draw all of one bar's SVG icons (each within the limit above):
    /// bounds the time a frame spends on icons.
    public static let sandboxBarCPUSeconds = 10
    /// What a transition's frames may spend drawing SVG icons, all together: each frame draws
    /// its bar's icons again, so a bar within `sandboxBarCPUSeconds` drawn 9 961 times ran for
    /// hours (hostile round 94). Measured as the sandbox measured the icons, times the frames.
    public static let transitionIconSeconds = 60
    /// What one spec's goldens may spend drawing SVG icons, all together: each golden (a still,
    /// every frame of a transition) draws them again, so a spec of 20 stills of a bar near its
    /// 10 s budget took 100 s (hostile round 95). Counted as drawn; a golden after the bound is
    /// an error of its own.
    public static let specIconSeconds = 120
    /// What a run over many specs (`check`, `lint`) may spend on goldens it refuses while drawing
    /// SVG icons or a spec's own fonts, all together, before it draws no more of those: each
    /// refusal is bounded, but thirty of them took 198 s (hostile round 143).
    public static let refusedCostSeconds = 30
    /// What a process's SVG output may leave in memory: cairo 1.16's SVG surface keeps about
    /// half a kilobyte for each group painted on it until the process ends (`SVGSurfaceLeak`;
    /// hostile round 144: 52 SVG goldens of heavy icons held 2.1 GB).
    public static let svgSurfaceBytes = 256 << 20
    /// What a transition's frames may spend drawing text in a spec's own fonts, all together,
    /// besides `pictureTextMilliseconds` a frame: the sandbox bounds one bar's text in them, but
    /// each frame draws it again (hostile round 105: a 78 KB font of heavy glyphs, 7.5 s a
    /// frame, 21 hours at the frame limit). Measured as drawn (CPU time), and foreseen from the
    /// frames drawn so far.
    public static let transitionTextSeconds = 60
    /// What one spec's goldens (or gallery pictures, or lint variants) may spend drawing text in
    /// its own fonts, all together, besides `pictureTextMilliseconds` a picture (as
    /// `specIconSeconds` for icons).
    public static let specTextSeconds = 120
    /// What each picture (a still, a frame of each pass) may spend on text in a spec's own fonts
    /// beyond the bounds above: about what an ordinary picture costs in all, so a long
    /// transition in an ordinary font — a probe of each new size when titles grow as they are
    /// selected, some 20 ms a frame — is never refused for its length (hostile round 108: a GIF
    /// of 2 000 frames in DejaVu Serif was), while a font costing seconds a frame is at once.
    public static let pictureTextMilliseconds = 50
    /// Bytes of one font file (a spec's `fonts`, `--font`).
    public static let fontFileBytes = 64 << 20      // 64 MB (a CJK font runs to tens of MB)
    /// Font files one spec's `fonts` may bring.
    public static let fontFiles = 32                // a spec's own font files
    /// Pixels of all PNG icons one renderer keeps decoded (a bar has up to 200 icon files):
    /// 32 Mpx, 128 MB as ARGB.
    public static let iconPixels = 1 << 25
    /// Bytes of one golden file (an SVG golden is held to `svgGoldenBytes`).
    public static let goldenFileBytes = 256 << 20   // 256 MB
    /// The JSON reports `report merge` reads, all of them together: decoding costs about ten
    /// times the text (two 61 MB shards took 1.3 GB), so the total is bounded, not each file.
    /// 32 MB holds about 100 000 goldens.
    public static let mergedReportBytes = 32 << 20
    /// The JSON values (objects, arrays, strings, numbers) the reports `report merge` reads hold
    /// all together, counted before decoding (`JSONCost`): Foundation's decoder keeps about 60
    /// bytes for each, whatever their text, so 32 MB of `[0],` took 1.1 GB (hostile round 74).
    /// A report holds about 20 for each golden.
    public static let reportValues = 3_000_000
    /// An SVG golden (Tabsnap's SVG of one bar: even a bar of 100 icons of 20 000 drawn elements
    /// each stays under it); a line diff of two costs a few times their size.
    public static let svgGoldenBytes = 64 << 20
    /// Frames in an animated golden.
    public static let goldenFrames = framesPerTransition
    /// Pixels of all the frames of an animation held in memory at once (a decoded APNG golden, a
    /// transition being checked): 64 Mpx, 256 MB as RGBA.
    public static let animationPixels = 1 << 26

    /// A number as a message shows it: 8, 0.5, 1e+300, nan (no trailing ".0").
    public static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// "5000 is out of range; expected a position from -1000 to 1000"
    public static func positionProblem(_ value: Double) -> String {
        "\(format(value)) is out of range; expected a position from \(Int(position.lowerBound)) to \(Int(position.upperBound))"
    }

    /// Whether a pixel size can be drawn (both sides and the area within the limits).
    public static func allowsPixels(width: Int, height: Int) -> Bool {
        width > 0 && height > 0 && width <= pixelsPerSide && height <= pixelsPerSide
            && width * height <= pixelsPerFrame
    }

    /// "8000×4000 px is over the limit of 16777216 px a frame (4096×4096); lower the scale or the size"
    public static func pixelProblem(width: Int, height: Int) -> String {
        "\(width)×\(height) px is \(overPixelLimits(width: width, height: height)); lower the scale or the size"
    }

    /// The pixel limits a size is over, and only those (round 42: a 16384×16384 golden was
    /// said to be over the side limit it meets): "over the limit of 16384 px a side", "…of
    /// 16777216 px a frame (4096×4096)", or both.
    public static func overPixelLimits(width: Int, height: Int) -> String {
        let side = width > pixelsPerSide || height > pixelsPerSide
        let area = width.multipliedReportingOverflow(by: height)
        let frame = area.overflow || area.partialValue > pixelsPerFrame
        switch (side, frame) {
        case (true, true): return "over the limits of \(pixelsPerSide) px a side and \(pixelsPerFrame) px a frame (4096×4096)"
        case (true, false): return "over the limit of \(pixelsPerSide) px a side"
        default: return "over the limit of \(pixelsPerFrame) px a frame (4096×4096)"
        }
    }
}
