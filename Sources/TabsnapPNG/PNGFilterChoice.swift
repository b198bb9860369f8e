/// How rows choose their PNG filter.
public enum PNGFilterChoice: Sendable, Hashable {
    /// Each row the filter with the smallest sum of absolute values (libpng's heuristic).
    case adaptive
    /// Every row the same filter.
    case every(PNGFilter)
}
