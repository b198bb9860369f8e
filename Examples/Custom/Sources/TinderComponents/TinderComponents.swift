import Tabsnap

/// The app's components under the words its specs use.
public enum TinderComponents {
    /// `layout: {custom: centred}`, `button: {custom: tinder}`, `indicator: {custom: notch}`.
    public static var registry: ComponentRegistry {
        var components = ComponentRegistry()
        components.register(layout: CentredLayout.self, as: "centred")
        components.register(button: TinderButton.self, as: "tinder")
        components.register(indicator: NotchIndicator.self, as: "notch")
        return components
    }

    /// The app's bar: Tinder's four icons with the three components.
    public static func bar(width: Double = 375, direction: BarDirection = .leftToRight) -> Bar {
        let icons: [BuiltinIcon] = [.heart, .star, .mail, .person]
        var base = Bar(preset: .buttonBar, width: width, items: icons.map { BarItem(icon: .builtin($0)) })
        base.items[2].badge = "2"
        base.direction = direction
        base.button.selectedTint = RGBAColor(red: 0.99, green: 0.27, blue: 0.36, alpha: 1)
        return TabBar(layout: CentredLayout(), button: TinderButton(), indicator: NotchIndicator(), base: base).bar
    }
}
