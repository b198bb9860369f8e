/// Linear interpolation: `a` at t = 0, `b` at t = 1 (title widths, jump frames).
func interpolate(_ a: Double, _ b: Double, _ f: Double) -> Double {
    a + (b - a) * f
}
