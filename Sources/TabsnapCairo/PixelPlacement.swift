import TabsnapModel

/// Where a draw list's commands fall on device pixels, as far as an SVG icon's cost depends on
/// it (`IconCost`): an upright map (one scale both ways and a move) and no clip off whole pixels
/// around them. Resting there, an icon is snapped to whole pixels (`IconPainter`) and librsvg
/// fills and composites it straight; off them, or under a clip cairo keeps as a mask (a path,
/// a rectangle off whole pixels), every edge is antialiased and each of its groups goes through
/// the mask: up to five times the cost (review of round 141: a screen's rounded corners clip
/// every icon in it).
struct PixelPlacement {
    /// Device pixels a point, and where the commands' origin falls on the device.
    var scale: Double, x = 0.0, y = 0.0

    /// Inside `group`: nil when its transform turns, skews or stretches what it holds, or its
    /// clip is not a rectangle on whole device pixels.
    func inside(_ group: DrawGroup) -> PixelPlacement? {
        if let clip = group.clip {
            guard let box = Self.rectangle(clip), Self.isWhole(box.minX * scale + x), Self.isWhole(box.maxX * scale + x),
                  Self.isWhole(box.minY * scale + y), Self.isWhole(box.maxY * scale + y) else { return nil }
        }
        guard let map = group.transform else { return self }
        // (Upright and unturned: a half turn would put inner clips' edges at x - s·p.)
        guard map.b == 0, map.c == 0, map.a == map.d, map.a > 0 else { return nil }
        return PixelPlacement(scale: scale * map.a, x: x + map.tx * scale, y: y + map.ty * scale)
    }

    /// Whether `run` rests on whole pixels here: resting (`IconRun.isResting`), and whole
    /// pixels wide, so `IconPainter` snaps it to them, and high, so its box's clip falls on them.
    func rests(_ run: IconRun) -> Bool {
        run.isResting && Self.isWhole(run.frame.width * scale) && Self.isWhole(run.frame.height * scale)
    }

    private static func isWhole(_ value: Double) -> Bool { abs(value - value.rounded()) < 1e-6 }

    /// The rectangle `path` traces, as `VectorPath.rect` makes one; nil for any other shape.
    private static func rectangle(_ path: VectorPath) -> Rect? {
        guard path.ops.count == 5, case .move(let x0, let y0) = path.ops[0], case .line(let x1, let y1) = path.ops[1],
              case .line(let x2, let y2) = path.ops[2], case .line(let x3, let y3) = path.ops[3], case .close = path.ops[4],
              y1 == y0, x2 == x1, y3 == y2, x3 == x0 else { return nil }
        return Rect(x: min(x0, x1), y: min(y0, y2), width: abs(x1 - x0), height: abs(y2 - y0))
    }
}
