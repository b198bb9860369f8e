import TabsnapModel

extension ButtonOptions {
    /// Colour at selection v: per-channel sRGB lerp from tint to selectedTint.
    public func color(at selection: Double) -> RGBAColor {
        tint.interpolated(to: selectedTint, by: selection)
    }

    /// Tabman's default state: 0.5 + 0.5·v when `adjustsAlpha`, else opaque.
    public func alpha(at selection: Double) -> Double {
        adjustsAlpha ? 0.5 + 0.5 * selection : 1
    }

    /// The selected font applies from half selection on (fonts cannot be interpolated).
    public func font(at selection: Double) -> FontSpec {
        selection >= 0.5 ? (selectedFont ?? font) : font
    }
}
