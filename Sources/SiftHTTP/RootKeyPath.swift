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
    /// The key path with the readings the path names, the one that wins first.
    ///
    /// A dotted path's literal key, then its member names; an RFC 9535 path's member names only.
    /// This is what SiftMapping's `Mapper` is handed, so that it reads the path the same way.
    let keyPath: JSONKeyPath
    /// The path as written, `$` for the document.
    let text: String
    /// Why the path cannot be a root key path: an RFC 9535 path that does not only name members.
    let problem: String?

    init(_ keyPath: String?) {
        guard let keyPath, !keyPath.isEmpty else {
            (self.keyPath, text, problem) = ("", "$", nil)
            return
        }
        text = keyPath
        if keyPath.hasPrefix("$"), let path = try? JSONPath(keyPath) {
            if let members = JSONKeyPath(path) {
                (self.keyPath, problem) = (members, nil)
            } else {
                self.keyPath = ""
                problem =
                    "root key path `\(keyPath)` must name object members, such as `$.data.authors` or `$['a.b']`"
            }
            return
        }
        self.keyPath = JSONKeyPath(keyPath)
        problem = nil
    }

    /// The readings, the one that wins first.
    var readings: [[String]] { keyPath.readings }

    /// `body`, or, when the path cannot be a root key path, a body that throws why at once (for
    /// mappers that hand the path to SiftMapping, which only reads key paths of object members).
    func checking(_ body: HTTPBodyChunks) -> HTTPBodyChunks {
        guard let problem else { return body }
        let error = DataMapperError(message: problem, path: .root)
        return HTTPBodyChunks(AsyncThrowingStream<ByteBuffer, any Error> { $0.finish(throwing: error) })
    }
}
