import Foundation

extension Bar {
    /// The files the bar reads when drawn: its icon files and its brought fonts. They are inputs
    /// no output of any command may replace (`--output`, `--report`, `--json`…), and what a
    /// preview watches for changes.
    public var inputFiles: [String] {
        let icons = items.flatMap { [$0.icon, $0.selectedIcon] }.compactMap { icon -> String? in
            if case .file(let url)? = icon { return url.path }
            return nil
        }
        return icons + fonts.map(\.path)
    }
}
