import Foundation
import TabsnapFiles

/// The fonts Tabsnap renders with, shipped as package resources so output never depends on the
/// host's fonts. Licences sit beside each family (see Fonts/README.md).
public enum BundledFonts {
    /// Where the fonts are: `TABSNAP_FONTS_DIR` when set, else found beside the program
    /// (`ResourceFolder`: SwiftPM's bundle, the installed `share/tabsnap/fonts`, the source
    /// checkout), or where it looked.
    static let folder: Result<URL, ResourceFolder.Missing> = {
        if let override = ProcessInfo.processInfo.environment["TABSNAP_FONTS_DIR"], !override.isEmpty {
            return .success(URL(fileURLWithPath: override))
        }
        return ResourceFolder.locate("bundled fonts", target: "TabsnapFonts", inside: "", installed: "fonts",
                                     source: URL(fileURLWithPath: #filePath).deletingLastPathComponent())
    }()

    /// Font files to hand to fontconfig (none when the folder is missing: see `problem`).
    public static var files: [URL] {
        guard case .success(let root) = folder else { return [] }
        return fontFiles(under: root)
    }

    /// Why no text could be drawn, when there are no font files: nil when fonts are there.
    /// (Rendering without fonts would draw empty boxes for every glyph and look like success.)
    public static let problem: String? = {
        guard files.isEmpty else { return nil }
        if let override = ProcessInfo.processInfo.environment["TABSNAP_FONTS_DIR"], !override.isEmpty {
            return "TABSNAP_FONTS_DIR=\(override) holds no .otf or .ttf fonts (missing or empty folder); point it at Tabsnap's Fonts/ folder or unset it"
        }
        switch folder {
        case .failure(let missing): return missing.description
        case .success(let root): return "Tabsnap's bundled fonts are missing from \(root.path); reinstall tabsnap (scripts/install)"
        }
    }()

    static func fontFiles(under root: URL) -> [URL] {
        guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else { return [] }
        return walker.compactMap { $0 as? URL }
            .filter { ["otf", "ttf"].contains($0.pathExtension.lowercased()) }
            .sorted { $0.path < $1.path }  // a fixed order keeps fontconfig's choices stable
    }
}
