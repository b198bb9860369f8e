import TabsnapModel

/// Tabman's tap transition: the geometry goes straight from one state to another. Every frame
/// (the one list of `visitFrames`: hairlines and badges too), colour and alpha is interpolated
/// linearly; buttons unselected at both ends stay untouched. Fonts (which cannot blend) switch at
/// the halfway point, as a selected font does; a frame present at one end only (a title that
/// appears) is that end's.
extension BarGeometry {
    /// The geometry `t` of the way from this one to `end`: a frame of a jump (tap) transition,
    /// blended as described above.
    /// - Parameters:
    ///   - end: The geometry at the jump's end: the same bar at another position (buttons are
    ///     paired by index).
    ///   - t: Progress: 0 gives this geometry, 1 gives `end`; fonts and everything that cannot
    ///     blend switch at 0.5.
    /// - Returns: The blended geometry, its `position` interpolated too.
    public func interpolated(to end: BarGeometry, progress t: Double) -> BarGeometry {
        var result = t < 0.5 ? self : end
        result.position = position + (end.position - position) * t
        result.scrollOffset = interpolate(scrollOffset, end.scrollOffset, t)
        result.contentWidth = interpolate(contentWidth, end.contentWidth, t)
        if let a = indicator, let b = end.indicator {
            var blended = b
            blended.cornerRadius = interpolate(a.cornerRadius, b.cornerRadius, t)
            blended.color = a.color.interpolated(to: b.color, by: t)
            result.indicator = blended
        }
        if let a = fade, let b = end.fade {
            result.fade = EdgeFade(left: interpolate(a.left, b.left, t), right: interpolate(a.right, b.right, t))
        }
        result.separators = zip(separators, end.separators).map { $0.interpolated(to: $1, t) }
        result.selectedBackground = ShapeGeometry.interpolated(selectedBackground, end.selectedBackground, t)
        result.buttons = zip(buttons, end.buttons).map { a, b in
            var button = t < 0.5 ? a : b
            button.selection = interpolate(a.selection, b.selection, t)
            button.alpha = interpolate(a.alpha, b.alpha, t)
            button.color = a.color.interpolated(to: b.color, by: t)
            button.background = ShapeGeometry.interpolated(a.background, b.background, t)
            return button
        }
        let from = frames(), to = end.frames()
        result.visitFrames { key, frame in
            if let a = from[key], let b = to[key] { frame = a.interpolated(to: b, t) }
        }
        return result
    }
}

extension Rect {
    func interpolated(to other: Rect, _ t: Double) -> Rect {
        Rect(x: interpolate(x, other.x, t), y: interpolate(y, other.y, t), width: interpolate(width, other.width, t), height: interpolate(height, other.height, t))
    }
}

extension ShapeGeometry {
    func interpolated(to other: ShapeGeometry, _ t: Double) -> ShapeGeometry {
        ShapeGeometry(frame: frame.interpolated(to: other.frame, t), cornerRadius: interpolate(cornerRadius, other.cornerRadius, t),
                      color: color.interpolated(to: other.color, by: t))
    }

    /// A shape present at one end only fades in or out in place.
    static func interpolated(_ a: ShapeGeometry?, _ b: ShapeGeometry?, _ t: Double) -> ShapeGeometry? {
        switch (a, b) {
        case let (a?, b?): return a.interpolated(to: b, t)
        case let (a?, nil): return ShapeGeometry(frame: a.frame, cornerRadius: a.cornerRadius, color: a.color.multiplyingAlpha(by: 1 - t))
        case let (nil, b?): return ShapeGeometry(frame: b.frame, cornerRadius: b.cornerRadius, color: b.color.multiplyingAlpha(by: t))
        case (nil, nil): return nil
        }
    }
}
