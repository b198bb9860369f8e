import CFontconfig
import TabsnapFonts

/// The bundled fonts as one fontconfig configuration, made the process's *current* one on first
/// use. `FontSession`s without user fonts share it; librsvg lays out an SVG icon's `<text>` with
/// pango's default font map, which uses the current configuration — without this, the host's
/// fonts. Being current also spares start-up the host's configuration: pango waits for
/// fontconfig's default initialisation before its first font, and with a current configuration
/// that is nothing, where loading /etc/fonts took most of a cold render's own time.
/// (`nonisolated(unsafe)`: an FcConfig is an opaque pointer Swift cannot see is thread-safe; fontconfig says it is.)
enum BundledFontConfig {
    nonisolated(unsafe) static let shared: OpaquePointer = {
        let config = FcConfigCreate()!
        for file in BundledFonts.files { _ = FcConfigAppFontAddFile(config, file.path) }
        _ = FcConfigSetCurrent(config)  // takes its own reference; ours lives as long as the process
        return config
    }()

    static func makeCurrent() {
        _ = shared
    }
}
