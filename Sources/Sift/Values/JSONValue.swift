/// A JSON value held in memory: what a destination gets when it asks for a whole subtree.
///
/// Numbers keep their exact text (``JSONNumber``); objects keep their members in document order,
/// duplicates included (``JSONObject``). Equality is JSON's: numbers compare by value, objects
/// regardless of member order.
///
/// ```swift
/// let value: JSONValue = ["name": "Ada", "born": 1815, "tags": ["math", "poetry"]]
/// value["tags"]?[1]?.stringValue // "poetry"
/// ```
public enum JSONValue: Sendable, Hashable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// A number, with its exact text.
    case number(JSONNumber)
    /// A string.
    case string(String)
    /// An array.
    case array([JSONValue])
    /// An object, members in document order.
    case object(JSONObject)
}
