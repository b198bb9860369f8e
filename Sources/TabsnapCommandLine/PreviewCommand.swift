import ArgumentParser
import Dispatch
import Foundation
import Tabsnap
import TabsnapPreview

struct PreviewCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Serve a live preview of specs in the browser (127.0.0.1 only): scrub positions, toggle settings, reload on save.",
        discussion: """
        Every spec's bar is drawn by the same code as `tabsnap render`. Saving a spec, or an icon \
        or font it uses, updates the page; a spec with an error shows it with its file:line:column \
        beside the last picture that rendered. Ctrl-C stops the server.
        """
    )

    @Argument(help: "Spec files, or folders of them.")
    var specs: [String]

    @Option(parsing: .unconditional, help: "Port to listen on (0: a free one).")
    var port: Int = 8080

    @Flag(help: "Open the page in the default browser (xdg-open).")
    var open = false

    @Option(help: "The goldens folder 'copy as golden' writes into (the one `tabsnap check --snapshots` reads).")
    var snapshots: String?

    @OptionGroup var access: IconAccessArguments

    func validate() throws {
        guard (0...65_535).contains(port) else { throw ValidationError("--port: \(port) is out of range; expected 0…65535") }
        if let snapshots {
            if let what = FolderWalk.notAFolder(snapshots) { throw ValidationError("--snapshots: \(snapshots) \(what)") }
        }
    }

    func run() throws {
        let suite: PreviewSuite
        do {
            suite = try PreviewSuite(paths: specs, icons: access.icons, components: TabsnapCommandLine.components)
        } catch {
            throw CLIError("\(error)")
        }
        let server: PreviewServer
        do {
            server = try PreviewServer(suite: suite, port: UInt16(port), snapshots: snapshots.map { URL(fileURLWithPath: $0) })
        } catch let problem as PreviewProblem {
            throw CLIError("--port \(port): \(problem.description); is another server using it? try --port 0")
        } catch {
            throw CLIError("\(error)")
        }
        // Before the server starts, so a signal sent as soon as the address is printed finds it.
        InterruptCleanup.takeOver { _ in
            // Pages see their socket close; temporaries are removed by the caller.
            let stopped = DispatchSemaphore(value: 0)
            Task {
                await server.stop()
                stopped.signal()
            }
            _ = stopped.wait(timeout: .now() + 2)
            printLine("tabsnap preview: stopped", to: .standardError)
            return 0
        }
        let started = BlockingResult<UInt16>()
        Task {
            do {
                try await server.start()
                started.set(.success(await server.port() ?? UInt16(port)))
            } catch {
                started.set(.failure(error))
            }
        }
        let bound: UInt16
        switch started.wait() {
        case .success(let value): bound = value
        case .failure(let error):
            throw CLIError("--port \(port): \(error)")
        }
        let url = "http://127.0.0.1:\(bound)/"
        printLine("tabsnap preview: \(suite.names.count) spec\(suite.names.count == 1 ? "" : "s") at \(url) (Ctrl-C to stop)", to: .standardError)
        if !server.watchesWithInotify {
            printLine("tabsnap preview: inotify is unavailable; checking files for changes every 250 ms", to: .standardError)
        }
        if open { Self.openBrowser(url) }
        dispatchMain()
    }

    private static func openBrowser(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            printLine("tabsnap preview: could not open a browser (\(error)); open \(url) yourself", to: .standardError)
        }
    }
}

/// A value handed from a task to a thread that waits for it.
private final class BlockingResult<Value: Sendable>: @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    private var result: Result<Value, Error>?

    func set(_ result: Result<Value, Error>) {
        self.result = result
        semaphore.signal()
    }

    func wait() -> Result<Value, Error> {
        semaphore.wait()
        return result ?? .failure(CLIError("no result"))
    }
}
