/// What each element's own transform does, however it is written: a `transform` attribute, a
/// CSS `transform` in its style attribute, or one a style sheet may give it. librsvg 2.54 applies
/// the CSS property as a browser does, and the checks that judge where an icon is drawn largest
/// or smallest (morphology, dashes, the 1000× reach) read only the attribute: `style="transform:
/// scale(3)"` passed them (hostile round 93). A transform attribute beside a CSS one is refused
/// before (`checkAcrossElements`), so one of the three applies.
extension SVGIconPreflight.Document {
    struct OwnTransform {
        /// The least and the most it scales a length by.
        var smallestScale = 1.0, largestScale = 1.0
        /// How far it moves, at most (`SVGTransformList.largestTranslation`).
        var translation = 0.0
    }

    func ownTransforms() -> [OwnTransform] {
        func measured(_ list: SVGTransformList?) -> OwnTransform {
            // (A list neither reads is refused before, or skipped by librsvg and refused by its log.)
            guard let list else { return OwnTransform() }
            let factors = list.scaleFactors
            return OwnTransform(smallestScale: factors.smallest, largestScale: factors.largest, translation: list.largestTranslation)
        }
        // A sheet's rule may give any element it selects any of the sheets' transforms: the
        // extremes of them all.
        let sheetLists = sheetDeclarations.filter { $0.property == "transform" }.map { SVGTransformList(css: $0.value) }
        var sheets: OwnTransform?
        if !sheetLists.isEmpty {
            let each = sheetLists.map(measured)
            sheets = OwnTransform(smallestScale: each.map(\.smallestScale).min() ?? 1, largestScale: each.map(\.largestScale).max() ?? 1,
                                  translation: each.map(\.translation).max() ?? 0)
        }
        let selection = sheets == nil ? nil : sheetSelection("transform", where: { $0 != "none" })
        return elements.map { element in
            let tag = element.tag
            if let css = Self.styleDeclares("transform", in: tag) { return measured(SVGTransformList(css: css)) }
            if let attribute = tag.exactAttribute("transform") { return measured(SVGTransformList(attribute: attribute)) }
            if let sheets, let selection, selection.mayMatch(Self.marks(of: tag).union([tag.localName.lowercased()]), root: element.parent == nil) { return sheets }
            return OwnTransform()
        }
    }
}
