import ArgumentParser
import Tabsnap

@main
struct TabsnapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tabsnap",
        abstract: "Render tab bars to PNG, SVG and PDF from YAML or JSON specs.",
        subcommands: [RenderCommand.self, AnimateCommand.self, LayoutCommand.self, DemoCommand.self, DiffCommand.self, CheckCommand.self, ReportCommand.self]
    )

    static func main() {
        // Ctrl-C, SIGTERM: remove what is half-written, then exit (InterruptCleanup).
        InterruptCleanup.install()
        GlibLog.silence()
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch {
            exit(withError: error)
        }
    }
}
