/// What each element's own transform does, however it is written: a `transform` attribute, a
/// CSS `transform` in its style attribute, or one a style sheet's rule may give it. librsvg 2.54
/// applies the CSS property as a browser does, and the checks that judge where an icon is drawn
/// largest or smallest (morphology, dashes, the 1000× reach) read only the attribute:
/// `style="transform: scale(3)"` passed them (hostile round 93). A transform attribute beside a
/// CSS one is refused before (`checkAcrossElements`); a style attribute's decides over a sheet's
/// (librsvg refuses `!important` on a transform by its log).
extension SVGIconPreflight.Document {
    /// The measure of one element's own transform, or of the extremes it may take.
    struct OwnTransform {
        /// The least and the most it scales a length by.
        var smallestScale = 1.0, largestScale = 1.0
        /// How far it moves, at most (`SVGTransformList.largestTranslation`).
        var translation = 0.0

        init(_ list: SVGTransformList?) {
            guard let list else { return }
            let factors = list.scaleFactors
            (smallestScale, largestScale, translation) = (factors.smallest, factors.largest, list.largestTranslation)
        }

        /// The extremes of both.
        func widened(by other: OwnTransform) -> OwnTransform {
            var both = self
            both.smallestScale = min(smallestScale, other.smallestScale)
            both.largestScale = max(largestScale, other.largestScale)
            both.translation = max(translation, other.translation)
            return both
        }
    }

    /// Each element's own transform (`OwnTransform`), in the order of `elements`. Where style
    /// sheets' rules may give an element a transform, the extremes of those rules'.
    func ownTransforms() -> [OwnTransform] {
        let rules = sheetRules(declaring: "transform", where: { $0 != "none" }).map { rule in
            (rule.selection, rule.values.map { OwnTransform(SVGTransformList(css: $0)) }.reduce(OwnTransform(nil)) { $0.widened(by: $1) })
        }
        return elements.map { element in
            let tag = element.tag
            if let css = Self.styleDeclares("transform", in: tag) { return OwnTransform(SVGTransformList(css: css)) }
            if let attribute = tag.exactAttribute("transform") { return OwnTransform(SVGTransformList(attribute: attribute)) }
            guard !rules.isEmpty else { return OwnTransform(nil) }
            let matching = rules.filter { $0.0.mayMatch(tag, root: element.parent == nil) }
            // (An element no rule gives a transform keeps none.)
            return matching.isEmpty ? OwnTransform(nil) : matching.map(\.1).dropFirst().reduce(matching[0].1) { $0.widened(by: $1) }
        }
    }

    /// A CSS transform Tabsnap cannot measure, refused: the checks above would take it as none
    /// where librsvg may apply it (a line break inside its brackets was read so: code review).
    func checkCSSTransformsAreRead() throws(SVGIconPreflight.Problem) {
        var written = sheetRules(declaring: "transform").flatMap(\.values).map { ("a style sheet", $0) }
        for element in elements {
            try clock.checkpoint()
            if let css = Self.styleDeclares("transform", in: element.tag) { written.append(("<\(Self.short(element.tag.name)) style>", css)) }
        }
        for (place, value) in written where SVGTransformList(css: value) == nil && !value.lowercased().hasPrefix("inherit") {
            throw SVGIconPreflight.Problem(description: "\(place): CSS transform \(Self.short(value)), which Tabsnap cannot measure (it reads matrix, translate, "
                                           + "scale, rotate and skew with px and deg); write it as a transform attribute")
        }
    }
}
