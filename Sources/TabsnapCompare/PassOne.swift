import TabsnapPNG

extension StreamedComparison {
    /// Pass one's outcome, and the frames it walked from the first one that failed, when they
    /// fitted the budget it was given: pass two draws those without decoding, rendering and
    /// comparing them again. (From the first failure only: a passing check keeps nothing.)
    public struct PassOne: Sendable {
        /// The verdict, as `compare(golden:actual:options:)` gives it.
        public let outcome: Outcome
        /// The walk's steps from `tailStart` on, with their comparisons, or nil.
        let tail: [FramePair]?
        let tailStart: Int
    }

    /// One step of the walk both passes take through the golden and the render, holds merged:
    /// a frame of each while both last, then the render's remaining frames alone, or one more
    /// golden frame standing for the rest of a longer golden.
    struct FramePair: Sendable {
        var expected: AnimationFrame?
        var actual: AnimationFrame?
        /// With its verdicts; nil until compared, and for a step missing a side.
        var comparison: ImageComparison?

        var bytes: Int {
            (expected?.image.pixels.count ?? 0) + (actual?.image.pixels.count ?? 0) + (comparison?.verdicts.count ?? 0)
        }
    }

    /// What pass one keeps for pass two: the steps from the first failing one, within a budget.
    struct Tail {
        let budget: Int
        var pairs: [FramePair]? = nil
        var start = 0
        var bytes = 0
        var overBudget = false

        /// Step `index` of the walk; `failing`: it differs (then it and every later step are kept).
        mutating func offer(_ pair: FramePair, at index: Int, failing: Bool) {
            guard budget > 0, !overBudget else { return }
            if pairs == nil {
                guard failing else { return }
                pairs = []
                start = index
            }
            bytes += pair.bytes
            if bytes <= budget {
                pairs?.append(pair)
            } else {
                pairs = nil
                overBudget = true
            }
        }
    }

}
