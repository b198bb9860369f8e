extension Bar {
    /// The largest size any of the bar's text is drawn at: a font's size × the text scale its preset applies. Kept
    /// within `Limits.fontSize` wherever a text scale comes from (a spec, a check axis, a preview).
    public var largestDrawnFontSize: Double {
        let fonts = resolved()
        return max(fonts.button.font.size, fonts.button.selectedFont?.size ?? 0, fonts.badges.font.size) * fonts.appliedTextScale
    }
}
