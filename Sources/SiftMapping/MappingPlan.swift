import Sift

/// A mapping compiled into one path automaton: each model type, each mapped or decoded array
/// and the document itself is a program; every property's key path (both readings of a dotted
/// one) is a path of its program; nested models and array elements are scopes.
///
/// Besides the values, the matcher reports what the receiver needs to name every failure: a
/// scope says whether it opened on an object or an array; a container that reaches a scalar
/// property is dropped there, with its scope (and its contents are skipped); for a container
/// property, a scalar destination at the same path brings scalars and `null` through `receive`.
final class MappingPlan: @unchecked Sendable {
    enum Role {
        /// The document: one property, the mapped target.
        case document
        case model(AnyModelKind)
        case array(ElementPlan)
    }

    enum ElementPlan {
        case model(AnyModelKind)
        case decoded(AnyValueDecoder)

        /// A collector for an array of these elements, typed `[Element]`.
        func makeCollector() -> ElementSink {
            switch self {
            case .model(let kind): kind.makeCollector()
            case .decoded(let decoder): decoder.makeCollector()
            }
        }
    }

    struct PropertyPlan {
        let property: Property
        /// The readings of the key path, literal first.
        let alternatives: [[String]]
        /// What the property expects, for messages.
        let expectation: String
    }

    struct Program {
        var role: Role
        var properties: [PropertyPlan] = []
        var layout: EntityLayout?
    }

    enum Tag {
        case property(program: Int, index: Int)
        case element(program: Int)
    }

    /// What converting a property's scalar needs, as a plain value per tag: reading it from
    /// ``programs`` would copy the property's plan (strings, arrays, the decoder) per value.
    struct ScalarRead {
        var type: PropertyType
        var hasDecoder: Bool
    }

    let program: MatchProgram
    let programs: [Program]
    let tags: [Tag]
    /// Per tag; meaningful for property tags.
    let scalarReads: ContiguousArray<ScalarRead>

    /// Compiles the mapping of `target`, a property of the document (its key path is where the
    /// mapped value is).
    init(target: Property) {
        let builder = Builder()
        builder.programs.append(Program(role: .document))
        builder.programs[0].properties = [builder.compile(target, program: 0, index: 0)]
        builder.programs[0].layout = EntityLayout(properties: [target], typeName: "the document")
        program = MatchProgram(builder.automaton)
        programs = builder.programs
        tags = builder.tags
        scalarReads = ContiguousArray(
            builder.tags.map { tag in
                guard case .property(let program, let index) = tag else {
                    return ScalarRead(type: .dictionary, hasDecoder: false)
                }
                let property = builder.programs[program].properties[index].property
                return ScalarRead(type: property.type, hasDecoder: property.decoder != nil)
            })
    }

    private final class Builder {
        let automaton = MatchProgram.Builder()
        var programs: [Program] = []
        var tags: [Tag] = []
        var modelPrograms: [ObjectIdentifier: Int] = [:]

        func newTag(_ tag: Tag) -> Int {
            tags.append(tag)
            return tags.count - 1
        }

        func newProgram(_ role: Role) -> Int {
            let program = automaton.addProgram()
            assert(program == programs.count)
            programs.append(Program(role: role))
            return program
        }

        func modelProgram(_ kind: AnyModelKind) -> Int {
            if let existing = modelPrograms[kind.identifier] { return existing }
            let program = newProgram(.model(kind))
            modelPrograms[kind.identifier] = program
            let properties = kind.schema().properties
            var plans: [PropertyPlan] = []
            for (index, property) in properties.enumerated() {
                plans.append(compile(property, program: program, index: index))
            }
            programs[program].properties = plans
            programs[program].layout = EntityLayout(properties: properties, typeName: kind.typeName)
            return program
        }

        func arrayProgram(_ element: ElementPlan) -> Int {
            let program = newProgram(.array(element))
            let tag = newTag(.element(program: program))
            let elements = JSONPath.root.forEach()
            switch element {
            case .model(let kind):
                automaton.addScope(elements, childProgram: modelProgram(kind), tag: tag, program: program)
                automaton.addMatch(elements, kind: .bool, tag: tag, program: program)
            case .decoded:
                automaton.addMatch(elements, kind: .value, tag: tag, program: program)
            }
            return program
        }

        func compile(_ property: Property, program: Int, index: Int) -> PropertyPlan {
            let keyPath = property.readKeyPath
            let alternatives = keyPath.readings
            let path = keyPath.path
            let tag = newTag(.property(program: program, index: index))
            var expectation = property.type.expectation
            switch property.type {
            case .string, .url:
                automaton.addMatch(path, kind: .string, tag: tag, program: program)
            case .int, .uint:
                automaton.addMatch(path, kind: .integer, tag: tag, program: program)
            case .float, .double:
                automaton.addMatch(path, kind: .double, tag: tag, program: program)
            case .bool:
                automaton.addMatch(path, kind: .bool, tag: tag, program: program)
            case .array:
                if let model = property.model {
                    expectation = "an array of \(model.typeName)"
                    automaton.addScope(path, childProgram: arrayProgram(.model(model)), tag: tag, program: program)
                } else if let decoder = property.decoder {
                    automaton.addScope(path, childProgram: arrayProgram(.decoded(decoder)), tag: tag, program: program)
                } else {
                    automaton.addMatch(path, kind: .array, tag: tag, program: program)
                }
                automaton.addMatch(path, kind: .bool, tag: tag, program: program)
            case .dictionary:
                if let model = property.model {
                    expectation = "an object (\(model.typeName))"
                    automaton.addScope(path, childProgram: modelProgram(model), tag: tag, program: program)
                } else {
                    automaton.addMatch(path, kind: .dictionary, tag: tag, program: program)
                }
                automaton.addMatch(path, kind: .bool, tag: tag, program: program)
            }
            return PropertyPlan(property: property, alternatives: alternatives, expectation: expectation)
        }
    }
}
