import CPango
import TabsnapGeometry
import TabsnapModel

/// How a button's title fits the room its button gives it: what the locale report of `check`
/// lists (issue 29), per locale and text scale, for the titles that do not fit as written.
public struct TitleFit: Sendable, Hashable, Codable {
    /// How the title is drawn.
    public enum Fit: String, Sendable, Hashable, Codable {
        /// Whole, on one line.
        case fits
        /// Whole, wrapped onto more than one line (`button.lines`).
        case wraps
        /// Cut with "…": the end of the title does not show.
        case ellipsized
        /// Not drawn at all: the button has no room even for "…".
        case leftOut
    }

    /// The item's index.
    public var item: Int
    /// The title's text (a markup title's plain text).
    public var title: String
    /// How it is drawn.
    public var fit: Fit
    /// Lines drawn (0 when left out).
    public var lines: Int

    /// A title's fit.
    public init(item: Int, title: String, fit: Fit, lines: Int) {
        self.item = item
        self.title = title
        self.fit = fit
        self.lines = lines
    }
}

extension Renderer {
    /// How each button's title fits in `geometry`, laid out as it is drawn (pango says whether it
    /// ellipsized and onto how many lines it wrapped); buttons without a title are left out.
    public func titleFits(in geometry: BarGeometry) -> [TitleFit] {
        let session = session(for: geometry.fonts)
        return geometry.buttons.enumerated().compactMap { index, button in
            guard let title = button.title, !title.isEmpty else { return nil }
            guard button.titleFrame.width > 0, button.titleFrame.height > 0 else {
                return TitleFit(item: index, title: title, fit: .leftOut, lines: 0)
            }
            guard button.titleClipped else { return TitleFit(item: index, title: title, fit: .fits, lines: 1) }
            let content: TextContent = button.markup.map { .markup($0) } ?? .plain(title)
            let laidOut = session.laidOut(content, font: button.font, wrapWidth: button.titleFrame.width, maxLines: button.titleLines)
            let fit: TitleFit.Fit = laidOut.ellipsized ? .ellipsized : laidOut.lines > 1 ? .wraps : .fits
            return TitleFit(item: index, title: title, fit: fit, lines: laidOut.lines)
        }
    }
}
