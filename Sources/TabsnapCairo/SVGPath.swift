import Foundation
import TabsnapModel

/// A vector path as SVG path data, drawn as cairo draws it: a quadratic with no current point
/// starts at its control point, and an arc joins the current point with a line and turns with
/// growing angles (clockwise on screen), split into quarter turns so no arc flag is ambiguous.
enum SVGPath {
    static func data(_ ops: [VectorOp]) -> String {
        var parts: [String] = []
        var current: Point?
        var subpathStart: Point?
        func point(_ x: Double, _ y: Double) -> String { "\(SVGNumber.format(x)) \(SVGNumber.format(y))" }
        for op in ops {
            switch op {
            case .move(let x, let y):
                parts.append("M" + point(x, y))
                current = Point(x: x, y: y)
                subpathStart = current
            case .line(let x, let y):
                parts.append((current == nil ? "M" : "L") + point(x, y))
                if current == nil { subpathStart = Point(x: x, y: y) }
                current = Point(x: x, y: y)
            case .quad(let x1, let y1, let x, let y):
                if current == nil {
                    parts.append("M" + point(x1, y1))
                    subpathStart = Point(x: x1, y: y1)
                }
                parts.append("Q" + point(x1, y1) + " " + point(x, y))
                current = Point(x: x, y: y)
            case .curve(let x1, let y1, let x2, let y2, let x, let y):
                if current == nil {
                    parts.append("M" + point(x1, y1))
                    subpathStart = Point(x: x1, y: y1)
                }
                parts.append("C" + point(x1, y1) + " " + point(x2, y2) + " " + point(x, y))
                current = Point(x: x, y: y)
            case .arc(let cx, let cy, let r, let from, let to):
                // Numbers cairo cannot draw either (it puts the context in error): nothing.
                guard [cx, cy, r, from, to].allSatisfy(\.isFinite) else { continue }
                var start = from * .pi / 180, end = to * .pi / 180
                // Cairo turns the end angle forward until it is past the start; more than a turn
                // draws the same circle again, so one turn and the rest are written.
                if end < start { end = start + (2 * .pi - (start - end).truncatingRemainder(dividingBy: 2 * .pi)).truncatingRemainder(dividingBy: 2 * .pi) }
                if end - start > 4 * .pi { end = start + 2 * .pi + (end - start).truncatingRemainder(dividingBy: 2 * .pi) }
                let radius = max(r, 0)
                let first = Point(x: cx + radius * cos(start), y: cy + radius * sin(start))
                parts.append((current == nil ? "M" : "L") + point(first.x, first.y))
                if current == nil { subpathStart = first }
                current = first
                guard radius > 0 else { continue }
                while start < end - 1e-12 {
                    let step = min(end - start, .pi / 2)
                    start += step
                    let next = Point(x: cx + radius * cos(start), y: cy + radius * sin(start))
                    parts.append("A\(SVGNumber.format(radius)) \(SVGNumber.format(radius)) 0 0 1 " + point(next.x, next.y))
                    current = next
                }
            case .close:
                parts.append("Z")
                current = subpathStart
            }
        }
        return parts.joined(separator: " ")
    }
}
