import Foundation
import TabsnapModel

/// One built-in icon: a path on the `grid` × `grid` square, scaled to the icon's frame and stroked
/// `strokeWidth` wide with round caps and joins, in the run's tint (black without one).
public struct VectorIcon: Sendable, Hashable {
    /// The side of the square the ops' coordinates are on (24 units: the icon's frame).
    public static let grid: Double = 24
    /// The stroke width in grid units, scaled with the icon (2 units: 2 pt on a 24 pt icon).
    public static let strokeWidth: Double = 2
    /// The path, in grid units (y down), stroked as a whole.
    public var ops: [VectorOp]
}

extension BuiltinIcon {
    /// The icon's drawing on the 24 × 24 grid.
    public var vector: VectorIcon {
        switch self {
        case .home:
            return VectorIcon(ops: [.move(3, 11), .line(12, 3.5), .line(21, 11),
                                    .move(5.5, 9.5), .line(5.5, 20.5), .line(18.5, 20.5), .line(18.5, 9.5),
                                    .move(10, 20.5), .line(10, 15), .line(14, 15), .line(14, 20.5)])
        case .search:
            return VectorIcon(ops: [.move(17.5, 10.5), .arc(cx: 10.5, cy: 10.5, r: 7, from: 0, to: 360),
                                    .move(15.5, 15.5), .line(21, 21)])
        case .bell:
            return VectorIcon(ops: [.move(6, 17), .line(6, 11), .arc(cx: 12, cy: 11, r: 6, from: 180, to: 360), .line(18, 17),
                                    .move(4, 17), .line(20, 17),
                                    .move(14, 19.5), .arc(cx: 12, cy: 19.5, r: 2, from: 0, to: 180)])
        case .person:
            return VectorIcon(ops: [.move(16, 8), .arc(cx: 12, cy: 8, r: 4, from: 0, to: 360),
                                    .move(4.5, 21), .arc(cx: 12, cy: 21, r: 7.5, from: 180, to: 360)])
        case .heart:
            return VectorIcon(ops: [.move(12, 20.5),
                                    .curve(6, 16, 2.5, 12.5, 2.5, 8.8), .curve(2.5, 5.8, 4.8, 3.5, 7.6, 3.5),
                                    .curve(9.5, 3.5, 11, 4.6, 12, 6.2), .curve(13, 4.6, 14.5, 3.5, 16.4, 3.5),
                                    .curve(19.2, 3.5, 21.5, 5.8, 21.5, 8.8), .curve(21.5, 12.5, 18, 16, 12, 20.5), .close])
        case .star:
            var ops: [VectorOp] = []
            for k in 0..<10 {
                let r = k.isMultiple(of: 2) ? 9.5 : 4.3
                let angle = (-90 + Double(k) * 36) * .pi / 180
                let point = (12 + r * cos(angle), 12.8 + r * sin(angle))
                ops.append(k == 0 ? .move(point.0, point.1) : .line(point.0, point.1))
            }
            return VectorIcon(ops: ops + [.close])
        case .gear:
            // Eight teeth: each a plateau at radius 9.5 over a base at radius 7.
            var ops: [VectorOp] = []
            func point(_ r: Double, _ degrees: Double) -> (Double, Double) {
                let a = degrees * .pi / 180
                return (12 + r * cos(a), 12 + r * sin(a))
            }
            for k in 0..<8 {
                let centre = Double(k) * 45
                for (r, d) in [(7.0, centre - 17), (9.5, centre - 9), (9.5, centre + 9), (7.0, centre + 17)] {
                    let p = point(r, d)
                    ops.append(ops.isEmpty ? .move(p.0, p.1) : .line(p.0, p.1))
                }
            }
            return VectorIcon(ops: ops + [.close, .move(15, 12), .arc(cx: 12, cy: 12, r: 3, from: 0, to: 360)])
        case .mail:
            return VectorIcon(ops: [.move(5, 5), .line(19, 5), .arc(cx: 19, cy: 7, r: 2, from: 270, to: 360), .line(21, 17),
                                    .arc(cx: 19, cy: 17, r: 2, from: 0, to: 90), .line(5, 19),
                                    .arc(cx: 5, cy: 17, r: 2, from: 90, to: 180), .line(3, 7),
                                    .arc(cx: 5, cy: 7, r: 2, from: 180, to: 270), .close,
                                    .move(3.5, 7), .line(12, 13), .line(20.5, 7)])
        }
    }
}
