import ArgumentParser
import Foundation
import Sift
import SiftSchema

/// `sift validate`'s JSON Schema options: `--schema FILE`, `--schema-ref FILE…`, `--max-errors N`,
/// `--output text|basic`, `--assert-format`.
///
/// ```swift
/// // sift validate --schema feed.schema.json --max-errors 10 --output basic feed.json
/// ```
struct SchemaOptions: ParsableArguments {
    /// How schema errors are reported.
    enum Output: String, ExpressibleByArgument, CaseIterable {
        /// `FILE:LINE:COLUMN: error: PATH: MESSAGE [SCHEMA LOCATION]` on stderr, one per error.
        case text
        /// JSON Schema's "basic" output format on stdout, one line per input.
        case basic
    }

    @Option(
        help: ArgumentHelp(
            "Validate each input against this JSON Schema (draft 2020-12), streamed.", valueName: "schema-file"))
    var schema: String?

    @Option(
        help: ArgumentHelp(
            "With --schema: another schema document that $ref may name (by its $id, or its path), or by the URI before '=' in URI=FILE; repeatable.",
            valueName: "[uri=]schema-file"))
    var schemaRef: [String] = []

    @Option(help: ArgumentHelp("With --schema: stop each input after N errors.", valueName: "n"))
    var maxErrors: Int?

    @Option(help: "With --schema: 'text' diagnostics on stderr, or JSON Schema's 'basic' output on stdout.")
    var output: Output = .text

    @Flag(
        help: """
            With --schema: 'format' asserts date-time, date, time, email, hostname, ipv4, ipv6, uri, \
            uri-reference, uuid, json-pointer and regex (by default it is only an annotation).
            """)
    var assertFormat = false

    func validate() throws {
        if let maxErrors, maxErrors < 1 { throw ValidationError("--max-errors must be at least 1, not \(maxErrors).") }
        if schema == nil && (maxErrors != nil || output != .text || assertFormat || !schemaRef.isEmpty) {
            throw ValidationError(
                "--schema-ref, --max-errors, --output and --assert-format apply to --schema: add --schema FILE.")
        }
    }

    /// The compiled schema, or nil without `--schema`.
    ///
    /// A schema that cannot be read or compiled is reported on stderr and ends `sift` with
    /// status 2.
    func load() throws -> JSONSchema? {
        guard let schemaPath = schema else { return nil }
        var path = schemaPath
        do {
            var remotes: [String: JSONValue] = [:]
            for reference in schemaRef {
                let (retrievalURI, file) = Self.split(reference)
                path = file
                let value = try Self.read(file)
                remotes[Self.uri(of: file)] = value
                if let retrievalURI { remotes[retrievalURI] = value }
                if case .string(let id)? = value["$id"] { remotes[id] = value }
            }
            path = schemaPath
            return try JSONSchema(
                try Self.read(schemaPath), remotes: remotes, baseURI: Self.uri(of: schemaPath),
                assertsFormat: assertFormat)
        } catch let error as JSONParseError {
            StandardError.write(Diagnostics.diagnostic(error, file: path, offersLines: false) + "\n")
        } catch let error as JSONSchemaError {
            StandardError.write("\(path): error: invalid schema: \(error)\n")
        } catch {
            StandardError.write("\(path): error: cannot read the schema: \(error.localizedDescription)\n")
        }
        throw ExitCode(2)
    }

    /// A `--schema-ref` argument: `URI=FILE` names the document at FILE by URI too (its retrieval
    /// URI, as a `$ref` written elsewhere names it); anything else is a file.
    ///
    /// ```swift
    /// SchemaOptions.split("https://example.com/a.json=defs/a.json")  // ("https://example.com/a.json", "defs/a.json")
    /// SchemaOptions.split("defs/a.json")                              // (nil, "defs/a.json")
    /// ```
    static func split(_ reference: String) -> (uri: String?, file: String) {
        guard let equals = reference.firstIndex(of: "="),
            let colon = reference[..<equals].firstIndex(of: ":"),
            reference[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) }),
            reference.first?.isLetter == true, reference.index(after: equals) < reference.endIndex
        else { return (nil, reference) }
        return (String(reference[..<equals]), String(reference[reference.index(after: equals)...]))
    }

    private static func read(_ path: String) throws -> JSONValue {
        try JSONValue(parsing: try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// The `file:` URI a schema file is known by (relative references resolve against it).
    private static func uri(of path: String) -> String {
        URL(fileURLWithPath: path).standardizedFileURL.absoluteString
    }
}

extension ValidateCommand {
    /// Validates every input (one document each) against `schema` as it streams; exits 1 when
    /// any input is not JSON or does not meet the schema.
    func validate(against schema: JSONSchema, options: JSONParserOptions) async throws {
        let output = StandardOutput()
        let format = schemaOptions.output
        var failed = false
        for source in InputSource.sources(files) {
            let tokenizer = JSONTokenizer(
                options: options,
                handler: JSONSchemaValidator(
                    schema: schema, maxErrors: schemaOptions.maxErrors, validatesUTF8: options.validatesUTF8))
            var parseError: (any Error)?
            do {
                let chunks = try source.open(progress: input.progress, connectTimeout: input.connectTimeout)
                defer { chunks.close() }
                try await tokenizer.parse(chunks)
            } catch {
                parseError = error
            }
            let report = tokenizer.handler.report
            if !report.isValid || parseError != nil { failed = true }
            switch format {
            case .text:
                for error in report.errors { StandardError.write(Self.line(for: error, in: source) + "\n") }
            case .basic:
                if parseError == nil { try output.writeLine(report.basicOutput) }
            }
            if report.isTruncated, let maxErrors = schemaOptions.maxErrors, format == .text {
                StandardError.write("\(source.name): note: stopped after \(maxErrors) errors (--max-errors)\n")
            }
            if let parseError { try Diagnostics.report(parseError, in: source, flushing: output, offersLines: true) }
        }
        try output.flush()
        if failed { throw ExitCode.failure }
    }

    /// `FILE:LINE:COLUMN: error: PATH: MESSAGE [SCHEMA LOCATION]`.
    static func line(for error: SchemaValidationError, in source: InputSource) -> String {
        "\(source.name):\(error.location.line):\(error.location.column): error: \(text(of: error))"
    }

    /// `PATH: MESSAGE [SCHEMA LOCATION]`, the path shortened past 16 steps, as in every
    /// diagnostic (`JSONNodePath.abbreviatedDescription`).
    static func text(of error: SchemaValidationError) -> String {
        "\(error.instancePath.abbreviatedDescription): \(error.message) [\(error.schemaLocation)]"
    }
}
