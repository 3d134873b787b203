import ArgumentParser

/// How values reach stdout: compact JSON, one value per line (the default); pretty JSON, each
/// value over as many lines as it needs, indented by two spaces (or `indent`), ending with a
/// newline, the next value starting on the following line (no blank line between, as jq writes
/// them); and, with `rawStrings`, a string as its raw UTF-8 text.
///
/// Each value ends with a line feed, or a NUL with `nulTerminated` (`--raw-output0`); with
/// `recordSeparators` (`--seq`, RFC 7464) each starts with an ASCII record separator (0x1E); with
/// `colored`, JSON is coloured as jq colours it.
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
    /// One level of indentation of pretty JSON: spaces or a tab.
    var indent = "  "
    /// Whether each value ends with NUL instead of a line feed (`--raw-output0`).
    var nulTerminated = false
    /// Whether each value starts with an RFC 7464 record separator (`--seq`).
    var recordSeparators = false
    /// Whether JSON is written with jq's colours (`-C`, or by default on a terminal).
    var colored = false

    /// Whether values go through a buffer of their own before stdout (a terminator other than
    /// the writer's line feed, a separator before them, or colours added to their text).
    var isDecorated: Bool { nulTerminated || recordSeparators || colored }

    /// Compact JSON, strings quoted: the output of `sift` without output flags.
    static let compact = OutputFormat(layout: .compact, rawStrings: false)
}
