import CFontconfig
import TabsnapFonts

/// Makes the bundled fonts the process's *current* fontconfig configuration. Tabsnap's own text
/// goes through `FontSession`'s private configuration; this one is for librsvg, which lays out an
/// SVG icon's `<text>` with pango's default font map — and so, without it, with the host's fonts.
enum BundledFontConfig {
    private static let installed: Bool = {
        let config = FcConfigCreate()
        for file in BundledFonts.files { _ = FcConfigAppFontAddFile(config, file.path) }
        return FcConfigSetCurrent(config) != 0  // takes its own reference
    }()

    static func makeCurrent() {
        _ = installed
    }
}
