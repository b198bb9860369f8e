import CPango
import TabsnapDraw
import TabsnapGeometry
import TabsnapModel
import TabsnapPNG

/// What the design rules (`tabsnap lint`) measure that only the renderer knows: where a title
/// leaves ink, and what a title or icon is drawn on.
extension Renderer {
    /// Where each button's title leaves ink, in content coordinates as `titleFrame` is; nil for a
    /// button that draws no title. Laid out as the painter lays it out (wrapped and ellipsized to
    /// its frame when clipped), so a line indicator under the text's box but clear of its
    /// letters is not "over" it.
    public func titleInkFrames(in geometry: BarGeometry) -> [Rect?] {
        let session = session(for: geometry.fonts)
        return geometry.buttons.map { button in
            guard let text = button.text, button.titleFrame.width > 0, button.titleFrame.height > 0 else { return nil }
            let ink = session.laidOut(text, font: button.font, wrapWidth: button.titleClipped ? button.titleFrame.width : nil,
                                      maxLines: button.titleLines).ink
            return ink.offsetBy(dx: button.titleFrame.x, dy: button.titleFrame.y)
        }
    }

    /// The bar as its titles and icons are drawn on: everything painted before them (background,
    /// a fill indicator, separators, selected backgrounds), without the titles, icons, badges and
    /// a line indicator, which are drawn over them. In canvas pixels at `scale`.
    public func backdrop(of geometry: BarGeometry, scale: Double) throws(RenderError) -> RGBAImage {
        try image(of: backdropList(of: geometry), scale: scale)
    }

    /// What `backdrop(of:scale:)` paints: a caller that checks many positions paints a backdrop
    /// once for as long as its list stays the same (a bar without a moving fill or selected
    /// background has one backdrop at every position).
    public func backdropList(of geometry: BarGeometry) -> DrawList {
        var under = geometry
        for index in under.buttons.indices {
            under.buttons[index].title = nil
            under.buttons[index].markup = nil
            under.buttons[index].icon = nil
            under.buttons[index].badge = nil
            under.buttons[index].parts = []
        }
        if under.indicator?.display != .fill { under.indicator = nil }
        under.largeContent = nil
        under.screen = nil  // lint reads the bar alone, in its own coordinates
        return DrawList(geometry: under)
    }
}
