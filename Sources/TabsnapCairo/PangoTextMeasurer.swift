import CPango
import TabsnapGeometry
import TabsnapModel

/// Measures text with pango and the bundled fonts: the logical size geometry lays out with.
/// Use it on one thread at a time, as its renderer: pango's context is not thread-safe, and the
/// session keeps what it measured (`LaidOutText`). It is `@unchecked Sendable` because
/// `TextMeasurer` is `Sendable`, not because it may be shared.
public final class PangoTextMeasurer: TextMeasurer, @unchecked Sendable {
    let session: FontSession

    init(session: FontSession) {
        self.session = session
    }

    /// A measurer with the bundled fonts only, in a font session of its own.
    public convenience init() {
        self.init(session: FontSession())
    }

    /// With a spec's own fonts, text the sandbox refused measures as nothing (rendering then
    /// fails with the session's `sandboxProblem`): pango never loads its glyphs here.
    public func measure(_ text: TextContent, font: FontSpec) -> Size {
        guard session.mayMeasure([FontProbe.Text(content: text, font: font)]) else { return Size(width: 0, height: 0) }
        return session.laidOut(text, font: font).logical
    }

    /// The logical size pango gives `text` wrapped at `width` points onto at most `maxLines` lines,
    /// the last ellipsized, as it is drawn; zero when the sandbox refused the spec's fonts.
    public func measure(_ text: TextContent, font: FontSpec, wrapWidth width: Double, maxLines: Int) -> Size {
        let probed = FontProbe.Text(content: text, font: font, wrap: FontProbe.Wrap(width: width, lines: maxLines))
        guard session.mayMeasure([probed]) else { return Size(width: 0, height: 0) }
        return session.laidOut(text, font: font, wrapWidth: width, maxLines: maxLines).logical
    }
}
