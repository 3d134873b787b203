import Sift
import Synchronization

/// The official draft 2020-12 meta-schemas (`https://json-schema.org/draft/2020-12/schema` and
/// the vocabulary meta-schemas under `meta/` that it combines), known to every schema without
/// being fetched.
///
/// A `$ref` or `$dynamicRef` that names one of them, when the schema's `remotes` do not hold a
/// document under that URI, adds it to the registry; `$schema` reads its `$vocabulary`. Their
/// text is compiled into the library (`MetaSchemas+Texts.swift`, written by `generate.sh` from
/// the JSON files beside it); each is parsed the first time it is asked for, so a schema that
/// names none of them costs nothing more.
enum MetaSchemas {
    /// The documents parsed so far, by URI.
    private static let parsed = Mutex<[String: JSONValue]>([:])

    /// The meta-schema whose URI is `uri` (without a fragment); nil when there is none.
    ///
    /// ```swift
    /// MetaSchemas.document("https://json-schema.org/draft/2020-12/meta/core")?["$id"]
    /// ```
    static func document(_ uri: String) -> JSONValue? {
        guard let text = texts[uri] else { return nil }
        if let document = parsed.withLock({ $0[uri] }) { return document }
        guard let document = try? JSONValue(parsing: text) else { return nil }
        parsed.withLock { $0[uri] = document }
        return document
    }
}
