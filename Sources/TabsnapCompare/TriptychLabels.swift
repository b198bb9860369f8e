/// The band above a triptych's panels naming them — EXPECTED, DIFF, ACTUAL — so a triptych
/// opened on its own (a CI artifact, a test's failure) says which side is which. Drawn from a
/// built-in 5 × 7 pixel font: no font files, the same pixels everywhere.
enum TriptychLabels {
    static let names = ["EXPECTED", "DIFF", "ACTUAL"]

    /// Pixels per font pixel: 1 for a 1× bar, up to 4 for large ones.
    static func scale(forPanelHeight height: Int) -> Int { min(max(height / 48, 1), 4) }

    /// The band's height: the glyphs and two font pixels above and below.
    static func height(forPanelHeight panelHeight: Int) -> Int { 11 * scale(forPanelHeight: panelHeight) }

    static let background: UInt32 = 0xFFE0_E0E0  // opaque (224, 224, 224), little-endian RGBA
    static let ink: UInt32 = 0xFF30_3030

    /// Rows of 5 bits, the top row first, the leftmost pixel the highest bit.
    private static let glyphs: [Character: [UInt8]] = [
        "A": [0b01110, 0b10001, 0b10001, 0b11111, 0b10001, 0b10001, 0b10001],
        "C": [0b01110, 0b10001, 0b10000, 0b10000, 0b10000, 0b10001, 0b01110],
        "D": [0b11110, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b11110],
        "E": [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b11111],
        "F": [0b11111, 0b10000, 0b10000, 0b11110, 0b10000, 0b10000, 0b10000],
        "I": [0b01110, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b01110],
        "L": [0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b10000, 0b11111],
        "P": [0b11110, 0b10001, 0b10001, 0b11110, 0b10000, 0b10000, 0b10000],
        "T": [0b11111, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100, 0b00100],
        "U": [0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b10001, 0b01110],
        "X": [0b10001, 0b10001, 0b01010, 0b00100, 0b01010, 0b10001, 0b10001],
    ]

    /// A label's glyphs, letter by letter, looked up once per triptych (per pixel, the lookup
    /// was a few per cent of a failing check).
    static func letters(_ name: String) -> [[UInt8]?] { name.map { glyphs[$0] } }

    /// Whether the band's pixel (x, y) inside a panel `width` wide labelled with `letters` is ink.
    /// Letters are 6 font pixels apart from 2 in; a label wider than its panel is cut at the
    /// panel's edge.
    static func isInk(_ letters: [[UInt8]?], x: Int, y: Int, width: Int, scale s: Int) -> Bool {
        let fx = x / s - 2, fy = y / s - 2
        guard x < width, fx >= 0, fy >= 0, fy < 7 else { return false }
        let index = fx / 6, column = fx % 6
        guard column < 5, index < letters.count, let rows = letters[index] else { return false }
        return rows[fy] & (0b10000 >> UInt8(column)) != 0
    }
}
