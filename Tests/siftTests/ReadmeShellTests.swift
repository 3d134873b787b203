import Foundation
import SiftCorpora
import Testing

/// The README's command-line transcripts, pasted into bash: every `$ ` line of the `sh` blocks
/// from "## Command line" to "## Limits" runs in one bash session, in a fresh directory, with the
/// built `sift` on PATH and `sh` meaning bash (as on systems where /bin/sh is bash), and prints
/// what the README shows under it.
///
/// A `$ cat FILE…` line whose files do not exist yet creates them from the lines shown (one line
/// per file when it names several). `swift build` lines are not run: the built `sift` stands in.
/// The blocks that read a corpus run only when the corpora are there.
@Suite("README command-line transcripts in bash")
struct ReadmeShellTests {
    /// One `$ ` line of a block and the output shown under it.
    struct Step {
        var command: String
        var output: [String]
    }

    /// The `sh` blocks of the command-line sections, as steps.
    static func blocks() throws -> [[Step]] {
        let readme = try String(
            contentsOf: SiftBinary.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        guard let start = readme.range(of: "\n## Command line\n"), let end = readme.range(of: "\n## Limits\n")
        else { return [] }
        var blocks: [[Step]] = []
        var current: [Step]?
        for line in readme[start.upperBound..<end.lowerBound].split(separator: "\n", omittingEmptySubsequences: false) {
            if line == "```sh" {
                current = []
            } else if line == "```", let steps = current {
                blocks.append(steps)
                current = nil
            } else if var steps = current {
                if line.hasPrefix("$ ") {
                    steps.append(Step(command: String(line.dropFirst(2)), output: []))
                } else if !steps.isEmpty {
                    steps[steps.count - 1].output.append(String(line))
                }
                current = steps
            }
        }
        return blocks
    }

    @Test("every command of the command-line section prints what the README shows, in bash")
    func transcripts() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count >= 4)
        for steps in blocks {
            let needsCorpus = steps.contains { $0.command.contains("amazon_cellphones") }
            if needsCorpus && !Corpora.isAvailable { continue }
            try run(steps)
        }
    }

    /// Runs one block in a fresh directory and compares each step's output.
    func run(_ steps: [Step]) throws {
        let directory = try TemporaryDirectory()
        let root = directory.url
        let bin = root.appendingPathComponent("bin")
        let work = root.appendingPathComponent("work")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("sift"), withDestinationURL: SiftBinary.debug)
        try FileManager.default.createSymbolicLink(
            at: bin.appendingPathComponent("sh"), withDestinationURL: URL(fileURLWithPath: "/bin/bash"))
        if Corpora.isAvailable {
            for name in ["amazon_cellphones.ndjson", "twitter.json"] {
                try FileManager.default.createSymbolicLink(
                    at: work.appendingPathComponent(name), withDestinationURL: URL(fileURLWithPath: Corpora.path(name)))
            }
        }
        var script = "export PATH='\(bin.path)':\"$PATH\"\ncd '\(work.path)'\nstatus=0\n"
        var run: [Step] = []
        for step in steps where !step.command.hasPrefix("swift build") {
            let words = step.command.split(separator: " ")
            if words.first == "cat", words.count > 1, !step.command.contains(where: { "*?|<>$".contains($0) }) {
                let names = words.dropFirst().map(String.init)
                let missing = names.filter {
                    !FileManager.default.fileExists(atPath: work.appendingPathComponent($0).path)
                }
                if missing.count == names.count {
                    let perFile = names.count == 1 ? [step.output] : step.output.map { [$0] }
                    for (name, lines) in zip(names, perFile) {
                        try (lines.joined(separator: "\n") + "\n").write(
                            to: work.appendingPathComponent(name), atomically: true, encoding: .utf8)
                    }
                }
            }
            script += "printf '\\036%d\\n' \(run.count)\n(exit $status)\n{ \(step.command)\n} 2>&1\nstatus=$?\n"
            run.append(step)
        }
        try script.write(to: root.appendingPathComponent("transcript.bash"), atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("transcript.bash").path]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let pieces = String(decoding: output, as: UTF8.self).split(
            separator: "\u{1E}", omittingEmptySubsequences: false
        )
        .dropFirst()
        #expect(pieces.count == run.count)
        for (step, piece) in zip(run, pieces) {
            var lines = piece.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().map(String.init)
            if lines.last == "" { lines.removeLast() }
            #expect(lines == step.output, "$ \(step.command)")
        }
    }
}
