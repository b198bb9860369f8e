import TabsnapDraw
import TabsnapGeometry
import TabsnapModel

/// The texts a geometry measures, collected by computing it once with this in place of pango,
/// so the sandbox draws them in one child (`FontProbe`) before pango loads a glyph. The sizes it
/// answers are rough (what a text measures changes which texts a layout asks for only at the
/// margins); any text asked later is probed on its own. Wrapped measures are recorded on one
/// line (the width asked here is a rough one): pango's wrapped measure probes its own.
final class MeasuredTexts: TextMeasurer, @unchecked Sendable {
    private(set) var texts: Set<FontProbe.Text> = []

    func measure(_ text: TextContent, font: FontSpec) -> Size {
        texts.insert(FontProbe.Text(content: text, font: font))
        let characters: Int
        switch text {
        case .plain(let string): characters = string.count
        case .markup(let markup): characters = markup.count
        }
        return Size(width: Double(characters) * font.size * 0.55, height: font.size * 1.2)
    }

    /// The texts a draw list draws, each with how many times it draws it.
    static func drawn(in commands: [DrawCommand]) -> Set<FontProbe.Text> {
        var counts: [FontProbe.Text: Int] = [:]
        count(commands, into: &counts)
        return Set(counts.map { text, times in
            var text = text
            text.times = times
            return text
        })
    }

    private static func count(_ commands: [DrawCommand], into counts: inout [FontProbe.Text: Int]) {
        for command in commands {
            switch command {
            case .text(let run):
                let wrap = run.constrained ? FontProbe.Wrap(width: run.frame.width, lines: run.lines) : nil
                counts[FontProbe.Text(content: run.content, font: run.font, wrap: wrap), default: 0] += 1
            case .group(let group): count(group.commands, into: &counts)
            case .rect, .fill, .stroke, .icon: break
            }
        }
    }
}
