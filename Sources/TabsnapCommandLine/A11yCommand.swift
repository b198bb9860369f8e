import ArgumentParser
import Foundation
import Tabsnap

struct A11yCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "a11y",
        abstract: "Print what VoiceOver or TalkBack says for each button: label, role, place, selection, badge, hint.",
        discussion: """
        One line per button, e.g. "Inbox, tab, 3 of 5, selected, 3 new items". The label is the item's \
        accessibilityLabel, else its title; the hint (accessibilityHint) follows a full stop. \
        `check` keeps the same text as a golden with `snapshots: {formats: [png, a11y]}`.
        """
    )

    @OptionGroup var input: SpecArguments
    /// The variant `render` draws with the same options: a right-to-left bar is read from its
    /// right.
    @OptionGroup var variant: VariantArguments

    func run() throws {
        let document = try input.loadDocument()
        var bar = document.bar
        try variant.apply(to: &bar)
        try OutputChecks(outputs: [], inputs: input.files + document.inputFiles).checkStandardOutput(option: "a11y")
        let geometry: BarGeometry
        do {
            geometry = try Renderer().checkedGeometry(of: bar, position: input.position)
        } catch {
            throw CLIError("\(input.spec): \(error)")
        }
        // A bar that draws no buttons (lineBar, button.style none, a custom button drawing
        // nothing) still lays its pages out: there is nothing on it to speak.
        let drawn = bar.customButton?.drawsContent ?? bar.resolved().button.style.isDrawn
        let lines = drawn ? SpokenButtons.lines(of: geometry, items: bar.items) : []
        if lines.isEmpty {
            throw CLIError("\(input.spec): the bar draws no buttons (preset \(bar.preset.rawValue)), so a screen reader finds none")
        }
        // Labels and hints are a spec's text: control characters and bidirectional overrides
        // are written as escapes, as every message is, so none reaches a terminal as a command.
        try StandardOutput.write(Array((lines.map(TerminalText.escaped).joined(separator: "\n") + "\n").utf8))
    }
}
