import Foundation
import Testing

@testable import Sift

/// JSONTestSuite (`Fixtures/JSONTestSuite`): every `y_` file accepted, every `n_` file
/// rejected, and the implementation-defined `i_` files decided as the table below records, so
/// that any change of behaviour shows up here.
///
/// Each file is fed whole and in chunks of 1 to 31 bytes, and must give the same events and the same
/// error every time.
@Suite struct ConformanceTests {
    static let directory: URL? = TokenizerTestSupport.conformanceDirectory

    static let fileNames: [String] = {
        guard let directory else { return [] }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { $0.hasSuffix(".json") }.sorted()
    }()

    /// How Sift decides each implementation-defined case: true = accepted.
    ///
    /// Numbers are delivered as text, so no magnitude is rejected. Every form of escaped
    /// surrogate is accepted, and one that is not half of a pair decodes to U+FFFD. Raw bytes are
    /// checked as strict UTF-8 by Sift, so invalid sequences, overlong forms, encoded surrogates,
    /// code points above U+10FFFF and UTF-16 are rejected. A UTF-8 byte order mark at the start of
    /// the input is passed over (RFC 8259 allows it).
    static let implementationDefined: [String: Bool] = [
        "i_number_double_huge_neg_exp.json": true,
        "i_number_huge_exp.json": true,
        "i_number_neg_int_huge_exp.json": true,
        "i_number_pos_double_huge_exp.json": true,
        "i_number_real_neg_overflow.json": true,
        "i_number_real_pos_overflow.json": true,
        "i_number_real_underflow.json": true,
        "i_number_too_big_neg_int.json": true,
        "i_number_too_big_pos_int.json": true,
        "i_number_very_big_negative_int.json": true,
        "i_object_key_lone_2nd_surrogate.json": true,
        "i_string_1st_surrogate_but_2nd_missing.json": true,
        "i_string_1st_valid_surrogate_2nd_invalid.json": true,
        "i_string_UTF-16LE_with_BOM.json": false,
        "i_string_UTF-8_invalid_sequence.json": false,
        "i_string_UTF8_surrogate_U+D800.json": false,
        "i_string_incomplete_surrogate_and_escape_valid.json": true,
        "i_string_incomplete_surrogate_pair.json": true,
        "i_string_incomplete_surrogates_escape_valid.json": true,
        "i_string_invalid_lonely_surrogate.json": true,
        "i_string_invalid_surrogate.json": true,
        "i_string_invalid_utf-8.json": false,
        "i_string_inverted_surrogates_U+1D11E.json": true,
        "i_string_iso_latin_1.json": false,
        "i_string_lone_second_surrogate.json": true,
        "i_string_lone_utf8_continuation_byte.json": false,
        "i_string_not_in_unicode_range.json": false,
        "i_string_overlong_sequence_2_bytes.json": false,
        "i_string_overlong_sequence_6_bytes.json": false,
        "i_string_overlong_sequence_6_bytes_null.json": false,
        "i_string_truncated-utf-8.json": false,
        "i_string_utf16BE_no_BOM.json": false,
        "i_string_utf16LE_no_BOM.json": false,
        "i_structure_500_nested_arrays.json": true,
        "i_structure_UTF-8_BOM_empty_object.json": true,
    ]

    @Test func corpusHasTheExpectedFiles() {
        let names = Self.fileNames
        #expect(names.filter { $0.hasPrefix("y_") }.count == 95)
        #expect(names.filter { $0.hasPrefix("n_") }.count == 188)
        #expect(Set(names.filter { $0.hasPrefix("i_") }) == Set(Self.implementationDefined.keys))
    }

