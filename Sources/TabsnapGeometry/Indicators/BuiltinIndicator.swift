import TabsnapModel

extension IndicatorOptions {
    /// The built-in indicator these options describe (`LineIndicator`, `BlockIndicator`,
    /// `DotIndicator`, `ChevronIndicator`); nil for style `none`.
    public var builtinIndicator: AnyBarIndicator? {
        let display = resolvedDisplay
        switch style {
        case .hidden:
            return nil
        case .line:
            return AnyBarIndicator(LineIndicator(weight: weight, corners: corners, overscroll: overscroll, isProgressive: progressive,
                                                 color: color, displayMode: display, width: width))
        case .block:
            return AnyBarIndicator(BlockIndicator(corners: corners, overscroll: overscroll, isProgressive: progressive,
                                                  color: color, width: width, weight: weight))
        case .dot:
            return AnyBarIndicator(DotIndicator(weight: weight, overscroll: overscroll, isProgressive: progressive, color: color,
                                                displayMode: display, width: width))
        case .chevron:
            return AnyBarIndicator(ChevronIndicator(weight: weight, overscroll: overscroll, isProgressive: progressive, color: color,
                                                    displayMode: display, width: width))
        }
    }
}
