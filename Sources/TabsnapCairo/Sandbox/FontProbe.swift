import Foundation
import TabsnapFiles
import TabsnapFonts
import TabsnapModel

/// When a spec brings font files, every text of its bar is drawn in a sandbox child
/// (`SandboxChild`) before pango measures or draws it in this process: what a font costs is in
/// its glyphs (an embedded bitmap of 16 384² pixels took 2 GB to measure one letter), and pango
/// can be neither interrupted nor given a budget. Any text, not only those set in a brought
/// family: a character the bundled fonts lack falls back to a brought file.
///
/// Texts are sent in batches (one child for a bar's titles and badges); verdicts are kept for
/// the process by the font files (path, inode, size, modification time), texts and target.
enum FontProbe {
    /// A text as pango sets it: on one line, or wrapped as `FontSession.makeLayout` wraps it.
    /// Where a line breaks changes what pango shapes (a ligature or a cluster cut in two
    /// becomes other glyphs), so a wrapped text is probed wrapped.
    struct Text: Hashable {
        var content: TextContent
        var font: FontSpec
        var wrap: Wrap? = nil
        /// How many times a frame draws it (a title on 50 buttons costs 50 draws): the probe
        /// draws it as often, so the budget is the frame's, not one copy's.
        var times: Int = 1
    }

    /// A wrapped text's width in points and most lines.
    struct Wrap: Hashable {
        var width: Double
        var lines: Int
    }

    private struct Key: Hashable {
        var files: [String]
        var texts: [Text]
        var target: ProbeTarget
    }

    private static let lock = NSLock()
    nonisolated(unsafe) private static var verdicts: [Key: SandboxChild.Failure?] = [:]
    private static let kept = 4_096
    /// Texts per child (its request parser takes 4 096 fields, eight a text).
    private static let batch = 400

    /// Nil when the texts draw within the limits with `files` (the brought fonts) beside the
    /// bundled ones on `target`, else why not. `spent` grows by the CPU time of the children
    /// started for it (a verdict kept costs nothing): probing is most of what text in a spec's
    /// own fonts costs where each variant sets it at another size (hostile round 106: `lint` of
    /// 200 text scales, each probe just under its 2 s, ran for 107 s).
    static func problem(drawing texts: Set<Text>, with files: [URL], on target: ProbeTarget, spent: inout Int) -> SandboxChild.Failure? {
        guard SandboxChild.isAvailable, !texts.isEmpty else { return nil }
        let identities = files.map(FileIdentity.of)
        let sorted = texts.sorted { "\($0)" < "\($1)" }
        for start in stride(from: 0, to: sorted.count, by: batch) {
            let part = Array(sorted[start..<min(start + batch, sorted.count)])
            if let failure = problem(Key(files: identities, texts: part, target: target), files: files, spent: &spent) { return failure }
        }
        return nil
    }

    private static func problem(_ key: Key, files: [URL], spent: inout Int) -> SandboxChild.Failure? {
        lock.withLock {
            if let verdict = verdicts[key] { return verdict }
            var verdict: SandboxChild.Failure?
            switch SandboxChild.run("font", arguments(for: key.target), input: request(key, files: files)) {
            case .success(let cost): spent += max(cost.cpuMilliseconds - overhead(on: key.target), 0)
            case .failure(let failure): verdict = failure
            }
            if verdict?.isAboutTheMachine == true { return verdict }  // asked again next time
            if verdicts.count >= kept { verdicts.removeAll() }
            verdicts[key] = verdict
            return verdict
        }
    }

    /// What a child costs before it draws anything of the spec's (starting, loading the bundled
    /// fonts), on `target`: the least of three children given the bundled fonts and no text,
    /// measured once a process (called under `lock`). It is Tabsnap's own cost, not the text's:
    /// counted, a transition of 2 000 frames whose titles grow as they are selected (a probe a
    /// frame, about 30 ms each) was refused in an ordinary font (review of round 106).
    private static func overhead(on target: ProbeTarget) -> Int {
        let key = arguments(for: target).joined(separator: " ")
        if let known = overheads[key] { return known }
        var least = Int.max
        for _ in 0..<3 {
            if case .success(let cost) = SandboxChild.run("font", arguments(for: target), input: request(Key(files: [], texts: [], target: target), files: [])) {
                least = min(least, cost.cpuMilliseconds)
            }
        }
        let found = least == .max ? 0 : least
        overheads[key] = found
        return found
    }

    nonisolated(unsafe) private static var overheads: [String: Int] = [:]

    private static func arguments(for target: ProbeTarget) -> [String] {
        switch target {
        case .pixels(let scale): return [String(scale), "0"]
        case .vector: return ["0", "1"]
        }
    }

    /// NUL-separated: the files (bundled ones first, as FontSession adds them), then family,
    /// weight, size, wrap width (0: one line), lines, kind, text and times drawn per text.
    private static func request(_ key: Key, files: [URL]) -> [UInt8] {
        let paths = BundledFonts.files.map(\.path) + files.map(\.path)
        var fields = [String(paths.count)] + paths
        for text in key.texts {
            let (kind, string): (String, String)
            switch text.content {
            case .plain(let plain): (kind, string) = ("plain", plain)
            case .markup(let markup): (kind, string) = PangoMarkup.problem(markup) == nil ? ("markup", markup) : ("plain", markup)
            }
            // Pango reads a C string: what follows a NUL is not drawn here either.
            let drawn = string.split(separator: "\0", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let wrap = text.wrap.map { (String($0.width), String($0.lines)) } ?? ("0", "1")
            fields += [text.font.family, String(text.font.weight.pangoWeight), String(text.font.size), wrap.0, wrap.1, kind, drawn,
                       String(min(max(text.times, 1), 100_000))]
        }
        var bytes: [UInt8] = []
        for field in fields {
            bytes += Array(field.utf8.filter { $0 != 0 })
            bytes.append(0)
        }
        return bytes
    }
}