    @Test(arguments: fileNames)
    func decidesAsSpecifiedInEverySplit(name: String) async throws {
        let bytes = Array(try Data(contentsOf: try #require(Self.directory).appendingPathComponent(name)))
        let traces = await TokenizerTestSupport.offPool {
            [TokenizerTestSupport.trace(bytes, split: .whole)]
                + (1...31).map { TokenizerTestSupport.trace(bytes, split: .size($0)) }
        }
        let whole = traces[0]
        let accepted = !(whole.last?.hasPrefix("error:") ?? false)
        switch name.prefix(2) {
        case "y_": #expect(accepted, "\(name) must be accepted: \(whole.last ?? "")")
        case "n_": #expect(!accepted, "\(name) must be rejected")
        default: #expect(accepted == Self.implementationDefined[name], "\(name): \(whole.last ?? "")")
        }
        for size in 1...31 {
            #expect(traces[size] == whole, "\(name) in chunks of \(size)")
            if traces[size] != whole { break }
        }
    }

    /// Every combination of the options that change what is accepted or how errors are found.
    static let optionCombinations: [JSONParserOptions] = [true, false].flatMap { comments in
        [true, false].flatMap { multiple in
            [true, false].flatMap { utf8 in
                [512, 2].map { depth in
                    JSONParserOptions(
                        maximumDepth: depth, allowsMultipleValues: multiple, allowsComments: comments,
                        validatesUTF8: utf8)
                }
            }
        }
    }

    /// The same events and error text in every split (whole, and pieces of 1 to 31 bytes), with
    /// every combination of options.
    ///
    /// One test over all files, on one thread of its own (see below).
    @Test func decidesTheSameInEverySplitWithEveryOption() async throws {
        let directory = try #require(Self.directory)
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var failures: [String] = []
            for name in Self.fileNames {
                guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)) else {
                    failures.append("\(name) cannot be read")
                    continue
                }
                let bytes = Array(data)
                for options in Self.optionCombinations {
                    let whole = TokenizerTestSupport.trace(bytes, options: options, split: .whole)
                    for size in 1...31 {
                        let trace = TokenizerTestSupport.trace(bytes, options: options, split: .size(size))
                        guard trace != whole else { continue }
                        failures.append("\(name), \(options), size \(size): \(trace.last ?? "") / \(whole.last ?? "")")
                        break
                    }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(5).joined(separator: "\n"))")
    }

    /// Errors at the token after a value (a missing separator, trailing garbage) and errors
    /// inside a string that began far back, which JSONTestSuite has few of: every value, then a
    /// gap, then every kind of offending token, at the top level, in an object and in an array;
    /// the same events and error text whole and in pieces of 1 to 31 bytes, with and without
    /// comments and several values.
    @Test func locatesErrorsAfterAValueTheSameInEverySplit() async {
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var failures: [String] = []
            for bytes in Self.errorAfterValueInputs {
                for comments in [false, true] {
                    for multiple in [false, true] {
                        let options = JSONParserOptions(allowsMultipleValues: multiple, allowsComments: comments)
                        let whole = TokenizerTestSupport.trace(bytes, options: options, split: .whole)
                        for size in 1...31 {
                            let trace = TokenizerTestSupport.trace(bytes, options: options, split: .size(size))
                            guard trace != whole else { continue }
                            let text = String(decoding: bytes, as: UTF8.self).debugDescription
                            failures.append(
                                "\(text), \(options), size \(size): \(trace.last ?? "") / \(whole.last ?? "")")
                            break
                        }
                    }
                }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.count): \(failures.prefix(5).joined(separator: "\n"))")
    }

    /// The inputs of ``locatesErrorsAfterAValueTheSameInEverySplit()``.
    static let errorAfterValueInputs: [[UInt8]] = {
        let values = ["0", "12", "true", "\"\"", "\"x\"", "{}", "[]"]
        let gaps = ["", "\r\n", "/*\"*/", String(repeating: " ", count: 130)]
        let tokens = [
            "1", "true", "tx", "-x", "\"y\"", "\"\"", "\"a\n", "\"\u{01}", "[", "}", "/", "/x", "/\"", "@",
            "-" + String(repeating: "9", count: 140), String(repeating: "1", count: 140),
        ]
        var inputs: [[UInt8]] = []
        for value in values {
            for gap in gaps {
                for token in tokens {
                    let tail = value + gap + token
                    inputs += [tail, "{\"a\":" + tail + "}", "[" + tail + "]"].map { Array($0.utf8) }
                }
            }
        }
        // Bytes that are not UTF-8, inside a string that began more than the bytes kept before
        // a chunk ago.
        let long = String(repeating: "[,", count: 80)
        for prefix in ["", "[", "{\"k\":", "[1,", "{", "[\"x\" "] {
            inputs.append(Array((prefix + "\"" + long).utf8) + [0xFF] + Array("\"]".utf8))
        }
        return inputs
    }()

    /// The accepted surrogate cases decode every escaped surrogate that is not half of a pair to
    /// U+FFFD: never to `?` or to the bytes of a surrogate.
    @Test func loneEscapedSurrogatesDecodeToTheReplacementCharacter() throws {
        let directory = try #require(Self.directory)
        for name in Self.fileNames where name.contains("surrogate") && Self.implementationDefined[name] == true {
            let bytes = Array(try Data(contentsOf: directory.appendingPathComponent(name)))
            var decoded: [[UInt8]] = []
            try JSONTokenizer.tokenize(.bytes(bytes)) { event, _ in
                switch event {
                case .string(let text), .key(let text): decoded.append(text.array)
                default: break
                }
            }
            for text in decoded {
                #expect(!text.contains(UInt8(ascii: "?")), "\(name): \(text)")
                #expect(String(validating: text, as: UTF8.self) != nil, "\(name): \(text)")
            }
            let replaced = decoded.contains { text in
                text.indices.contains { text[$0...].starts(with: [0xEF, 0xBF, 0xBD]) }
            }
            #expect(replaced, "\(name): \(decoded)")
        }
    }

    /// Skips the contents of the top-level container, if the document is one.
    struct SkippingEverything: JSONEventHandler {
        var events: [String] = []

        mutating func handle(_ event: JSONEvent, context: JSONEventContext) {
            events.append("\(event)")
            switch event {
            case .startObject, .startArray:
                if context.depth == 1 { context.skipContents() }
            default: break
            }
        }
    }

    /// The same decision, events and error when the whole document is skipped: given whole (in
    /// memory, where the scan passes what it can vouch for), in pieces of 16 bytes (the scan
    /// passes what ends in its chunk) and one byte at a time (yajl lexes everything).
    ///
    /// One test over all files, on one thread of its own: a test case per file, each on a thread,
    /// would start hundreds of threads at once and starve the suites that serve HTTP.
    @Test func decidesTheSameWhenEverythingIsSkipped() async throws {
        let directory = try #require(Self.directory)
        let failures = await TokenizerTestSupport.offPool { () -> [String] in
            var failures: [String] = []
            for name in Self.fileNames {
                guard let data = try? Data(contentsOf: directory.appendingPathComponent(name)) else {
                    failures.append("\(name) cannot be read")
                    continue
                }
                let bytes = Array(data)
                let whole = JSONTokenizer(handler: SkippingEverything())
                var wholeError: String?
                do { try whole.parse(.bytes(bytes)) } catch { wholeError = "error: \(error)" }
                let wholeOutcome = (whole.handler.events + [wholeError ?? ""]).joined(separator: "\n")
                for size in [1, 16] {
                    let pieces = JSONTokenizer(handler: SkippingEverything())
                    let error = TokenizerTestSupport.run(pieces, bytes, split: .size(size)).map { "error: \($0)" }
                    let outcome = (pieces.handler.events + [error ?? ""]).joined(separator: "\n")
                    if outcome != wholeOutcome { failures.append("\(name) in pieces of \(size):\n\(outcome)") }
                }
                let accepted = wholeError == nil
                let expected =
                    switch name.prefix(2) {
                    case "y_": true
                    case "n_": false
                    default: Self.implementationDefined[name] ?? !accepted
                    }
                if accepted != expected { failures.append("\(name): \(wholeOutcome)") }
            }
            return failures
        }
        #expect(failures.isEmpty, "\(failures.prefix(5).joined(separator: "\n====\n"))")
    }

    @Test func rejectedFilesFailWithAnErrorKindThatFits() throws {
        for name in Self.fileNames where name.hasPrefix("n_") {
            let bytes = Array(try Data(contentsOf: try #require(Self.directory).appendingPathComponent(name)))
            let error = try #require(
                TokenizerTestSupport.run(JSONTokenizer(handler: IgnoringHandler()), bytes, split: .whole))
            // Truncated documents are incomplete; everything else is invalid syntax or UTF-8, or
            // (for the 100 000 opening brackets) too deep.
            let allowed: Set<JSONParseError.Kind> = [
                .invalidSyntax, .incompleteInput, .invalidUTF8, .depthLimitExceeded,
            ]
            #expect(allowed.contains(error.kind), "\(name): \(error)")
        }
    }
}
