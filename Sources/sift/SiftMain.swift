import ArgumentParser
import Sift

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The entry point: parses the arguments, runs the subcommand and maps failures to the exit
/// statuses of the contract (argument-parser uses 64 for usage errors; `sift` uses 2).
///
/// ```swift
/// // sift quer x   → stderr: "Error: Unexpected argument 'quer'" + usage, exit status 2
/// ```
@main
enum SiftMain {
    /// The exit status of a usage error.
    static let usageErrorStatus: Int32 = 2

    /// The exit status of `sift query --lines --on-invalid skip` when lines were set aside.
    static let linesSetAsideStatus: Int32 = 3

    /// The exit status of `sift query -e` when nothing matched.
    static let nothingMatchedStatus: Int32 = 4

    static func main() async {
        do {
            var command = try SiftCommand.parseAsRoot()
            if var asyncCommand = command as? any AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            fail(with: error)
        }
    }

    /// Prints the message argument-parser has for `error` and exits with the contract's status.
    static func fail(with error: any Error) -> Never {
        if SiftCommand.exitCode(for: error) == .success {
            let message = SiftCommand.fullMessage(for: error)
            if message.contains("\nSUBCOMMANDS:") {
                print(message + "\n\n" + SiftCommand.examples)
                exit(ExitCode.success.rawValue)
            }
        }
        if let error = error as? PathArgumentError {
            StandardError.write("Error: \(error)\n")
            exit(usageErrorStatus)
        }
        if let error = error as? JSONWriterError {
            StandardError.write("sift: error: \(error)\n")
            exit(ExitCode.failure.rawValue)
        }
        if SiftCommand.exitCode(for: error) == .validationFailure {
            StandardError.write(SiftCommand.fullMessage(for: error) + "\n")
            exit(usageErrorStatus)
        }
        SiftCommand.exit(withError: error)
    }
}
