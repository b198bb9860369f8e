import CFontconfig
import CSandbox
import TabsnapFonts

/// The bundled fonts as one fontconfig configuration. `FontSession`s without user fonts share it
/// (fontconfig is thread-safe). It becomes the process's *current* configuration when an SVG icon
/// is loaded — librsvg lays out an icon's `<text>` with pango's default font map, which uses the
/// current configuration, so without this the host's fonts — or at start-up in the command-line
/// tool: pango waits for fontconfig's default initialisation before its first font, and with a
/// current configuration that is nothing, where loading /etc/fonts took most of a cold render.
/// A library only makes it current for SVG icons and for `SVGRasterizer` (librsvg setting an
/// editable SVG's text): the host process's own fontconfig users keep the host's fonts otherwise.
/// (`nonisolated(unsafe)`: an FcConfig is an opaque pointer Swift cannot see is thread-safe.)
public enum BundledFontConfig {
    nonisolated(unsafe) static let shared: OpaquePointer = {
        let config = FcConfigCreate()!
        for file in BundledFonts.files { _ = FcConfigAppFontAddFile(config, file.path) }
        _ = tabsnap_fonts_add_fallbacks(config)
        return config
    }()

    private static let current: Bool = FcConfigSetCurrent(shared) != 0  // takes its own reference
    nonisolated(unsafe) private static var adopted = false

    /// Makes the bundled fonts fontconfig's current configuration, once.
    public static func makeCurrent() {
        _ = current
    }

    /// For a program that owns its process (the command-line tool): the bundled configuration
    /// becomes current before the first font session, which then skips the host's. Nothing is
    /// loaded until then, so commands without text (a diff) pay nothing.
    public static func adoptForProcess() {
        adopted = true
    }

    /// Called as a font session is made.
    static func makeCurrentIfAdopted() {
        if adopted { makeCurrent() }
    }
}
