/// Identifiers for components whose JSON has none: unique in their view model, and the same for
/// the same input.
///
/// A body component gets `body-<position>`, an overlay `overlay-<position>`, the header `header`,
/// a child `<parent identifier>-child-<position>`; when that name is already taken (by an explicit
/// identifier or an earlier generated one), `#2`, `#3`… is appended. The view model of a target is
/// a view model of its own, with its own identifiers.
struct GeneratedIdentifiers {
    private var used: Set<String> = []

    /// Gives every component of `viewModel` without an explicit identifier one.
    static func assign(in viewModel: inout ViewModel) {
        guard needsNames(viewModel) else { return }
        var generator = GeneratedIdentifiers()
        if let header = viewModel.headerComponent { generator.reserve(header) }
        generator.reserve(viewModel.bodyComponents)
        generator.reserve(viewModel.overlayComponents)
        if var header = viewModel.headerComponent {
            generator.name(&header, "header")
            viewModel.headerComponent = header
        }
        for position in viewModel.bodyComponents.indices {
            generator.name(&viewModel.bodyComponents[position], "body-\(position)")
        }
        for position in viewModel.overlayComponents.indices {
            generator.name(&viewModel.overlayComponents[position], "overlay-\(position)")
        }
    }

    /// Names a body component that is streamed on its own, at `position` in the stream.
    static func assign(in component: inout ComponentModel, position: Int) {
        guard withUnsafePointer(to: component, needsNames) else { return }
        var generator = GeneratedIdentifiers()
        generator.reserve(component)
        generator.name(&component, "body-\(position)")
    }

    /// Whether the component, its descendants and the view models of their targets all have
    /// explicit identifiers: then its place in the stream names nothing, and
    /// ``assign(in:position:)`` leaves it as it is.
    static func isNamed(_ component: ComponentModel) -> Bool {
        !withUnsafePointer(to: component, needsNames)
    }

    /// Whether the component, its descendants or the view models of their targets have a
    /// component without an explicit identifier.
    private static func needsNames(_ component: UnsafePointer<ComponentModel>) -> Bool {
        if component.pointee.hasGeneratedIdentifier { return true }
        if let view = component.pointee.target?.initialViewModel, needsNames(view) { return true }
        return needsNames(component.pointee.children)
    }

    /// Whether a view model has a component without an explicit identifier, at any level.
    private static func needsNames(_ viewModel: borrowing ViewModel) -> Bool {
        if let header = viewModel.headerComponent, withUnsafePointer(to: header, needsNames) { return true }
        return needsNames(viewModel.bodyComponents) || needsNames(viewModel.overlayComponents)
    }

    /// Whether a list has a component without an explicit identifier, at any level. (Each
    /// element is read through a pointer into the buffer; iterating the array, `contains(where:)`
    /// or the buffer's subscript copies each one.)
    private static func needsNames(_ list: [ComponentModel]) -> Bool {
        list.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return false }
            for index in buffer.indices where needsNames(base + index) { return true }
            return false
        }
    }

    /// Marks the explicit identifiers of a component and its descendants as taken.
    private mutating func reserve(_ component: borrowing ComponentModel) {
        if !component.hasGeneratedIdentifier { used.insert(component.identifier) }
        reserve(component.children)
    }

    /// Marks the explicit identifiers in a list and below as taken (lending each element, as
    /// the list form of `needsNames` does).
    private mutating func reserve(_ list: [ComponentModel]) {
        list.withUnsafeBufferPointer { buffer in
            for index in buffer.indices { reserve(buffer[index]) }
        }
    }

    /// Names the component (when it has no explicit identifier), then its children and the view
    /// model of its target.
    private mutating func name(_ component: inout ComponentModel, _ candidate: String) {
        if component.hasGeneratedIdentifier {
            component.identifier = unique(candidate)
        }
        for position in component.children.indices {
            name(&component.children[position], "\(component.identifier)-child-\(position)")
        }
        if var target = component.target, var view = target.initialViewModel {
            Self.assign(in: &view)
            target.initialViewModel = view
            component.target = target
        }
    }

    private mutating func unique(_ candidate: String) -> String {
        if used.insert(candidate).inserted { return candidate }
        var suffix = 2
        while !used.insert("\(candidate)#\(suffix)").inserted { suffix += 1 }
        return "\(candidate)#\(suffix)"
    }
}
