import ArgumentParser

@main
struct TabsnapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tabsnap",
        abstract: "Render tab bars to PNG, SVG and PDF from YAML or JSON specs.",
        subcommands: [RenderCommand.self, AnimateCommand.self, LayoutCommand.self, DemoCommand.self, DiffCommand.self, CheckCommand.self, ReportCommand.self]
    )
}
