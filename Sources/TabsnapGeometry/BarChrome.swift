import TabsnapModel

/// Lines around and between the buttons, in content coordinates like everything else.
enum BarChrome {
    /// One separator centred in each gap between neighbouring buttons, `inset` short of the
    /// buttons' top and bottom. As in a segmented control, a separator fades out beside the
    /// selected button: its alpha is 1 − max(v) of its two neighbours.
    static func separators(_ options: SeparatorOptions?, frames: [Rect], selection: SelectionState) -> [ShapeGeometry] {
        guard let options, frames.count > 1 else { return [] }
        return frames.indices.dropLast().map { i in
            let a = frames[i], b = frames[i + 1]
            let frame = Rect(x: (a.maxX + b.minX) / 2 - options.width / 2, y: a.minY + options.inset,
                             width: options.width, height: max(a.height - 2 * options.inset, 0))
            let visibility = 1 - max(selection.selection(of: i), selection.selection(of: i + 1))
            return ShapeGeometry(frame: frame, cornerRadius: 0, color: options.color.multiplyingAlpha(by: visibility))
        }
    }

    /// Hairlines on the canvas edges, spanning the visible window (they do not scroll). Without an
    /// explicit edge they go opposite the placement: a bottom bar's on top.
    static func hairlines(_ hairline: Hairline?, placement: Placement, scrollOffset: Double, width: Double,
                          canvasHeight: Double) -> [Rect] {
        guard let hairline else { return [] }
        let edge = hairline.edge ?? (placement == .bottom ? .top : .bottom)
        let top = Rect(x: scrollOffset, y: 0, width: width, height: hairline.width)
        let bottom = Rect(x: scrollOffset, y: canvasHeight - hairline.width, width: width, height: hairline.width)
        switch edge {
        case .top: return [top]
        case .bottom: return [bottom]
        case .both: return [top, bottom]
        }
    }
}
