/// A namespaced identifier, written `namespace:name` in JSON: the identifiers of a target's
/// actions.
///
/// ```swift
/// let action = HubIdentifier("player:play")
/// action?.namespace  // "player"
/// action?.name       // "play"
/// HubIdentifier("play")        // nil: no namespace
/// HubIdentifier("a:b:c")       // nil: exactly two parts are needed
/// ```
public struct HubIdentifier: Hashable, Sendable, LosslessStringConvertible {
    /// The namespace, the part before the colon.
    ///
    /// ```swift
    /// HubIdentifier(namespace: "player", name: "play").namespace // "player"
    /// ```
    public var namespace: String

    /// The name, the part after the colon.
    ///
    /// ```swift
    /// HubIdentifier(namespace: "player", name: "play").name // "play"
    /// ```
    public var name: String

    /// Creates an identifier from its two parts.
    ///
    /// ```swift
    /// let action = HubIdentifier(namespace: "share", name: "link")
    /// ```
    public init(namespace: String, name: String) {
        self.namespace = namespace
        self.name = name
    }

    /// Parses `namespace:name`: exactly two non-empty parts separated by one colon; anything else
    /// gives nil.
    ///
    /// ```swift
    /// HubIdentifier("share:link")?.name // "link"
    /// HubIdentifier(":link")            // nil
    /// ```
    public init?(_ description: String) {
        // Scanned as contiguous bytes: a colon is ASCII, so both parts are valid UTF-8 and
        // become strings without `Substring`s (the Hub feed parses one identifier per group).
        var text = description
        let parts = text.withUTF8 { bytes -> (namespace: String, name: String)? in
            let colon = UInt8(ascii: ":")
            guard let split = bytes.firstIndex(of: colon), split > 0, split + 1 < bytes.count,
                !bytes[(split + 1)...].contains(colon)
            else { return nil }
            return (
                String(decoding: UnsafeBufferPointer(rebasing: bytes[..<split]), as: UTF8.self),
                String(decoding: UnsafeBufferPointer(rebasing: bytes[(split + 1)...]), as: UTF8.self)
            )
        }
        guard let parts else { return nil }
        self.namespace = parts.namespace
        self.name = parts.name
    }

    /// The identifier as `namespace:name`.
    ///
    /// ```swift
    /// HubIdentifier(namespace: "share", name: "link").description // "share:link"
    /// ```
    public var description: String { namespace + ":" + name }
}
