/// How a PNG's filtered scanlines are deflated.
public enum PNGCompression: Sendable, Hashable {
    /// `SparseDeflate`: frame sequences and animations, where a tab bar's runs of zeros make a
    /// general deflater spend its time re-finding matches it already has.
    case fast
    /// `SparseDeflate` searching deep and lazily among the non-zero bytes: animated PNGs, whose
    /// frames are mostly "unchanged", so the search has little to look through.
    case dense
    /// libdeflate at a level 1…12.
    case libdeflate(Int32)

    /// Goldens, diffs and single renders: libdeflate's level 6, small files at a modest cost.
    /// (Goldens keep it so that re-recording an unchanged picture gives the same bytes.)
    public static let small = PNGCompression.libdeflate(6)
}
