/// A Swift code block of README.md, with the output the README shows for it.
///
/// ```swift
/// let blocks = ReadmeBlock.blocks(in: "```swift\nprint(1)  // 1\n```\n")
/// ```
struct ReadmeBlock: Equatable {
    /// The 1-based line of the block's opening fence.
    var line: Int
    /// The code, each line ending in a newline, as in the example's `main.swift`.
    var code: String
    /// What the README says the code prints, when it says it.
    var shownOutput: String?

    /// The Swift blocks of a Markdown text, in order.
    ///
    /// The output shown for a block is the plain block that follows it after a paragraph saying
    /// `prints`; otherwise, when every `print` of the block ends in a comment (`print(x)  // 1`), the
    /// comments, one line each.
    static func blocks(in markdown: String) -> [ReadmeBlock] {
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var blocks: [ReadmeBlock] = []
        var index = 0
        while index < lines.count {
            guard lines[index] == "```swift", let end = lines[(index + 1)...].firstIndex(of: "```") else {
                index += 1
                continue
            }
            let body = Array(lines[(index + 1)..<end])
            let code = body.map { $0 + "\n" }.joined()
            let shown = printsBlock(after: end, in: lines) ?? printComments(body)
            blocks.append(ReadmeBlock(line: index + 1, code: code, shownOutput: shown))
            index = end + 1
        }
        return blocks
    }

    /// The plain block after `prints` that follows the fence at `end`.
    static func printsBlock(after end: Int, in lines: [String]) -> String? {
        var index = end + 1
        while index < lines.count, lines[index].isEmpty { index += 1 }
        guard index + 2 < lines.count, lines[index] == "prints", lines[index + 1].isEmpty,
            lines[index + 2] == "```", let close = lines[(index + 3)...].firstIndex(of: "```")
        else { return nil }
        return lines[(index + 3)..<close].map { $0 + "\n" }.joined()
    }

    /// The comments after the `print` calls, when every one of them has one.
    static func printComments(_ body: [String]) -> String? {
        let prints = body.filter { $0.hasPrefix("print(") }
        var output = ""
        for line in prints {
            guard let comment = line.range(of: ")  // ") else { return nil }
            output += line[comment.upperBound...] + "\n"
        }
        return prints.isEmpty ? nil : output
    }
}
