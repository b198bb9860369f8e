import Foundation

/// The fonts Tabsnap renders with, shipped as package resources so output never depends on the
/// host's fonts. Licences sit beside each family (see Fonts/README.md).
public enum BundledFonts {
    /// Font files to hand to fontconfig. `TABSNAP_FONTS_DIR` overrides the bundled folder (for a
    /// relocated binary whose resource bundle was not copied along).
    public static var files: [URL] {
        let root: URL
        if let override = ProcessInfo.processInfo.environment["TABSNAP_FONTS_DIR"], !override.isEmpty {
            root = URL(fileURLWithPath: override)
        } else {
            root = Bundle.module.resourceURL ?? Bundle.module.bundleURL
        }
        return fontFiles(under: root)
    }

    /// Why no text could be drawn, when there are no font files: nil when fonts are there.
    /// (Rendering without fonts would draw empty boxes for every glyph and look like success.)
    public static let problem: String? = {
        guard files.isEmpty else { return nil }
        if let override = ProcessInfo.processInfo.environment["TABSNAP_FONTS_DIR"], !override.isEmpty {
            return "TABSNAP_FONTS_DIR=\(override) holds no .otf or .ttf fonts (missing or empty folder); point it at Tabsnap's Fonts/ folder or unset it"
        }
        return "Tabsnap's bundled fonts are missing (its resource bundle was not copied beside the binary); set TABSNAP_FONTS_DIR to its Fonts/ folder"
    }()

    static func fontFiles(under root: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { ["otf", "ttf"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }  // a fixed order keeps fontconfig's choices stable
    }
}
