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
        let line = "\r\(bar) \(done)/\(total) frames" + (done == total ? "\n" : "")
        _ = line.utf8CString.withUnsafeBufferPointer { write(STDERR_FILENO, $0.baseAddress, $0.count - 1) }
    }
}
