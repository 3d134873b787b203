import Sift

/// One step of a path shared by the errors that wait on an undecided branch: the errors of a
/// value nested N deep keep one link each, not N components, so that holding one such error per
/// open level costs memory and time linear in the nesting.
///
/// The validator keeps the link of each open level's current member or element
/// (`ValidationLevel.link`) until that member or element changes; an error made deeper reuses
/// the links of the levels above it.
///
/// ```swift
/// let body = PathLink(parent: nil, component: .key("body"))
/// PathLink(parent: body, component: .index(3)).path.description // "$.body[3]"
/// ```
final class PathLink: Sendable {
    let parent: PathLink?
    let component: JSONNodePath.Component

    init(parent: PathLink?, component: JSONNodePath.Component) {
        self.parent = parent
        self.component = component
    }

    /// The whole path, from the root.
    var path: JSONNodePath {
        var components: [JSONNodePath.Component] = []
        var link: PathLink? = self
        while let current = link {
            components.append(current.component)
            link = current.parent
        }
        return JSONNodePath(Array(components.reversed()))
    }
}

/// One segment of an evaluation path (`/anyOf/1`, `/$ref`, `/properties/id`), shared in the same
/// way by the errors of frames evaluated through it: each frame keeps the link of its own
/// evaluation path once an error has asked for it.
///
/// ```swift
/// let items = EvaluationLink(parent: nil, segment: "/items")
/// EvaluationLink(parent: items, segment: "/$ref").pointer // "/items/$ref"
/// ```
final class EvaluationLink: Sendable {
    let parent: EvaluationLink?
    let segment: String

    init(parent: EvaluationLink?, segment: String) {
        self.parent = parent
        self.segment = segment
    }

    /// The whole JSON Pointer, from the root schema.
    var pointer: String {
        var segments: [String] = []
        var link: EvaluationLink? = self
        while let current = link {
            segments.append(current.segment)
            link = current.parent
        }
        return segments.reversed().joined()
    }
}

// Errors waiting on a branch compare their links by identity until they are made whole.
extension PathLink: Hashable {
    static func == (left: PathLink, right: PathLink) -> Bool { left === right }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

extension EvaluationLink: Hashable {
    static func == (left: EvaluationLink, right: EvaluationLink) -> Bool { left === right }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}
