import TabsnapModel

/// What the renderer holds every text run to before drawing, whoever built the bar: a spec is
/// refused at its place by the reader, and a bar built in Swift (or a custom button's run) here,
/// so the CLI, the preview and the library draw the same texts.
enum TextRunCheck {
    /// The first run holding a line break (`Limits.lineBreaks`), named by its text. A run is one
    /// line that wraps only at its spaces (`TextRun.lines`): pango would start a paragraph at the
    /// break, and its line limit counts per paragraph, so the text would grow past its box.
    static func lineBreakProblem(in commands: [DrawCommand]) -> String? {
        for case .text(let run) in DrawCommand.flattened(commands) {
            let text: String
            switch run.content {
            case .plain(let plain): text = plain
            case .markup(let markup): text = PangoMarkup.plainText(markup) ?? markup
            }
            if let code = Limits.lineBreak(in: text) {
                return "text \(quoted(text)) holds a line break (\(code)); "
                    + "text is drawn on one line, and a run's lines wrap it at its spaces"
            }
        }
        return nil
    }

    /// The text in quotes on one line: its line breaks shown as `\n`, cut after 40 characters.
    private static func quoted(_ text: String) -> String {
        let shown = text.unicodeScalars.prefix(40).map { scalar -> String in
            Limits.lineBreaks.contains(scalar.value) ? (scalar.value == 0x0A ? "\\n" : "\\u{\(String(scalar.value, radix: 16))}") : String(scalar)
        }.joined()
        return "\"" + shown + (text.unicodeScalars.count > 40 ? "…" : "") + "\""
    }
}
