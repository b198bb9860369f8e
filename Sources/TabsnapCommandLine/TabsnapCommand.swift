import ArgumentParser
import Foundation
import Tabsnap

struct TabsnapCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: TabsnapCommandLine.programName,
        abstract: "Render tab bars to PNG, SVG and PDF from YAML or JSON specs.",
        version: TabsnapVersion.current,
        subcommands: [RenderCommand.self, AnimateCommand.self, LayoutCommand.self, DemoCommand.self, GalleryCommand.self,
                      DiffCommand.self, CheckCommand.self, LintCommand.self, A11yCommand.self, ReportCommand.self, PreviewCommand.self]
    )

    /// "unknown command 'rendr'; did you mean 'render'?" for a first word that names no command
    /// (argument-parser would only say "2 unexpected arguments").
    static func unknownCommand(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        guard !names.contains(first) else { return nil }
        return "unknown command '\(first)'; " + KeySuggestion.hint(for: first, in: names)
    }

    /// Swift reads arguments as UTF-8 and puts U+FFFD in place of bytes that are not, so a file
    /// whose name is not UTF-8 would be "no such file". Said as it is instead.
    static func notUTF8Argument() -> String? {
        // Without /proc the runtime reads no arguments at all (argc 0): said in main.
        guard CommandLine.argc > 1 else { return nil }
        for index in 1..<Int(CommandLine.argc) {
            guard let argument = CommandLine.unsafeArgv[index] else { continue }
            if String(validatingCString: argument) == nil {
                let bytes = Array(UnsafeBufferPointer(start: argument, count: strlen(argument))).map { UInt8(bitPattern: $0) }
                return "\(FolderWalk.escaped(bytes)): the name is not valid UTF-8; tabsnap reads UTF-8 names (rename it)"
            }
        }
        return nil
    }

    /// Foundation reads the working folder's path as UTF-8, U+FFFD in place of a byte that is
    /// not, and every relative path then leads to a sibling named so (hostile round 26: a check
    /// there passed with exit 0, a render replaced a file in it, a prune removed its golden).
    /// Such a folder, and such a TMPDIR, are refused by name instead.
    static func notUTF8Folder() -> String? {
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        if getcwd(&buffer, buffer.count) != nil, case let bytes = buffer.prefix(while: { $0 != 0 }).map({ UInt8(bitPattern: $0) }),
           String(validating: bytes, as: UTF8.self) == nil {
            return "the working folder \(FolderWalk.escaped(bytes)): its name is not valid UTF-8, so relative paths would lead elsewhere; run tabsnap from another folder"
        }
        if let tmp = getenv("TMPDIR"), String(validatingCString: tmp) == nil {
            let bytes = Array(UnsafeBufferPointer(start: tmp, count: strlen(tmp))).map { UInt8(bitPattern: $0) }
            return "TMPDIR \(FolderWalk.escaped(bytes)): the name is not valid UTF-8; give a folder whose name is"
        }
        return nil
    }

    /// Pango starts a thread of its own to match fonts, and GLib aborts the process when it
    /// cannot (SIGTRAP and no message, under `ulimit -u 2` or a container's pids limit: hostile
    /// round 21). Two threads alive at once are asked for first, so the limit is said instead.
    static func threadProblem() -> String? {
        var started: [pthread_t] = []
        defer { for thread in started { pthread_join(thread, nil) } }
        for _ in 0..<2 {
            var thread = pthread_t()
            let code = pthread_create(&thread, nil, { _ in usleep(2_000); return nil }, nil)
            guard code == 0 else {
                return "tabsnap cannot start a thread (\(String(cString: strerror(code)))): the limit on processes (ulimit -u, a container's pids limit) "
                    + "or on memory (ulimit -v) is reached; pango and the renderer need a few threads"
            }
            started.append(thread)
        }
        return nil
    }

    static func main() {
        // Ctrl-C, SIGTERM: remove what is half-written, then exit (InterruptCleanup).
        InterruptCleanup.install()
        if let problem = AddressSpaceLimit.fitMalloc() {
            printLine("error: \(problem)", to: .standardError)
            Foundation.exit(2)
        }
        GlibLog.silence()
        // Before pango's first font map: spares loading the host's fontconfig set-up (BundledFontConfig).
        BundledFontConfig.adoptForProcess()
        // Swift's runtime reads the arguments from /proc/self/cmdline: with /proc not mounted
        // (some sandboxes) it has none, not even the program's name (hostile round 21: SIGILL).
        if CommandLine.argc < 1 || CommandLine.arguments.isEmpty {
            printLine("error: tabsnap cannot read its command line (is /proc mounted? the Swift runtime reads the arguments from /proc/self/cmdline)",
                      to: .standardError)
            Foundation.exit(2)
        }
        if let problem = notUTF8Argument() ?? notUTF8Folder() {
            printLine("error: \(problem)", to: .standardError)
            Foundation.exit(2)
        }
        if let problem = threadProblem() {
            printLine("error: \(problem)", to: .standardError)
            Foundation.exit(2)
        }
        if let unknown = unknownCommand(in: Array(CommandLine.arguments.dropFirst())) {
            printLine("error: \(unknown) (see tabsnap --help)", to: .standardError)
            Foundation.exit(2)
        }
        do {
            var command = try parseAsRoot()
            try command.run()
        } catch let error as CLIError {
            // An interruption's clean-up pulls files from under the writer: its exit (128 + the
            // signal) is the one to give, not this error.
            while TemporaryFiles.shared.isExiting { pause() }
            // Bad input found while running: one `error:` line, exit 2.
            printLine("error: \(error.description)", to: .standardError)
            Foundation.exit(2)
        } catch {
            // Help and our own exit codes go through argument-parser as they are. Anything else
            // — an unknown option, a missing value, "abc" for a number, a failed validate() — is
            // bad input like any other: one `error:` line and exit 2 (argument-parser would
            // print usage and exit 64).
            if error is ExitCode || exitCode(for: error) == .success { exit(withError: error) }
            // printLine escapes control characters, so a value holding a newline stays on the line.
            let message = message(for: error).trimmingCharacters(in: .whitespacesAndNewlines)
            printLine("error: \(message) (see tabsnap --help)", to: .standardError)
            Foundation.exit(2)
        }
    }
}
