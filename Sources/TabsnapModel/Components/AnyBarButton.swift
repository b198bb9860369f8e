/// Any `BarButton`, type-erased: what a bar holds when the kind of button is chosen at run time
/// (a spec names it). Two are equal when they wrap equal buttons of the same type.
public struct AnyBarButton: BarButton {
    /// The wrapped button.
    public let base: any BarButton

    /// Wraps `button` (an `AnyBarButton` is not wrapped twice).
    public init<Button: BarButton>(_ button: Button) {
        if let erased = button as? AnyBarButton {
            self = erased
        } else {
            base = button
        }
    }

    /// The wrapped button's name.
    public var name: String { base.name }
    /// The keys the wrapped component ignores.
    public var inertSettings: [InertSetting] { base.inertSettings }
    /// Whether the wrapped button draws titles.
    public var drawsTitles: Bool { base.drawsTitles }
    /// Whether the wrapped button draws icons.
    public var drawsIcons: Bool { base.drawsIcons }
    /// Whether the wrapped button draws anything.
    public var drawsContent: Bool { base.drawsContent }

    /// The wrapped button's measure.
    public func measure(_ item: BarItem, in environment: BarEnvironment) -> AnyButtonMeasure {
        AnyButtonMeasure(base: base.measure(item, in: environment))
    }
    /// The wrapped button's height.
    public func height(of item: BarItem, measured: AnyButtonMeasure, width: Double, in environment: BarEnvironment) -> Double {
        base.height(of: item, erased: measured.base, width: width, in: environment)
    }
    /// The wrapped button's content.
    public func place(_ item: BarItem, measured: AnyButtonMeasure, in context: ButtonContext) -> ButtonContent {
        base.place(item, erased: measured.base, in: context)
    }
    /// The wrapped button's drawing.
    public func draw(_ button: ButtonGeometry, direction: BarDirection) -> [DrawCommand] {
        base.draw(button, direction: direction)
    }

    /// Equal when both wrap equal buttons of the same type.
    public static func == (a: AnyBarButton, b: AnyBarButton) -> Bool { AnyHashable(a.base) == AnyHashable(b.base) }
    /// Hashes the wrapped button.
    public func hash(into hasher: inout Hasher) { AnyHashable(base).hash(into: &hasher) }
}

/// What any button measured, type-erased.
public struct AnyButtonMeasure: ButtonMeasure {
    /// The wrapped measure.
    public let base: any ButtonMeasure

    /// The wrapped measure's natural size.
    public var natural: Size { base.natural }
    /// The wrapped measure's title extent.
    public var titleExtent: TitleExtent { base.titleExtent }
}

extension BarButton {
    /// `height` with a measure of unknown type: this button's own (an `AnyBarButton` only hands a
    /// button what it measured), else measured again.
    fileprivate func height(of item: BarItem, erased: any ButtonMeasure, width: Double, in environment: BarEnvironment) -> Double {
        height(of: item, measured: erased as? Measure ?? measure(item, in: environment), width: width, in: environment)
    }

    /// `place` with a measure of unknown type, as `height(of:erased:width:in:)`.
    fileprivate func place(_ item: BarItem, erased: any ButtonMeasure, in context: ButtonContext) -> ButtonContent {
        place(item, measured: erased as? Measure ?? measure(item, in: context.environment), in: context)
    }
}
