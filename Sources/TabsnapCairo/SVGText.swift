/// How an SVG file holds its text.
public enum SVGText: String, Sendable, CaseIterable {
    /// Glyph outlines, as cairo writes them: every viewer draws them alike and the bytes never
    /// change with the fonts a machine has. The default, and what SVG goldens hold.
    case outlines
    /// Real `<text>` naming its font family, weight and size, in groups named by part
    /// (`button-2`, `button-2-title`, `indicator`, `badge-2`): editable in Inkscape, Figma or a
    /// text editor. A viewer draws it with the fonts it has (install the ones in `Fonts/`).
    case named
    /// As `named`, with the font files the text is set in embedded (`@font-face`), so a browser
    /// draws it in them without installed fonts. Larger: an Inter face is about 350 KB, a CJK
    /// face 5.4 MB; over 16 MB of fonts, or a font collection, is refused.
    case embedded
}
