/// A path whose matches all lie in the elements of one array, found at a fixed place in the
/// document (`$.body[*].text.title`, `$[*]`, `$.a[2].b[*]..id`): the elements can be matched
/// apart, each with the rest of the path.
///
/// The steps before the array are member names and non-negative indices, one selector each; the
/// array step is `[*]` or `forEach()`; the rest may be anything that reads only the element (no
/// filter with an absolute query). A path with several alternatives does not split.
///
/// ```swift
/// let split = ArraySplitPath(try JSONPath("$.body[*].text.title"))
/// split?.prefix    // [.key("body")]
/// split?.relative  // $[*].text.title
/// ```
struct ArraySplitPath: Sendable {
    /// The steps from the root to the array.
    let prefix: [JSONNodePath.Component]
    /// The path each block of elements is matched with: `[*]`, then the rest.
    let relative: JSONPath

    /// The split of `path`, or nil when its matches are not all in the elements of one array.
    init?(_ path: JSONPath) {
        guard path.alternatives.count == 1, let segments = path.alternatives.first else { return nil }
        var prefix: [JSONNodePath.Component] = []
        for (position, segment) in segments.enumerated() {
            switch segment {
            case .child(let selectors) where selectors.count == 1:
                switch selectors[0] {
                case .name(let name):
                    prefix.append(.key(name))
                    continue
                case .index(let index) where index >= 0:
                    prefix.append(.index(index))
                    continue
                case .wildcard:
                    break
                default:
                    return nil
                }
            case .forEach:
                break
            default:
                return nil
            }
            let rest = segments[(position + 1)...]
            guard !rest.contains(where: \.referencesRoot) else { return nil }
            self.prefix = prefix
            relative = JSONPath(alternatives: [[segment] + rest])
            return
        }
        return nil
    }

    /// The path in the document of `path`, a node path a block's tokenizer found, whose first
    /// step is the element's index in the block.
    func documentPath(of path: JSONNodePath, firstElement: Int) -> JSONNodePath {
        var components = prefix
        components.reserveCapacity(prefix.count + path.components.count)
        for (position, component) in path.components.enumerated() {
            if position == 0, case .index(let index) = component {
                components.append(.index(firstElement + index))
            } else {
                components.append(component)
            }
        }
        return JSONNodePath(components)
    }
}
