import ArgumentParser

/// How `sift query` prints its values: the layout (``LayoutOptions``), raw strings, terminators,
/// record separators and colours.
///
/// ```swift
/// // sift query -r '$.body[*].text.title' feed.json
/// // Hello
/// ```
struct OutputOptions: ParsableArguments {
    @Flag(
        name: [.customShort("r"), .customLong("raw-output")],
        help: "Write strings as their raw UTF-8 text, without quotes or escapes (like jq -r); other values are JSON."
    )
    var rawOutput = false

    @Flag(
        name: .customLong("raw-output0"),
        help: "Like --raw-output, but end each value with NUL instead of a line feed (like jq 1.7; for xargs -0).")
    var rawOutputNul = false

    @Flag(help: "Start each value with an RS character (0x1E), as RFC 7464 JSON text sequences do (like jq --seq).")
    var seq = false

    /// The last of `-C` and `-M`, if any.
    @Flag(exclusivity: .chooseLast)
    var colorChoice: ColorChoice?

    @OptionGroup var layout: LayoutOptions

    /// `-C`/`--color` or `-M`/`--monochrome`.
    enum ColorChoice: EnumerableFlag {
        /// Colour the JSON, wherever stdout goes.
        case color
        /// Never colour it.
        case monochrome

        static func name(for value: ColorChoice) -> NameSpecification {
            switch value {
            case .color: [.customShort("C"), .long, .customLong("color-output")]
            case .monochrome: [.customShort("M"), .long, .customLong("monochrome-output")]
            }
        }

        static func help(for value: ColorChoice) -> ArgumentHelp? {
            switch value {
            case .color:
                "Colour the JSON as jq does (the default when stdout is a terminal and NO_COLOR is not set)."
            case .monochrome: "Do not colour the JSON."
            }
        }
    }

    /// Whether the JSON is coloured: as chosen, else when stdout is a terminal and `NO_COLOR`
    /// is unset or empty (https://no-color.org).
    static func colors(
        choice: ColorChoice?, stdoutIsTerminal: Bool = StandardOutput.isTerminal,
        noColor: String? = Environment.value("NO_COLOR")
    ) -> Bool {
        if let choice { return choice == .color }
        return stdoutIsTerminal && (noColor ?? "").isEmpty
    }

    /// The format these flags describe.
    var format: OutputFormat {
        var format = layout.format
        format.rawStrings = rawOutput || rawOutputNul
        format.nulTerminated = rawOutputNul
        format.recordSeparators = seq
        format.colored = Self.colors(choice: colorChoice)
        return format
    }
}

/// `-c`/`--compact` (the default) or `--pretty`, and the indentation of `--pretty`
/// (`--indent N`, `--tab`): the layout of the JSON a subcommand prints.
///
/// ```swift
/// // sift hub --pretty --indent 4 page.json
/// ```
struct LayoutOptions: ParsableArguments {
    /// The flag given last, if any (optional, so that help shows no default beside both).
    @Flag(exclusivity: .chooseLast)
    var chosenLayout: OutputFormat.Layout?

    @Option(
        name: .customLong("indent"),
        help: ArgumentHelp(
            "Indent --pretty output by N spaces, 1 to 7 (implies --pretty unless -c is given); 0 is compact, as in jq.",
            valueName: "n"))
    var indentWidth: Int?

    @Flag(help: "Indent --pretty output with tabs (implies --pretty unless -c is given).")
    var tab = false

    func validate() throws {
        if let indentWidth, !(0...7).contains(indentWidth) {
            throw ValidationError("--indent takes 0 to 7 spaces, not \(indentWidth).")
        }
        if tab && indentWidth != nil {
            throw ValidationError("--indent and --tab cannot be used together: choose spaces or tabs.")
        }
    }

    /// The layout: compact when `-c` came last or `--indent 0` was given, pretty when `--pretty`
    /// came last or `--indent` or `--tab` was given, else compact.
    var layout: OutputFormat.Layout {
        if indentWidth == 0 { return .compact }
        return chosenLayout ?? (tab || indentWidth != nil ? .pretty : .compact)
    }

    /// The format these flags describe (JSON throughout: `sift hub` writes no bare strings).
    var format: OutputFormat {
        var format = OutputFormat(layout: layout, rawStrings: false)
        if tab {
            format.indent = "\t"
        } else if let indentWidth {
            format.indent = String(repeating: " ", count: indentWidth)
        }
        return format
    }
}
