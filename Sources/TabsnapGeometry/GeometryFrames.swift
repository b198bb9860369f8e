import TabsnapModel

extension BarGeometry {
    /// Every frame the geometry holds: the one list that the transforms (mirroring, the safe
    /// area) go through. All of them are in content coordinates, so whatever moves the content
    /// moves every one. A zero title or icon frame means "none" and is not visited.
    mutating func mapFrames(_ transform: (Rect) -> Rect) {
        focus = transform(focus)
        for index in separators.indices { separators[index].frame = transform(separators[index].frame) }
        for index in hairlines.indices { hairlines[index] = transform(hairlines[index]) }
        if let old = selectedBackground?.frame { selectedBackground?.frame = transform(old) }
        if let old = indicator?.frame { indicator?.frame = transform(old) }
        for index in buttons.indices { buttons[index].mapFrames(transform) }
    }
}

extension ButtonGeometry {
    /// The button's part of `BarGeometry.mapFrames`: slot, title, icon, selected background,
    /// badge and the parts of a custom button.
    mutating func mapFrames(_ transform: (Rect) -> Rect) {
        frame = transform(frame)
        if titleFrame != .zero { titleFrame = transform(titleFrame) }
        if iconFrame != .zero { iconFrame = transform(iconFrame) }
        if let old = background?.frame { background?.frame = transform(old) }
        if let old = badge?.frame { badge?.frame = transform(old) }
        if let old = badge?.textFrame { badge?.textFrame = transform(old) }
        for part in parts.indices { parts[part].frame = transform(parts[part].frame) }
    }

    /// The button moved `dx` points along the bar (every frame `mapFrames` lists): the draw
    /// list hands it to its drawing in canvas coordinates.
    public func offsetBy(dx: Double) -> ButtonGeometry {
        var moved = self
        moved.mapFrames { $0.offsetBy(dx: dx) }
        return moved
    }
}
