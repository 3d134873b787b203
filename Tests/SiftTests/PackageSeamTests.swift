import Foundation
import Testing

/// The libraries and the tool build on `Sift`'s public API alone (the model builders' seam,
/// `MatchProgram` and `MatchConsumer`): no module outside `Sources/Sift` names a `package`
/// declaration of the engine, so anyone outside this repository could write what they do.
///
/// Read from the sources, as a word-level heuristic (as ``EngineLayerTests``): a name declared
/// `package` in `Sources/Sift` and declared nowhere else (with another access level in Sift, or
/// at all in the module that uses it) counts when it appears as a word in that module's code,
/// outside comments and string literals. Tests, benchmarks and fuzzing may use the engine's
/// `package` declarations (diagnostics, switches); they are not listed. An initializer has no
/// name of its own: a `package init` is not seen (the engine has none that another module calls).
@Suite struct PackageSeamTests {
    /// The modules built on the engine, as folders of `Sources`.
    static let consumers = ["SiftHub", "SiftMapping", "SiftHTTP", "SiftSchema", "sift"]

    static let sources = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Sources")

    /// The Swift files under `folder`, as (path relative to `Sources`, code without comments).
    static func files(under folder: String) throws -> [(file: String, code: String)] {
        let root = sources.appendingPathComponent(folder)
        guard let walker = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [(file: String, code: String)] = []
        for case let path as String in walker where path.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
            files.append(("\(folder)/\(path)", EngineLayerTests.code(of: withoutMultilineStrings(text))))
        }
        return files.sorted { $0.file < $1.file }
    }

    /// `text` with the contents of its multi-line string literals left out (a command's help
    /// text is not code); what they interpolate is left out too.
    static func withoutMultilineStrings(_ text: String) -> String {
        text.replacing(#/"""[\s\S]*?"""/#, with: "\"\"")
    }

    @Test func noModuleNamesAPackageDeclarationOfTheEngine() throws {
        let uses = try Self.packageUses(
            engine: Self.files(under: "Sift"),
            consumers: Self.consumers.map { try Self.files(under: $0) })
        #expect(uses == [], "\(uses.joined(separator: "\n"))")
    }

    /// The check sees a `package` type, member and function used outside the engine (beside an
    /// overload that is not `package`), and not a name the engine also declares otherwise.
    @Test func aPlantedUseIsSeen() {
        let engine = [
            (
                file: "Sift/Paths/Planted.swift",
                code: """
                package final class PlantedAutomaton {}
                public struct Open { package var secretCount = 0; public var tag = 0 }
                extension Open { package var tag: Int { 0 } }
                extension Open { package func skip() {}; func skip(into sink: Int) {} }
                """
            )
        ]
        let consumer = [
            (
                file: "SiftHub/Uses.swift",
                code: "let automaton = PlantedAutomaton()\nlet n = open.secretCount + open.tag\nopen.skip()"
            )
        ]
        #expect(
            Self.packageUses(engine: engine, consumers: [consumer]) == [
                "SiftHub/Uses.swift names PlantedAutomaton", "SiftHub/Uses.swift names secretCount",
                "SiftHub/Uses.swift names skip()",
            ])
    }

    /// Each use, as `module/file names name`, sorted.
    ///
    /// A function is known by its name and first argument label (`skipContents()` is not
    /// `skipContents(into:)`), so that an overload with another access level hides nothing.
    static func packageUses(
        engine: [(file: String, code: String)], consumers: [[(file: String, code: String)]]
    ) -> [String] {
        var packageNames: Set<String> = []
        var otherNames: Set<String> = []
        for file in engine {
            for line in file.code.split(separator: "\n") {
                for (name, range) in declarations(in: line) {
                    // The declaration's own modifiers: after the last `{`, `}` or `;` before it.
                    let before = line[..<range.lowerBound]
                    let prefix = before.split(whereSeparator: { "{};".contains($0) }).last ?? ""
                    if prefix.contains(#/\bpackage\s/#) {
                        packageNames.insert(name)
                    } else {
                        otherNames.insert(name)
                    }
                }
            }
        }
        let word = #/\b[A-Za-z_]\w*\b/#.wordBoundaryKind(.simple)
        let call = #/\b([A-Za-z_]\w*)\s*\(\s*(?:([A-Za-z_]\w*)\s*:(?!:))?/#.wordBoundaryKind(.simple)
        var uses: [String] = []
        for module in consumers {
            let declaredHere = Set(module.flatMap { declarations(in: $0.code[...]).map(\.name) })
            let watched = packageNames.subtracting(otherNames).subtracting(declaredHere)
            for file in module {
                var names = Set(file.code.matches(of: word).map { String($0.output) })
                for match in file.code.matches(of: call) { names.insert(key(match.1, label: match.2)) }
                for name in names.intersection(watched).sorted() { uses.append("\(file.file) names \(name)") }
            }
        }
        return uses.sorted()
    }

    /// The names `text` declares, functions as `name(label:)` or `name()`, with where each is.
    static func declarations(in text: Substring) -> [(name: String, range: Range<Substring.Index>)] {
        let function = #/\bfunc\s+([A-Za-z_]\w*)\s*(?:<[^>(]*>)?\s*\(\s*([A-Za-z_]\w*)?/#.wordBoundaryKind(.simple)
        let other = #/\b(?:var|let|class|struct|enum|protocol|typealias|actor|case)\s+([A-Za-z_]\w*)/#
            .wordBoundaryKind(.simple)
        return text.matches(of: function).map { (key($0.1, label: $0.2.flatMap { $0 == "_" ? nil : $0 }), $0.range) }
            + text.matches(of: other).map { (String($0.1), $0.range) }
    }

    /// A function's key: its name and first argument label.
    static func key(_ name: Substring, label: Substring?) -> String {
        "\(name)(\(label.map { "\($0):" } ?? ""))"
    }
}
