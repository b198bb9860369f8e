/// The file formats Tabsnap writes.
public enum OutputFormat: String, Sendable, CaseIterable {
    /// `png`: pixels, at a scale in pixels per point; `svg` and `pdf`: vector files sized in
    /// points.
    case png, svg, pdf

    /// The format an output path asks for, by its extension (case-insensitive).
    public init?(pathExtension: String) {
        self.init(rawValue: pathExtension.lowercased())
    }
}
