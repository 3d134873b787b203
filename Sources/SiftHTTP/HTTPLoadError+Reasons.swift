import NIOCore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension HTTPLoadError {
    /// A failure of the transport in a person's words: the operating system's text for a
    /// socket error (`Connection refused`), the host that could not be resolved, what failed in
    /// TLS with OpenSSL's reason (`TLS handshake failed: wrong version number`), and never a
    /// source path of the libraries underneath.
    ///
    /// ```swift
    /// HTTPLoadError.reason(for: IOError(errnoCode: ECONNREFUSED, reason: "connect")) // "Connection refused"
    /// ```
    static func reason(for error: any Error) -> String {
        reason(for: error, depth: 0)
    }

    private static func reason(for error: any Error, depth: Int) -> String {
        if let error = error as? IOError {
            return String(cString: strerror(error.errnoCode))
        }
        if let error = error as? SocketAddressError.UnknownHost {
            return "cannot resolve host \(error.host): \(error.errorDescription)"
        }
        let text = String(describing: error)
        switch String(reflecting: type(of: error)) {
        case "NIOPosix.NIOConnectionError" where depth < 4:
            // One failure per address tried: the first one says why.
            // (An optional property reflects as a present Optional: each is cast on its own.)
            let mirror = Mirror(reflecting: error)
            let causes = [
                mirror.descendant("dnsAError"), mirror.descendant("dnsAAAAError"),
                mirror.descendant("connectionErrors", 0, "error"),
            ]
            if let cause = causes.lazy.compactMap({ $0 as? any Error }).first {
                return reason(for: cause, depth: depth + 1)
            }
        case let name where name.hasPrefix("NIOSSL."):
            return tlsReason(text)
        default:
            break
        }
        return withoutSourcePaths(text)
    }

    /// `TLS handshake failed: wrong version number` from NIOSSL's
    /// `handshakeFailed(…[Error: 268435703 error:100000f7:SSL routines:OPENSSL_internal:WRONG_VERSION_NUMBER at /…])`.
    private static func tlsReason(_ text: String) -> String {
        // The case name, in words: handshakeFailed → handshake failed.
        var failure = ""
        for character in text.prefix(while: \.isLetter) {
            if character.isUppercase { failure += " " }
            failure += character.lowercased()
        }
        let reasons = text.matches(of: #/error:[0-9A-Fa-f]+:[^:]*:[^:]*:([A-Z0-9_]+)/#).map { match in
            match.output.1.lowercased().replacing("_", with: " ")
        }
        return "TLS " + failure + (reasons.isEmpty ? "" : ": " + reasons.joined(separator: ", "))
    }

    /// `text` without the ` at /path/file.c:123` that some libraries add to their errors.
    private static func withoutSourcePaths(_ text: String) -> String {
        text.replacing(#/ at /[^\s\]\)]+:\d+/#, with: "")
    }
}
