import ArgumentParser
import Sift

/// The options every subcommand shares: how to parse its input and whether to show progress.
///
/// ```swift
/// // sift query --max-depth 64 --allow-comments --no-progress '$.a' file.json
/// ```
struct InputOptions: ParsableArguments {
    // Unconditional, so that a negative number is read as the value (and refused by
    // validate()) rather than as an unknown option.
    @Option(
        name: .customLong("max-depth"), parsing: .unconditional,
        help: "The deepest nesting of arrays and objects accepted.")
    var maximumDepth: Int = 512

    @Flag(name: .customLong("allow-comments"), help: "Skip // and /* */ comments.")
    var allowsComments = false

    @Flag(
        inversion: .prefixedNo,
        help: """
            Show a progress bar on stderr, also for stdin (by default: for inputs over 16 MB when stderr \
            is a terminal and stdout is not; forced while stdout is a terminal, it is erased before each value).
            """
    )
    var progress: Bool?

    @Option(
        name: .customLong("connect-timeout"), parsing: .unconditional,
        help: ArgumentHelp(
            "How long to wait for a URL's host to accept the connection; a refused one fails at once.",
            valueName: "seconds"))
    var connectTimeoutSeconds: Double = 10

    func validate() throws {
        guard maximumDepth >= 1 else {
            throw ValidationError("--max-depth must be at least 1, not \(maximumDepth).")
        }
        guard connectTimeoutSeconds > 0, connectTimeoutSeconds.isFinite else {
            throw ValidationError(
                "--connect-timeout must be a positive number of seconds, not \(connectTimeoutSeconds).")
        }
    }

    /// `--connect-timeout` as a duration.
    var connectTimeout: Duration {
        .nanoseconds(Int64(min(connectTimeoutSeconds, 1e9) * 1e9))
    }

    /// The tokenizer options these flags describe.
    ///
    /// ```swift
    /// let options = inputOptions.parserOptions(multipleValues: lines)
    /// ```
    func parserOptions(multipleValues: Bool = false) -> JSONParserOptions {
        JSONParserOptions(
            maximumDepth: maximumDepth, allowsMultipleValues: multipleValues, allowsComments: allowsComments)
    }
}
