import Sift

/// A schema compiled into match programs (``MatchProgram``): every property is a compiled path and every nested model
/// a scope, so a document is turned into models token by token, without a document tree.
///
/// Program 0 is the document root; programs 1…4 parse a view model, a component, an image and a
/// target (``HubModelKind/program``). There are two programs: one for a root object (the root is
/// the view model: program 0 holds the view model's paths) and one for a root array (each element
/// is a body component of the root view model).
final class CompiledHubSchema: Sendable {
    let objectRoot: MatchProgram
    let arrayRoot: MatchProgram
    /// The schema, for the properties evaluated in memory (custom images, paths with blocks).
    let memory: HubMemoryParser
    /// Why the schema cannot be streamed (a path with a filter), thrown when a stream starts;
    /// evaluation in memory (`ViewModel(jsonValue:)`) handles every path.
    let streamingError: JSONPathStreamingError?

    init(_ schema: HubSchema) {
        objectRoot = Self.program(schema, rootIsArray: false)
        arrayRoot = Self.program(schema, rootIsArray: true)
        memory = HubMemoryParser(schema: schema)
        streamingError = objectRoot.streamingError
    }

    private static func program(_ schema: HubSchema, rootIsArray: Bool) -> MatchProgram {
        let builder = MatchProgram.Builder()
        for kind in HubModelKind.allCases {
            let program = builder.addProgram()
            precondition(program == kind.program)
        }
        if rootIsArray {
            builder.addScope(
                JSONPath.root.forEach(), childProgram: HubModelKind.component.program,
                tag: ViewModel.bodyComponentsTag, program: 0)
        } else {
            add(HubModelKind.viewModel.properties, of: schema, to: builder, program: 0)
        }
        for kind in HubModelKind.allCases {
            add(kind.properties, of: schema, to: builder, program: kind.program)
        }
        return MatchProgram(builder)
    }

    private static func add(
        _ properties: [HubPropertyInfo], of schema: HubSchema, to builder: MatchProgram.Builder, program: Int
    ) {
        for property in properties {
            guard let path = property.path(schema) else { continue }
            switch property.kind {
            case .string: builder.addMatch(path, kind: .string, tag: property.tag, program: program)
            case .url: builder.addMatch(path, kind: .url, tag: property.tag, program: program)
            case .dictionary, .images, .identifiers:
                // Containers captured flat (see `HubAssembler.wantsTapes`): the tokenizer then
                // hands their events straight to the tape, not through the matcher.
                builder.addMatch(path, kind: .decoded, tag: property.tag, program: program)
            case .model(let model), .models(let model):
                if path.containsBlock {
                    // The block's results are models built in memory.
                    builder.addMatch(path, kind: .value, tag: property.tag, program: program)
                } else {
                    builder.addScope(path, childProgram: model.program, tag: property.tag, program: program)
                }
            }
        }
    }
}
