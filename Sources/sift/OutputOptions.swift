import ArgumentParser

/// How a subcommand prints its values: the layout (``LayoutOptions``) and, for `sift query`,
/// whether strings are written raw.
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

    @OptionGroup var layout: LayoutOptions

    /// The format these flags describe.
    var format: OutputFormat {
        OutputFormat(layout: layout.layout, rawStrings: rawOutput)
    }
}

/// `-c`/`--compact` (the default) or `--pretty`: the layout of the JSON a subcommand prints.
///
/// ```swift
/// // sift hub --pretty page.json
/// ```
struct LayoutOptions: ParsableArguments {
    /// The flag given last, if any (optional, so that help shows no default beside both).
    @Flag(exclusivity: .chooseLast)
    var chosenLayout: OutputFormat.Layout?

    /// The layout: compact unless `--pretty` came last.
    var layout: OutputFormat.Layout { chosenLayout ?? .compact }

    /// The format these flags describe (JSON throughout: `sift hub` writes no bare strings).
    var format: OutputFormat {
        OutputFormat(layout: layout, rawStrings: false)
    }
}
