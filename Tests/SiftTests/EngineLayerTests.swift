import Foundation
import Testing

/// The folders of `Sources/Sift` form layers: each names types of the folders below it only.
///
/// ```
/// Actions     typed destinations, JSONQuery, match sequences, decode-at-path
///   ├─▶ Paths     JSONPath, the automaton, the matcher
///   ├─▶ Codable   the decoders and the encoder (no path knowledge)
///   ├─▶ Encoding  the writer
///   ├─▶ Input     inputs and chunk readers
///   └─▶ Values    JSONValue, JSONTape and their builders
///         └─▶ Parsing   the tokenizer (names no type of any other folder)
/// ```
///
/// Read from the sources, as a word-level heuristic: a type declared in exactly one folder
/// belongs to it, and a folder names it when the name appears as a word outside comments.
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
                let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
                    String(line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line)
                }
                let code = lines.joined(separator: "\n")
                result[folder, default: []].append((file, code))
            }
        }
        return result
    }

    @Test func everyFolderHasAPlace() throws {
        let folders = Set(try Self.sources().keys)
        #expect(folders == Set(Self.allowed.keys))
    }

    @Test func foldersNameOnlyTypesOfTheFoldersBelow() throws {
        let sources = try Self.sources()
        var owners: [String: Set<String>] = [:]
        let declaration = #/\b(?:struct|class|enum|protocol|typealias|actor)\s+([A-Z]\w*)/#
        for (folder, files) in sources {
            for file in files {
                for match in file.text.matches(of: declaration) { owners[String(match.1), default: []].insert(folder) }
            }
        }
        let owner = owners.compactMapValues { $0.count == 1 ? $0.first : nil }
        var violations: [String] = []
        for (folder, files) in sources.sorted(by: { $0.key < $1.key }) {
            let allowed = Self.allowed[folder] ?? []
            for file in files {
                let names = Set(file.text.matches(of: #/\b[A-Z]\w*\b/#).map { String($0.output) })
                for name in names.sorted() {
                    guard let other = owner[name], other != folder, !allowed.contains(other) else { continue }
                    violations.append("\(folder)/\(file.file) names \(name), a type of \(other)/")
                }
            }
        }
        #expect(violations.isEmpty, "\(violations.joined(separator: "\n"))")
    }
}
