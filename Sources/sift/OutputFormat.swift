import ArgumentParser

/// How values reach stdout: compact JSON, one value per line (the default); pretty JSON, each
/// value over as many lines as it needs, indented by two spaces, ending with a newline, the next
/// value starting on the following line (no blank line between, as jq writes them); and, with
/// `rawStrings`, a string as its raw UTF-8 text and a newline.
///
/// ```swift
/// let output = StandardOutput(format: OutputFormat(layout: .pretty, rawStrings: true))
/// ```
struct OutputFormat {
    /// Compact or pretty JSON; the flag that comes last wins.
    enum Layout: EnumerableFlag {
        /// `-c`, `--compact`: one compact JSON value per line.
        case compact
        /// `--pretty`: indented JSON over several lines.
        case pretty

        static func name(for value: Layout) -> NameSpecification {
            switch value {
            case .compact: [.customShort("c"), .long]
            case .pretty: .long
            }
        }

        static func help(for value: Layout) -> ArgumentHelp? {
            switch value {
            case .compact: "Write each value as compact JSON on one line (the default)."
            case .pretty:
                "Pretty-print each value, indented by two spaces; a value spans several lines and the next starts on the line after it."
            }
        }
    }

    /// The layout of the JSON.
    var layout: Layout
    /// Whether a string is written as raw text rather than as JSON.
    var rawStrings: Bool

    /// Compact JSON, strings quoted: the output of `sift` without output flags.
    static let compact = OutputFormat(layout: .compact, rawStrings: false)
}
