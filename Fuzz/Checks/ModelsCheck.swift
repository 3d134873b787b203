import Sift
import SiftHub
import SiftMapping

/// Check 5: Hub view models, schema mapping and Codable `values(at:)` on the bytes whole and on
/// the same bytes in pieces: the same models, or the same error.
enum ModelsCheck {
    static let itemsPath = "$.items[*]"

    static func run(_ input: FuzzInput) throws(FuzzDivergence) {
        try hub(input)
        try mapping(input)
        try codable(input)
    }

    /// A model, or the text of the error that prevented it: compared with `==`, so that no
    /// dictionary's printing order matters.
    enum Parsed<Model: Equatable & Sendable>: Equatable, Sendable {
        case model(Model)
        case failure(String)

        init(_ body: () throws -> Model) {
            do { self = .model(try body()) } catch { self = .failure(FuzzOutcome.text(error)) }
        }
    }

    static func hub(_ input: FuzzInput) throws(FuzzDivergence) {
        let options = input.options
        let whole = Parsed { try ViewModel(parsing: .bytes(input.document), options: options) }
        let chunks = input.chunks
        let pieces = FuzzOutcome.wait { () async -> Parsed<ViewModel> in
            do {
                return .model(try await ViewModel(parsing: chunks, options: options))
            } catch {
                return .failure(FuzzOutcome.text(error))
            }
        }
        if whole != pieces {
            throw FuzzDivergence(
                "models: view model whole vs chunks (\(options))", expected: ["\(whole)"], found: ["\(pieces)"])
        }
        var streamed: [ComponentModel] = []
        let streamedError = failure {
            try HubSchema.default.forEachComponent(in: .bytes(input.document), options: options) { streamed.append($0) }
        }
        // As a caller reading its whole input would: feeding on after an error completes the
        // error's source line (every call throws the error again).
        var fed: [ComponentModel] = []
        let parser = ComponentModelParser(options: options) { fed.append($0) }
        var fedError: String?
        for range in input.pieces {
            if let error = failure({ try parser.feed(input.document[range]) }) { fedError = error }
        }
        if let error = failure({ try parser.finish() }) { fedError = error }
        if streamed != fed || streamedError != fedError {
            throw FuzzDivergence(
                "models: components whole vs ComponentModelParser in pieces (split \(input.splitByte), \(options))",
                expected: streamed.map { "\($0)" } + [streamedError ?? "accepted"],
                found: fed.map { "\($0)" } + [fedError ?? "accepted"])
        }
    }

    /// The text of the error `body` throws, nil if none.
    static func failure(_ body: () throws -> Void) -> String? {
        do {
            try body()
            return nil
        } catch {
            return FuzzOutcome.text(error)
        }
    }

    static func mapping(_ input: FuzzInput) throws(FuzzDivergence) {
        let options = input.options
        var whole: [String] = []
        whole.append(
            outcome {
                try Mapper.forEachElement(
                    of: FuzzRecord.self, from: .bytes(input.document), atKeyPath: "items", options: options
                ) {
                    whole.append("\($0)")
                }
                return "accepted"
            })
        let chunks = input.chunks
        let pieces = FuzzOutcome.wait { () async -> [String] in
            var lines: [String] = []
            do {
                for try await record in Mapper.elements(
                    of: FuzzRecord.self, from: chunks, atKeyPath: "items", options: options)
                {
                    lines.append("\(record)")
                }
                lines.append("accepted")
            } catch {
                lines.append(FuzzOutcome.text(error))
            }
            return lines
        }
        try FuzzDivergence.expectEqual(whole, pieces, "models: mapping whole vs chunks (\(options))")
    }

    static func codable(_ input: FuzzInput) throws(FuzzDivergence) {
        let options = input.options
        let document = input.document
        let collected = outcome {
            "\(try JSONInput.bytes(document).decodeValues(at: itemsPath, as: FuzzItem.self, options: options))"
        }
        let chunks = input.chunks
        let (fromInput, fromChunks) = FuzzOutcome.wait { () async -> (String, String) in
            async let fromInput = collect(
                try JSONInput.bytes(document).values(at: itemsPath, as: FuzzItem.self, options: options))
            async let fromChunks = collect(
                chunks.jsonValues(at: try JSONPath(itemsPath).decoded(FuzzItem.self), options: options))
            return await (fromInput, fromChunks)
        }
        try FuzzDivergence.expectEqual(
            [collected], [fromInput], "models: Codable decodeValues vs values(at:) (\(options))")
        try FuzzDivergence.expectEqual(
            [fromInput], [fromChunks],
            "models: Codable values(at:) whole vs chunks (split \(input.splitByte), \(options))")
    }

    /// All the values of a sequence, as the text of the array decodeValues returns, or the error.
    static func collect<Values: AsyncSequence>(_ values: @autoclosure () throws -> Values) async -> String {
        do {
            var all: [Values.Element] = []
            for try await value in try values() { all.append(value) }
            return "\(all)"
        } catch {
            return FuzzOutcome.text(error)
        }
    }

    static func outcome(_ body: () throws -> String) -> String {
        do {
            return try body()
        } catch {
            return FuzzOutcome.text(error)
        }
    }
}
