import Foundation
import Testing

/// README.md's Swift examples are the package's `Examples/<name>/main.swift` executables, byte for
/// byte, so every `swift build` compiles them; these tests check that README and examples have not
/// drifted apart and run the examples, comparing what they print with what the README shows.
@Suite struct ReadmeExamplesTests {
    /// The package root, from this file's path.
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The examples, by folder name: the contents of their `main.swift` (or, for the README's
    /// package manifest, `Package.swift`).
    static let examples: [String: String] = {
        let directory = packageRoot.appendingPathComponent("Examples")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var result: [String: String] = [:]
        for name in names {
            for file in ["main.swift", "Package.swift"] {
                let url = directory.appendingPathComponent(name).appendingPathComponent(file)
                if let text = try? String(contentsOf: url, encoding: .utf8) { result[name] = text }
            }
        }
        return result
    }()

    /// README.md's Swift blocks, each with the output the README shows after it (a `prints` block).
    static let readme: [ReadmeBlock] = {
        let url = packageRoot.appendingPathComponent("README.md")
        return ReadmeBlock.blocks(in: (try? String(contentsOf: url, encoding: .utf8)) ?? "")
    }()

    /// The example whose `main.swift` is `block`'s code.
    static func example(for block: ReadmeBlock) -> String? {
        examples.first { $0.value == block.code }?.key
    }

    @Test func everyReadmeSwiftBlockIsAnExample() throws {
        try #require(Self.readme.count >= 10, "README.md has \(Self.readme.count) Swift blocks")
        for block in Self.readme {
            #expect(
                Self.example(for: block) != nil,
                """
                README.md line \(block.line): no Examples/*/main.swift is this block byte for byte; \
                copy the block into its example (or add an example to Examples/ and to the list in \
                Package.swift):
                \(block.code)
                """)
        }
    }

    @Test func everyExampleIsAReadmeBlock() {
        let blocks = Set(Self.readme.map(\.code))
        for (name, code) in Self.examples.sorted(by: { $0.key < $1.key }) {
            #expect(blocks.contains(code), "Examples/\(name)/main.swift is no longer a README block")
        }
    }

    /// The examples whose README block shows its output: in a `prints` block after it, or (the
    /// first example) in the comment after each `print`.
    @Test func examplesPrintWhatTheReadmeShows() throws {
        var checked = 0
        for block in Self.readme {
            guard let expected = block.shownOutput, let name = Self.example(for: block) else { continue }
            let directory = try ExampleFiles.directory()
            defer { try? FileManager.default.removeItem(at: directory) }
            let run = try ExampleRun(name, in: directory)
            #expect(run.status == 0, "\(name) exited with \(run.status): \(run.stderr)")
            #expect(run.stdout == expected, "\(name) (README.md line \(block.line))")
            checked += 1
        }
        #expect(checked >= 2, "README.md shows the output of \(checked) examples")
    }

    /// The examples that read files run over small ones and print what those hold; those that
    /// only continue a previous block run to the end.
    @Test(arguments: ExampleFiles.expectedOutput.keys.sorted())
    func exampleRunsOverSmallFiles(name: String) throws {
        let directory = try ExampleFiles.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let run = try ExampleRun(name, in: directory, stdin: ExampleFiles.standardInput[name])
        #expect(run.status == 0, "\(name) exited with \(run.status): \(run.stderr)")
        #expect(run.stdout == ExampleFiles.expectedOutput[name], "\(name)")
    }
}
