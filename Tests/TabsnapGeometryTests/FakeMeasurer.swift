import TabsnapGeometry
import TabsnapModel

/// Known text sizes: each character is half the font size wide (bold and semibold 10 % wider),
/// lines are 1.25 × the size tall.
/// Markup counts only its text (tags stripped).
struct FakeMeasurer: TextMeasurer {
    func measure(_ text: TextContent, font: FontSpec) -> Size {
        let characters: Int
        switch text {
        case .plain(let string): characters = string.count
        case .markup(let markup): characters = markup.replacing(/<[^>]*>/, with: "").count
        }
        let widen = font.weight == .bold || font.weight == .semibold ? 1.1 : 1.0
        return Size(width: Double(characters) * font.size * 0.5 * widen, height: font.size * 1.25)
    }
}

/// A bar whose sizes are easy to reason about: regular 10 pt titles (5 pt per character, 12.5 tall),
/// no content insets.
func plainBar(_ preset: Preset = .buttonBar, width: Double = 300, titles: [String]) -> Bar {
    var bar = Bar(preset: preset, width: width, items: titles.map { BarItem(title: $0) })
    bar.button.font = FontSpec(size: 10)
    bar.button.contentInsets = .zero
    return bar
}

func geometry(_ bar: Bar, at position: Double) -> BarGeometry {
    BarGeometry.compute(for: bar, position: position, measurer: FakeMeasurer())
}
