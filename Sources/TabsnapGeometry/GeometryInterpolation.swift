import TabsnapModel

// Straight-line blends of frames and shapes: what a moving focus carries from one button to another
// (the sliding selected background).
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
}
