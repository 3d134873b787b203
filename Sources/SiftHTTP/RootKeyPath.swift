import NIOCore
import Sift

/// A mapper's root key path, read one way by every mapper.
///
/// Dotted, read by Sift's `JSONKeyPath` as SiftMapping reads its key paths (`"data.authors"`:
/// the member `authors` of the member `data`), a literal key containing dots winning over that
/// nested reading (`{"data.authors": [...]}`); or an RFC 9535 path of member names
/// (`"$.data.authors"`, `"$['data.authors']"` for the literal key). Nil, `""` and `"$"` name the
/// document itself. A path that starts with `$` but is not valid RFC 9535 (`"$ref"`) is a dotted
/// path.
struct RootKeyPath {
    /// The readings, the one that wins first: a dotted path's literal key, then its member names.
    let readings: [[String]]
    /// The path as written, `$` for the document.
    let text: String
    /// Why the path cannot be a root key path: an RFC 9535 path that does not only name members.
    let problem: String?

    init(_ keyPath: String?) {
        guard let keyPath, !keyPath.isEmpty else {
            (readings, text, problem) = ([[]], "$", nil)
            return
        }
        text = keyPath
        if keyPath.hasPrefix("$"), let path = try? JSONPath(keyPath) {
            if let members = JSONKeyPath(path) {
                (readings, problem) = (members.readings, nil)
            } else {
                readings = [[]]
                problem =
                    "root key path `\(keyPath)` must name object members, such as `$.data.authors` or `$['a.b']`"
            }
            return
        }
        readings = JSONKeyPath(keyPath).readings
        problem = nil
    }

    /// The same path as SiftMapping reads key paths (dotted, a literal key winning): a dotted
    /// path as written, an RFC 9535 path's names joined with dots.
    var mappingKeyPath: String {
        guard problem == nil, text != "$" else { return problem == nil ? "" : text }
        return readings.count == 2 ? text : readings[0].joined(separator: ".")
    }

    /// `body`, or, when the path cannot be a root key path, a body that throws why at once (for
    /// mappers that hand the path to SiftMapping, which reads only dotted key paths).
    func checking(_ body: HTTPBodyChunks) -> HTTPBodyChunks {
        guard let problem else { return body }
        let error = DataMapperError(message: problem, path: .root)
        return HTTPBodyChunks(AsyncThrowingStream<ByteBuffer, any Error> { $0.finish(throwing: error) })
    }
}
