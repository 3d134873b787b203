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

    static func hub(_ input: FuzzInput) throws(FuzzDivergence) {
        let options = input.options
        let whole = outcome { "\(try ViewModel(parsing: .bytes(input.document), options: options))" }
        let chunks = input.chunks
        let pieces = FuzzOutcome.wait { () async -> String in
            do {
                return "\(try await ViewModel(parsing: chunks, options: options))"
            } catch {
                return FuzzOutcome.text(error)
            }
        }
        try FuzzDivergence.expectEqual([whole], [pieces], "models: view model whole vs chunks (\(options))")
        var streamed: [String] = []
        let streamedError = outcome {
            try HubSchema.default.forEachComponent(in: .bytes(input.document), options: options) {
                streamed.append("\($0)")
            }
            return "accepted"
        }
        var fed: [String] = []
        let parser = ComponentModelParser(options: options) { fed.append("\($0)") }
        // As a caller reading its whole input would: feeding on after an error completes the
        // error's source line (every call throws the error again).
        var fedError = "accepted"
        for range in input.pieces {
            do { try parser.feed(input.document[range]) } catch { fedError = FuzzOutcome.text(error) }
        }
        do { try parser.finish() } catch { fedError = FuzzOutcome.text(error) }
        try FuzzDivergence.expectEqual(
            streamed + [streamedError], fed + [fedError],
            "models: components whole vs ComponentModelParser in pieces (split \(input.splitByte), \(options))")
    }

    static func mapping(_ input: FuzzInput) throws(FuzzDivergence) {
        let options = input.options
        var whole: [String] = []
        whole.append(
            outcome {
                try Mapper.forEachElement(
                    of: FuzzRecord.self, in: .bytes(input.document), atKeyPath: "items", options: options
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
                    of: FuzzRecord.self, atKeyPath: "items", in: chunks, options: options)
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
