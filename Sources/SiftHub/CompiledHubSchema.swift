import Sift

/// A schema compiled into path automata: every property is a compiled path and every nested model
/// a scope, so a document is turned into models token by token, without a document tree.
///
/// Program 0 is the document root; programs 1…4 parse a view model, a component, an image and a
/// target (``HubModelKind/program``). There are two automata: one for a root object (the root is
/// the view model: program 0 holds the view model's paths) and one for a root array (each element
/// is a body component of the root view model).
final class CompiledHubSchema: Sendable {
    let objectRoot: CompiledPaths
    let arrayRoot: CompiledPaths
    /// The schema, for the properties evaluated in memory (custom images, paths with blocks).
    let memory: HubMemoryParser
    /// Why the schema cannot be streamed (a path with a filter), thrown when a stream starts;
    /// evaluation in memory (`ViewModel(jsonValue:)`) handles every path.
    let streamingError: JSONPathStreamingError?

    init(_ schema: HubSchema) {
        let objectAutomaton = Self.automaton(schema, rootIsArray: false)
        objectRoot = CompiledPaths(objectAutomaton)
        arrayRoot = CompiledPaths(Self.automaton(schema, rootIsArray: true))
        memory = HubMemoryParser(schema: schema)
        streamingError = objectAutomaton.streamingError
    }

    private static func automaton(_ schema: HubSchema, rootIsArray: Bool) -> PathAutomaton {
        let automaton = PathAutomaton()
        for kind in HubModelKind.allCases {
            let program = automaton.addProgram()
            precondition(program == kind.program)
        }
        if rootIsArray {
            automaton.addScope(
                JSONPath.root.forEach(), childProgram: HubModelKind.component.program,
                tag: ViewModel.bodyComponentsTag, program: 0)
        } else {
            add(HubModelKind.viewModel.properties, of: schema, to: automaton, program: 0)
        }
        for kind in HubModelKind.allCases {
            add(kind.properties, of: schema, to: automaton, program: kind.program)
        }
        return automaton
    }

    private static func add(
        _ properties: [HubPropertyInfo], of schema: HubSchema, to automaton: PathAutomaton, program: Int
    ) {
        for property in properties {
            guard let path = property.path(schema) else { continue }
            switch property.kind {
            case .string: automaton.addMatch(path, kind: .string, tag: property.tag, program: program)
            case .url: automaton.addMatch(path, kind: .url, tag: property.tag, program: program)
            case .dictionary, .images: automaton.addMatch(path, kind: .dictionary, tag: property.tag, program: program)
            case .identifiers: automaton.addMatch(path, kind: .value, tag: property.tag, program: program)
            case .model(let model), .models(let model):
                if path.containsBlock {
                    // The block's results are models built in memory.
                    automaton.addMatch(path, kind: .value, tag: property.tag, program: program)
                } else {
                    automaton.addScope(path, childProgram: model.program, tag: property.tag, program: program)
                }
            }
        }
    }
}
