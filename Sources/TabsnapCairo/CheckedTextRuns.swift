import TabsnapModel

/// Text runs that passed the checks of their own text and font (`Renderer.prepared`: a line
/// break, a brought font drawing them, a missing glyph, markup spacing), kept so the next frame's
/// same runs are not walked again: each check keeps its own memo, but asking each for a title of
/// 1 000 characters hashed and scanned it again at every frame (hostile round 43: `lint` of 100
/// such titles in 12 variants, 126 positions each, took minutes).
struct CheckedTextRun: Hashable {
    var content: TextContent
    var font: FontSpec
    /// What a brought font's checks also read of a run: the width it wraps and is cut at, and its lines.
    var wrapWidth: Double?
    var lines: Int

    init(_ run: TextRun) {
        content = run.content
        font = run.font
        wrapWidth = run.constrained ? run.frame.width : nil
        lines = run.lines
    }

    /// Keys kept at most, forgotten all at once past it (each holds its text, a few KB at most).
    static let capacity = 4_096
}

extension FontSession {
    /// The text runs of `commands` (flattened) not yet known to pass, in order, each once.
    func uncheckedTextRuns(in commands: [DrawCommand]) -> [TextRun] {
        var seen = Set<CheckedTextRun>()
        return DrawCommand.flattened(commands).compactMap { command in
            guard case .text(let run) = command else { return nil }
            let key = CheckedTextRun(run)
            guard !checkedTextRuns.contains(key), seen.insert(key).inserted else { return nil }
            return run
        }
    }

    /// Remembers that `runs` passed every check.
    func rememberChecked(_ runs: [TextRun]) {
        if checkedTextRuns.count + runs.count > CheckedTextRun.capacity { checkedTextRuns.removeAll(keepingCapacity: true) }
        checkedTextRuns.formUnion(runs.map(CheckedTextRun.init))
    }

    /// Whether `run` is known to pass.
    func hasChecked(_ run: TextRun) -> Bool {
        checkedTextRuns.contains(CheckedTextRun(run))
    }
}
