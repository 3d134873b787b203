/// How long a request may take, phase by phase.
///
/// Each limit that expires ends the request with an ``HTTPLoadError`` of kind
/// ``HTTPLoadError/Kind/timeout``; the connection is closed.
///
/// ```swift
/// let timeouts = HTTPTimeouts(connect: .seconds(3), response: .seconds(10), idle: .seconds(5), total: .seconds(120))
/// ```
public struct HTTPTimeouts: Hashable, Sendable {
    /// The longest wait for a connection to be established (TCP and TLS) with a host that does
    /// not answer; a refused connection or a host that does not resolve fails at once, without
    /// retrying.
    ///
    /// The default is 10 seconds. It applies to the client's own `HTTPClient` (the default); an
    /// `HTTPClient` given to ``JSONHTTPClient`` keeps its own configuration.
    ///
    /// ```swift
    /// timeouts.connect = .seconds(3)
    /// ```
    public var connect: Duration

    /// The longest wait for the response's status line and headers, connecting included (a
    /// connection attempt is also bounded by ``connect``).
    ///
    /// The default is 30 seconds.
    ///
    /// ```swift
    /// timeouts.response = .seconds(10)
    /// ```
    public var response: Duration

    /// The longest wait for the next piece of the body; nil for no limit.
    ///
    /// Only time spent waiting on the server counts, not time the consumer spends between two elements.
    /// The default is 30 seconds.
    ///
    /// ```swift
    /// timeouts.idle = .seconds(5)
    /// ```
    public var idle: Duration?

    /// The longest the whole exchange may take, the body included; nil (the default) for no
    /// limit, as a streamed body may rightly take long.
    ///
    /// ```swift
    /// timeouts.total = .seconds(300)
    /// ```
    public var total: Duration?

    /// Creates timeouts; every parameter has its default.
    ///
    /// ```swift
    /// HTTPTimeouts(idle: .milliseconds(500))
    /// ```
    public init(
        connect: Duration = .seconds(10), response: Duration = .seconds(30), idle: Duration? = .seconds(30),
        total: Duration? = nil
    ) {
        self.connect = connect
        self.response = response
        self.idle = idle
        self.total = total
    }
}

extension Duration {
    /// The duration in seconds, for messages.
    var secondsText: String {
        let (seconds, attoseconds) = components
        let value = Double(seconds) + Double(attoseconds) / 1e18
        if value == 1 { return "1 second" }
        return value == value.rounded() ? "\(Int64(value)) seconds" : "\(value) seconds"
    }

    /// Whole nanoseconds, saturating.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        let (scaled, overflow) = seconds.multipliedReportingOverflow(by: 1_000_000_000)
        return overflow ? .max : scaled + attoseconds / 1_000_000_000
    }
}
