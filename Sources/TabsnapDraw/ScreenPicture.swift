import TabsnapGeometry
import TabsnapModel

/// The bar's picture placed on its screen (`ScreenGeometry`), back to front: the pages (each
/// clipped to itself, all to the page area), the status bar, the navigation bar, the bar itself
/// (its own commands, moved to its place), the home indicator and the finger; the whole clipped
/// to the screen's rounded corners. Every part is a named group (`page-2`, `status-bar`, `bar`,
/// `finger`), as the bar's are. The system chrome is drawn simply — the time, three symbols, a
/// pill — and the same on every machine.
enum ScreenPicture {
    static func commands(_ screen: ScreenGeometry, bar: [DrawCommand]) -> [DrawCommand] {
        let colors = screen.colors
        var commands: [DrawCommand] = [.part("screen-background", [.rect(Rect(x: 0, y: 0, width: screen.size.width, height: screen.size.height), color: colors.page, cornerRadius: 0)])]
        let pages = screen.pages.map { page in
            DrawCommand.group(DrawGroup(pageCommands(page, screen: screen), clip: .rect(page.frame), name: "page-\(page.index + 1)"))
        }
        commands.append(.group(DrawGroup(pages, clip: .rect(screen.pageArea), name: "pages")))
        commands.append(.part("status-bar", statusBar(screen)))
        if let navigation = screen.navigationBar { commands.append(.part("navigation-bar", navigationBar(navigation, screen: screen))) }
        // The clip is in the screen's coordinates (outside the transform).
        commands.append(.group(DrawGroup(bar, clip: .rect(screen.barFrame),
                                         transform: .translation(x: screen.barOrigin.x, y: screen.barOrigin.y), name: "bar")))
        if let home = screen.homeIndicator {
            commands.append(.part("home-indicator", [.rect(home, color: colors.foreground, cornerRadius: home.height / 2)]))
        }
        if let finger = screen.finger {
            let circle = VectorPath.ellipse(in: Rect(x: finger.center.x - finger.radius, y: finger.center.y - finger.radius,
                                                     width: finger.radius * 2, height: finger.radius * 2))
            commands.append(.group(DrawGroup([
                .fill(circle, paint: .color(RGBAColor(red: 0.5, green: 0.5, blue: 0.5, alpha: 0.45))),
                .stroke(circle, paint: .color(RGBAColor(red: 1, green: 1, blue: 1, alpha: 0.9)), style: StrokeStyle(width: 2)),
            ], opacity: finger.opacity, name: "finger")))
        }
        guard screen.cornerRadius > 0 else { return commands }
        return [.group(DrawGroup(commands, clip: roundedRect(Rect(x: 0, y: 0, width: screen.size.width, height: screen.size.height), radius: screen.cornerRadius)))]
    }

    /// A page: its colour, its image over the page colour, or the placeholder — the item's
    /// title as a heading over five list rows (an avatar and two lines each).
    private static func pageCommands(_ page: PlacedPage, screen: ScreenGeometry) -> [DrawCommand] {
        let colors = screen.colors
        let frame = page.frame
        switch page.content {
        case .color(let color):
            return [.rect(frame, color: color, cornerRadius: 0)]
        case .image(let file):
            return [.rect(frame, color: colors.page, cornerRadius: 0), .icon(IconRun(icon: .file(file), frame: frame, tint: nil, alpha: 1))]
        case .placeholder:
            var commands: [DrawCommand] = [.rect(frame, color: colors.page, cornerRadius: 0)]
            // Rows at the page's leading edge: laid out left to right, mirrored in the page.
            func place(_ rect: Rect) -> Rect {
                screen.direction == .rightToLeft ? Rect(x: frame.minX + frame.maxX - rect.maxX, y: rect.y, width: rect.width, height: rect.height) : rect
            }
            var y = frame.minY + 20
            if let heading = page.heading {
                commands.append(text(heading, color: colors.foreground))
                y = heading.frame.maxY + 20
            }
            for _ in 0..<5 {
                commands.append(.rect(place(Rect(x: frame.minX + 16, y: y, width: 44, height: 44)), color: colors.placeholder, cornerRadius: 22))
                commands.append(.rect(place(Rect(x: frame.minX + 72, y: y + 5, width: frame.width * 0.5, height: 12)), color: colors.placeholder, cornerRadius: 6))
                commands.append(.rect(place(Rect(x: frame.minX + 72, y: y + 27, width: frame.width * 0.32, height: 10)), color: colors.placeholder, cornerRadius: 5))
                y += 68
            }
            return commands
        }
    }

