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
        let utf8 = description.utf8
        guard let colon = utf8.firstIndex(of: UInt8(ascii: ":")), colon != utf8.startIndex else { return nil }
        let nameStart = utf8.index(after: colon)
        guard nameStart != utf8.endIndex, !utf8[nameStart...].contains(UInt8(ascii: ":")) else { return nil }
        self.namespace = String(description[..<colon])
        self.name = String(description[nameStart...])
    }

    /// The identifier as `namespace:name`.
    ///
    /// ```swift
    /// HubIdentifier(namespace: "share", name: "link").description // "share:link"
    /// ```
    public var description: String { namespace + ":" + name }
}
