import TabsnapModel
import Yams

/// Bounds a spec's size after YAML aliases are expanded. An alias repeats its anchor's whole
/// tree, so a few lines of aliases of aliases can stand for billions of nodes ("billion laughs")
/// or gigabytes of text; the walk counts what a reader would see and stops at the first excess.
/// The same walk refuses a YAML tag where it stands (`SpecTags`).
enum SpecSize {
    static func check(_ root: Node, file: String) throws(SpecError) {
        var nodes = 0, characters = 0
        var stack = [root]
        while let node = stack.popLast() {
            nodes += 1
            if nodes > Limits.specNodes {
                throw SpecError(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1,
                                message: "the spec has more than \(Limits.specNodes) values once its aliases are expanded")
            }
            if let problem = SpecTags.problem(node) {
                throw SpecError(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1, message: problem)
            }
            switch node {
            case .scalar(let scalar):
                characters += scalar.string.utf8.count
                if characters > Limits.specCharacters {
                    throw SpecError(file: file, line: node.mark?.line ?? 1, column: node.mark?.column ?? 1,
                                    message: "the spec has more than \(Limits.specCharacters / (1 << 20)) MB of text once its aliases are expanded")
                }
            case .mapping(let mapping):
                for (key, value) in mapping { stack.append(key); stack.append(value) }
            case .sequence(let sequence):
                stack.append(contentsOf: sequence)
            case .alias:
                break
            }
        }
    }
}
