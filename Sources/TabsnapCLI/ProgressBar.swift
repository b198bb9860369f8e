import Foundation

/// A one-line progress bar on stderr, drawn only when stderr is a terminal and not silenced.
struct ProgressBar {
    let total: Int
    let enabled: Bool
    private var lastDrawn = -1

    init(total: Int, quiet: Bool) {
        self.total = total
        enabled = !quiet && isatty(STDERR_FILENO) == 1 && total > 1
    }

    mutating func update(_ done: Int) {
        guard enabled else { return }
        let width = 30
        let filled = total > 0 ? done * width / total : width
        guard filled != lastDrawn || done == total else { return }
        lastDrawn = filled
        let bar = String(repeating: "█", count: filled) + String(repeating: "░", count: width - filled)
        FileHandle.standardError.write(Data("\r\(bar) \(done)/\(total) frames".utf8))
        if done == total { FileHandle.standardError.write(Data("\n".utf8)) }
    }
}
