/// Whether this code was compiled without optimisation: a dependent package's debug `swift test`,
/// where Tabsnap is built -Onone too. Vector (SIMD) loops, fast when optimised, are tens of times
/// slower than plain integer loops there, so the hot loops that have both pick by this; both
/// forms give the same bytes (tests compare them).
public let isUnoptimized: Bool = _isDebugAssertConfiguration()
