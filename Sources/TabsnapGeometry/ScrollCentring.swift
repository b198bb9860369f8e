/// Tabman's scroll centring: the content scrolls so the focus sits in the middle of the bar,
/// clamped so the content never scrolls past either end: clamp(focus.midX − W/2, 0, CW − W),
/// and 0 when the content fits.
func centredScrollOffset(focusMidX: Double, barWidth W: Double, contentWidth CW: Double) -> Double {
    guard CW > W else { return 0 }
    return min(max(focusMidX - W / 2, 0), CW - W)
}
