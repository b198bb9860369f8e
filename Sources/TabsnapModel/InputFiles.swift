import Foundation

extension Bar {
    /// The files the bar reads when drawn: its icon files, its screen's page images and its
    /// brought fonts (a page image was missing: `render -o page.png` replaced it, hostile round
    /// 32). They are inputs
    /// no output of any command may replace (`--output`, `--report`, `--json`…), and what a
    /// preview watches for changes.
    public var inputFiles: [String] {
        let icons = items.flatMap { [$0.icon, $0.selectedIcon] }.compactMap { icon -> String? in
            if case .file(let url)? = icon { return url.path }
            return nil
        }
        let pages = (screen?.pages ?? []).compactMap { page -> String? in
            if case .image(let url) = page { return url.path }
            return nil
        }
        return icons + pages + fonts.map(\.path)
    }
}
