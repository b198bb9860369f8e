import Foundation
import Tabsnap
import TabsnapCheck

/// The whole `tabsnap` command line, to build a `tabsnap` of your own whose specs can name your
/// layouts, buttons and indicators (`layout: {custom: centred, …}`):
///
/// ```swift
/// // Sources/my-tabsnap/main.swift, in an executable target depending on TabsnapCommandLine
/// import Tabsnap
/// import TabsnapCommandLine
///
/// var components = ComponentRegistry()
/// components.register(layout: CentredLayout.self, as: "centred")
/// TabsnapCommandLine.main(components: components)
/// ```
///
/// `swift run my-tabsnap render tabs.yaml -o tabs.png`, `check`, `animate`, `gallery` and
/// `preview` then read specs with your components as they read the built-ins.
public enum TabsnapCommandLine {
    /// The components this process's specs may name: set once by `main(components:)`, before any
    /// command reads a spec, and only read after.
    nonisolated(unsafe) private(set) static var components = ComponentRegistry.builtIn
    /// The name the program was run by (`my-tabsnap`), for its usage and the commands it prints:
    /// set by `main(components:)` from the executable's file name when that is a plain command
    /// name, else `tabsnap`.
    nonisolated(unsafe) private(set) static var programName = "tabsnap"

    /// Runs the command line with the process's arguments and exits: 0 on success, 1 when a check
    /// fails, 2 on bad input (one `error:` line).
    public static func main(components: ComponentRegistry = .builtIn) -> Never {
        HostEnvironment.forgetRenderingSwitches()
        self.components = components
        let executable = URL(fileURLWithPath: CommandLine.arguments.first ?? "tabsnap").lastPathComponent
        if AcceptCommand.isPlainCommandName(executable) { programName = executable }
        // Relative paths are resolved against the working folder, which Foundation takes to be
        // `/` when the system cannot give its path (longer than PATH_MAX): goldens and galleries
        // were written at / (hostile round 89). Refused before anything is read or written.
        // (glibc's getcwd walks up to find a path longer than that; Foundation's does not, and no
        // absolute path that long can be opened anyway.)
        let folder = getcwd(nil, 0)
        let length = folder.map { strlen($0) } ?? 0
        let reason = folder == nil ? String(cString: strerror(errno)) : "\(length) bytes, past the system's \(PATH_MAX)"
        free(folder)
        if folder == nil || length >= Int(PATH_MAX) {
            FileHandle.standardError.write(Data("error: the working folder's path cannot be used (\(reason)); run \(programName) from a folder of a shorter path\n".utf8))
            exit(2)
        }
        TabsnapCommand.main()
        exit(0)
    }
}