    private static func text(_ placed: PlacedText, color: RGBAColor) -> DrawCommand {
        .text(TextRun(content: placed.text, font: placed.font, color: color, frame: placed.frame, constrained: placed.constrained))
    }

    /// The time, and signal, Wi-Fi and battery symbols: iOS's beside the screen's top corners,
    /// Android's in a row at either end.
    private static func statusBar(_ screen: ScreenGeometry) -> [DrawCommand] {
        let bar = screen.statusBar, ink = screen.colors.foreground
        var commands: [DrawCommand] = [.rect(bar, color: screen.colors.statusBar, cornerRadius: 0)]
        let ios = screen.platform == .ios
        commands.append(text(screen.time, color: ink))
        // From the right: battery, Wi-Fi, signal.
        var x = bar.width - (ios ? bar.width * 0.08 : 16)
        let mid = screen.time.frame.midY
        x -= 27
        commands.append(.stroke(roundedRect(Rect(x: x, y: mid - 6, width: 24, height: 12), radius: 3.5), paint: .color(ink.withAlpha(0.4)), style: StrokeStyle(width: 1)))
        commands.append(.rect(Rect(x: x + 2, y: mid - 4, width: 20, height: 8), color: ink, cornerRadius: 2))
        commands.append(.rect(Rect(x: x + 25, y: mid - 2, width: 1.5, height: 4), color: ink.withAlpha(0.4), cornerRadius: 0.75))
        x -= 22
        for (index, radius) in [3.0, 7.0, 11.0].enumerated() {
            let arc = VectorPath([.arc(cx: x + 8, cy: mid + 5, r: radius, from: 225, to: 315)])
            commands.append(.stroke(arc, paint: .color(ink), style: StrokeStyle(width: index == 0 ? 3 : 2)))
        }
        x -= 24
        for bar in 0..<4 {
            let height = 4.0 + Double(bar) * 2.5
            commands.append(.rect(Rect(x: x + Double(bar) * 4.5, y: mid + 5 - height, width: 3, height: height), color: ink, cornerRadius: 1))
        }
        return commands
    }

    /// The navigation bar: its colour, its title and a hairline under it.
    private static func navigationBar(_ navigation: NavigationBarGeometry, screen: ScreenGeometry) -> [DrawCommand] {
        let frame = navigation.frame
        return [
            .rect(frame, color: screen.colors.chrome, cornerRadius: 0),
            text(navigation.title, color: screen.colors.foreground),
            .rect(Rect(x: frame.minX, y: frame.maxY - 0.5, width: frame.width, height: 0.5), color: screen.colors.hairline, cornerRadius: 0),
        ]
    }

    /// A rectangle with round corners of `radius`, as a path (for clipping and strokes).
    static func roundedRect(_ rect: Rect, radius: Double) -> VectorPath {
        let r = min(radius, rect.width / 2, rect.height / 2)
        return VectorPath([
            .move(rect.minX + r, rect.minY), .line(rect.maxX - r, rect.minY), .arc(cx: rect.maxX - r, cy: rect.minY + r, r: r, from: 270, to: 360),
            .line(rect.maxX, rect.maxY - r), .arc(cx: rect.maxX - r, cy: rect.maxY - r, r: r, from: 0, to: 90),
            .line(rect.minX + r, rect.maxY), .arc(cx: rect.minX + r, cy: rect.maxY - r, r: r, from: 90, to: 180),
            .line(rect.minX, rect.minY + r), .arc(cx: rect.minX + r, cy: rect.minY + r, r: r, from: 180, to: 270), .close,
        ])
    }
}
