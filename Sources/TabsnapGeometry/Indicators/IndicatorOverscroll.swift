import TabsnapModel

/// The indicator overscroll rule: what the indicator's horizontal span does when the position is
/// past the first button (p < 0) or the last (p > cap).
///
/// Not progressive:
///   p < 0:   bounce x += w·p;  compress w += w·p (left edge fixed)
///   p > cap: d = w·(p − cap);  bounce x += d;  compress w −= d, x += d (right edge fixed)
///   Compressing stops at zero width at the fixed edge, on both sides: the indicator never drifts.
///   none:    clamped (unchanged).
/// Progressive (the span runs from the first button's left edge to the focus's right edge):
///   p < 0 with bounce or compress: w += w·p.
func applyOverscroll(_ span: HorizontalSpan, position p: Double, capacity n: Int,
                     overscroll: Overscroll, progressive: Bool) -> HorizontalSpan {
    let cap = Double(max(n - 1, 0))
    var (x, w) = (span.x, span.width)
    guard overscroll != .clamp else { return span }
    if progressive {
        if p < 0 { w += w * p }
        return HorizontalSpan(x: x, width: max(w, 0))
    }
    if p < 0 {
        switch overscroll {
        case .bounce: x += w * p
        case .compress: w += w * p
        case .clamp: break
        }
    } else if p > cap {
        let d = w * (p - cap)
        switch overscroll {
        case .bounce: x += d
        case .compress:
            let shrink = min(d, w)  // past zero width the right edge still holds
            w -= shrink
            x += shrink
        case .clamp: break
        }
    }
    return HorizontalSpan(x: x, width: max(w, 0))
}
