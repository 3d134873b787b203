import Foundation
import SiftHub

// What the README's block takes from its surroundings: the rows a view shows, and the chunks of
// a Hub document as they arrive (here a document cut in three).

/// The components received so far.
nonisolated(unsafe) var rows: [ComponentModel] = []

/// The document's bytes in chunks.
let chunks: [[UInt8]] = [
    Array(#"{"body":[{"id":"a","text":{"tit"#.utf8),
    Array(#"le":"First"}},{"id":"b","text":{"title":"Sec"#.utf8),
    Array(#"ond"}}]}"#.utf8),
]
