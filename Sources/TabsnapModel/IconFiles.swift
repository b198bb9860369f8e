import Foundation

extension Bar {
    /// The icon files the bar draws: inputs no output may replace, and what a preview watches.
    public var iconFiles: [String] {
        items.flatMap { [$0.icon, $0.selectedIcon] }.compactMap { icon in
            if case .file(let url)? = icon { return url.path }
            return nil
        }
    }
}
