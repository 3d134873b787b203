import Foundation
import Testing

/// The folders of `Sources/Sift` form layers: each names types of the folders below it only.
///
/// ```
/// Parallel    newline-delimited input, or one document's array, in blocks on several threads, shards of a file
///   └─▶ Actions (and Codable: the decoder of the parallel Codable forms)
/// Actions     typed destinations, JSONQuery, match sequences, decode-at-path, key paths
///   ├─▶ Paths     JSONPath, the automaton, the matcher
///   ├─▶ Codable   the decoders and the encoder (no path knowledge)
///   ├─▶ Encoding  the writer
///   ├─▶ Input     inputs and chunk readers
///   └─▶ Values    JSONValue, JSONTape and their builders
///         └─▶ Parsing   the tokenizer (names no type of any other folder)
/// ```
///
/// Read from the sources, as a word-level heuristic: a type declared in exactly one folder
/// belongs to it, and a folder names it when the name appears as a word outside comments and
/// outside the text of string literals (what a literal interpolates is code).
@Suite struct EngineLayerTests {
    /// What each folder may name besides itself.
    static let allowed: [String: Set<String>] = [
        "Parsing": [],
        "Input": ["Parsing"],
        "Values": ["Parsing"],
        "Encoding": ["Parsing", "Values"],
        "Codable": ["Parsing", "Values"],
        "Paths": ["Parsing", "Values"],
        "Actions": ["Parsing", "Input", "Values", "Encoding", "Codable", "Paths"],
        "Parallel": ["Parsing", "Input", "Values", "Paths", "Actions", "Codable"],
    ]

    static let engine = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources/Sift")

    /// The Swift files of each folder: folder → (file name, text without comments).
    static func sources() throws -> [String: [(file: String, text: String)]] {
        let manager = FileManager.default
        var result: [String: [(file: String, text: String)]] = [:]
        for folder in try manager.contentsOfDirectory(atPath: engine.path) where !folder.hasSuffix(".docc") {
            let directory = engine.appendingPathComponent(folder)
            var isDirectory: ObjCBool = false
            guard manager.fileExists(atPath: directory.path, isDirectory: &isDirectory), isDirectory.boolValue
            else { continue }
            for file in try manager.contentsOfDirectory(atPath: directory.path).sorted() where file.hasSuffix(".swift")
            {
                let text = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
                result[folder, default: []].append((file, code(of: text)))
            }
        }
        return result
    }

    /// `text` without comments and without the text of string literals.
    ///
    /// Names in string literals (an error message that points to an API) are text, not
    /// references: each line's literals are emptied before its comment is cut. What a literal
    /// interpolates is code, so `"\(Type.member)"` keeps `Type.member` (after the emptied
    /// literal).
    static func code(of text: String) -> String {
        let literal = #/"(?:[^"\\]|\\.)*"/#
        let interpolation = #/\\\((.*?)\)/#
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let code = line.replacing(literal) { match in
                "\"\"" + match.output.matches(of: interpolation).map { " " + $0.output.1 }.joined()
            }
            return String(code.firstRange(of: "//").map { code[..<$0.lowerBound] } ?? code[...])
        }
        return lines.joined(separator: "\n")
    }

    @Test func everyFolderHasAPlace() throws {
        let folders = Set(try Self.sources().keys)
        #expect(folders == Set(Self.allowed.keys))
    }

    @Test func foldersNameOnlyTypesOfTheFoldersBelow() throws {
        let violations = Self.violations(in: try Self.sources())
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }

    /// The check sees a type named as the base of a member reference (`TypedJSONPath.values`),
    /// which a Unicode word boundary (`\b` by default) reads as one word with its member.
    @Test func aPlantedMemberReferenceIsSeen() {
        let planted: [String: [(file: String, text: String)]] = [
            "Actions": [("TypedJSONPath.swift", "public struct TypedJSONPath { static func values() {} }")],
            "Parsing": [("Planted.swift", "let found = TypedJSONPath.values()\nlet again = (TypedJSONPath.self)")],
        ]
        #expect(Self.violations(in: planted) == ["Parsing/Planted.swift names TypedJSONPath, a type of Actions/"])
    }

    /// A string literal's text is not a reference, but what it interpolates is; a comment is
    /// neither.
    @Test func aMemberReferenceInAnInterpolationIsSeen() {
        let source = """
            let text = "TypedJSONPath.values is text" // TypedJSONPath.values in a comment
            let message = "found \\(TypedJSONPath.values(in: value)) here" // "\\(JSONQuery.run)"
            """
        #expect(
            Self.code(of: source) == """
                let text = ""\u{20}
                let message = "" TypedJSONPath.values(in: value\u{20}
                """)
        let planted: [String: [(file: String, text: String)]] = [
            "Actions": [("TypedJSONPath.swift", "public struct TypedJSONPath { static func values() {} }")],
            "Parsing": [("Planted.swift", Self.code(of: source))],
        ]
        #expect(Self.violations(in: planted) == ["Parsing/Planted.swift names TypedJSONPath, a type of Actions/"])
    }

    /// The names of other folders' types that a folder may not name.
    ///
    /// Each as `folder/file names Type, a type of Other/`. Words are split at ASCII word
    /// boundaries, so `.` ends one.
    static func violations(in sources: [String: [(file: String, text: String)]]) -> [String] {
        var owners: [String: Set<String>] = [:]
        let declaration = #/\b(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z]\w*)/#.wordBoundaryKind(.simple)
        for (folder, files) in sources {
            for file in files {
                for match in file.text.matches(of: declaration) { owners[String(match.1), default: []].insert(folder) }
            }
        }
        let owner = owners.compactMapValues { $0.count == 1 ? $0.first : nil }
        let word = #/\b[A-Z]\w*\b/#.wordBoundaryKind(.simple)
        var violations: [String] = []
        for (folder, files) in sources.sorted(by: { $0.key < $1.key }) {
            let allowed = Self.allowed[folder] ?? []
            for file in files {
                let names = Set(file.text.matches(of: word).map { String($0.output) })
                for name in names.sorted() {
                    guard let other = owner[name], other != folder, !allowed.contains(other) else { continue }
                    violations.append("\(folder)/\(file.file) names \(name), a type of \(other)/")
                }
            }
        }
        return violations
    }
}
