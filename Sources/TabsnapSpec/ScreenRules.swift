import TabsnapModel

/// What a spec with a `screen:` may not also say, and what one without it must: the device sets
/// the bar's width and, at the bottom, its safe area, so a spec giving either beside a screen
/// would be ignored; a bar alone needs its width.
enum ScreenRules {
    static func check(_ bar: Bar, spec: SpecMapping, root: SpecNode) throws(SpecError) {
        guard let screen = bar.screen else {
            _ = try spec.required("width")
            return
        }
        let device = screen.device
        if let node = spec["width"] {
            throw node.error("width: the screen's device sets the bar's width (\(Limits.format(device.metrics.size.width)) pt on \(device.rawValue)); leave width out")
        }
        if let node = spec["safeArea"] {
            throw node.error("safeArea: the screen's device sets the bar's safe area (its status bar is drawn above, its home indicator's room below a bottom bar); leave safeArea out")
        }
        if let node = spec["largeContent"] {
            throw node.error("largeContent: the Large Content Viewer is drawn beside a bar alone, not in a screen; leave largeContent or screen out")
        }
        if screen.pages.count > 1, screen.pages.count != bar.items.count, let node = spec["screen"]?.descendant(["pages"]) ?? spec["screen"] {
            throw node.error("screen.pages: \(screen.pages.count) page\(screen.pages.count == 1 ? "" : "s") for \(bar.items.count) item\(bar.items.count == 1 ? "" : "s"); give one page for all, or one per item")
        }
    }
}
