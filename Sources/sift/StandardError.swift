#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Diagnostics and progress: everything `sift` says that is not data goes to stderr, unbuffered.
///
/// ```swift
/// StandardError.write("feed.json:1:4: error: invalid JSON: ...\n")
/// ```
enum StandardError {
    /// Writes `text` to stderr at once (a failure to write a diagnostic is ignored).
    static func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            var offset = 0
            while offset < bytes.count {
                // The buffer is non-empty here, so it has a base address.
                // swift-format-ignore: NeverForceUnwrap
                let written = writeBytes(STDERR_FILENO, bytes.baseAddress! + offset, bytes.count - offset)
                if written < 0, errno == EINTR { continue }
                guard written > 0 else { return }
                offset += written
            }
        }
    }

    /// Whether stderr is a terminal (the progress bar shows only there unless forced).
    static var isTerminal: Bool { isatty(STDERR_FILENO) == 1 }
}

/// `write(2)`, named apart from the methods called `write`.
func writeBytes(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
    write(descriptor, bytes, count)
}
