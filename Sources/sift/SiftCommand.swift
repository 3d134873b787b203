import ArgumentParser

/// The `sift` command: streaming JSON queries, validation and Hub view models from the shell.
///
/// ```swift
/// // sift query '$.statuses[*].user.screen_name' twitter.json
/// // sift validate *.json
/// // sift hub --components feed.json
/// ```
struct SiftCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sift",
        abstract: "Stream JSON through RFC 9535 paths, validate it, or read Hub view models.",
        discussion: """
            stdout carries data only, one compact JSON value per line; diagnostics and progress \
            go to stderr. Exit status: 0 success, 1 invalid input or failed validation, 2 usage, \
            4 nothing matched (sift query -e). Quote paths in single quotes, so that the shell \
            leaves '$' alone.
            """,
        version: "0.1.0",
        subcommands: [QueryCommand.self, ValidateCommand.self, HubCommand.self]
    )

    /// The examples `sift --help` ends with (argument-parser has no place for them after the
    /// subcommands, so ``SiftMain`` appends them).
    static let examples = """
        EXAMPLES:
          sift query '$.statuses[*].user.screen_name' twitter.json
          sift query --lines --csv '$' --field id=@.id --field name=@.user.name feed.ndjson
          curl -s https://example.com/feed.json | sift query -e -r '$..title'
        """
}
