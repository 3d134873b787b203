import Sift

extension MappingRun {
    /// Converts the value of property `index` of `program` (its plan is read in place, never
    /// copied).
    func convert(
        _ value: MatchedValue, program: Int, index: Int, frame: Int, alternative: Int, location: SourceLocation?
    ) throws -> Slot {
        let type = plan.programs[program].properties[index].property.type
        let decoder = plan.programs[program].properties[index].property.decoder
        let outcome: ValueConversion.Outcome
        switch value {
        case .scalar(let event):
            if case .null = event { return .null(location) }
            outcome = ValueConversion.convert(event, to: type, validated: textIsValidUTF8)
        case .value(let json):
            switch (type, json) {
            case (_, .null): return .null(location)
            case (.array, .array(let elements)): outcome = .value(.other(TypedMappedBox(elements)))
            case (.dictionary, .object(let object)):
                if decoder != nil {
                    outcome = .value(.other(TypedMappedBox(json)))
                } else {
                    outcome = .value(.other(TypedMappedBox(object.dictionary)))
                }
            default:
                outcome = .failed(
                    JSONConversionError(reason: .wrongKind, expected: type.expectation, found: json.summary))
            }
        }
        let conversionError: JSONConversionError
        switch outcome {
        case .value(let converted):
            guard let decoder else { return .value(converted) }
            do {
                // A string converted already is not made again from the bytes.
                let json: JSONValue
                if case .string(let text) = converted { json = .string(text) } else { json = value.jsonValue }
                return .value(.other(try decoder.decodeBoxed(json)))
            } catch {
                return .failed(
                    try KeyMappingFailures.failures(
                        of: error,
                        at: path(of: frame, program: program, property: index, alternative: alternative),
                        location: location))
            }
        case .failed(let error):
            conversionError = error
        }
        return .failed([
            MappingFailure(
                conversionError, expected: plan.programs[program].properties[index].expectation,
                path: path(of: frame, program: program, property: index, alternative: alternative),
                location: location)
        ])
    }

    static func describe(_ value: MatchedValue) -> String {
        switch value {
        case .scalar(let event): event.summary
        case .value(let json): json.summary
        }
    }
}
