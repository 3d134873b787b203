/// Writes a deterministic Hub feed shaped like a real server response (the default schema of the
/// Hub JSON programming guide), of any size, piece by piece.
///
/// As a document: `{"id":"feed","title":…,"header":{component},"body":[components…],"custom":{…}}`.
/// As NDJSON: one body component per line. Every component has `id`, `component` (`id` as
/// `namespace:name`, `category`), `text` (title, subtitle, description, with `\"`, `\n`,
/// `\u00e9` escapes and raw non-ASCII UTF-8), `images` (`main.uri`, `icon`), `target` (`uri`,
/// `actions`), `metadata` (numbers, a flag, a score in exponent form), `logging`, `custom`, and a
/// top-level component has 0–3 `children` of the same shape.
///
/// ```swift
/// let feed = HubFeedGenerator(size: 64 << 20).makeData()              // 64 MiB document
/// for line in HubFeedGenerator(size: 1 << 20, layout: .ndjson).chunks() { … }
/// ```
struct HubFeedGenerator: JSONDocumentGenerator {
    /// How the components are laid out.
    enum Layout: Sendable {
        /// One view-model document with the components in `body`.
        case document
        /// One component per line, newline-delimited.
        case ndjson
    }

    private enum Phase { case opening, body, done }

    let targetSize: Int
    let layout: Layout
    private var random: SplitMix64
    private var phase = Phase.opening
    private var written = 0
    private var index = 0

    /// A feed of about `size` bytes (it ends with the first component that reaches the size).
    init(size: Int, layout: Layout = .document, seed: UInt64 = 0x4855_4246_4545_4421) {
        targetSize = size
        self.layout = layout
        random = SplitMix64(seed: seed)
    }

    var estimatedSize: Int { targetSize + 4096 }

    mutating func writeNextPiece(into output: inout [UInt8]) -> Bool {
        let before = output.count
        switch phase {
        case .opening:
            if layout == .document {
                output.append(#"{"id":"feed","title":"#)
                output.append(UInt8(ascii: "\""))
                TextPool.appendTitle(into: &output, words: 3, using: &random)
                output.append(#"","header":"#)
                writeComponent(id: "header", number: 0, category: "header", depth: 1, into: &output)
                output.append(#","body":["#)
            }
            phase = .body
        case .body:
            if written >= targetSize, index > 0 {
                if layout == .document {
                    output.append(#"],"custom":{"generator":"sift-bench","components":"#)
                    output.appendDecimal(index)
                    output.append("}}")
                }
                phase = .done
            } else {
                if layout == .document, index > 0 { output.append(UInt8(ascii: ",")) }
                writeComponent(id: "row", number: index, category: nil, depth: 0, into: &output)
                if layout == .ndjson { output.append(UInt8(ascii: "\n")) }
                index += 1
            }
        case .done:
            return false
        }
        written += output.count - before
        return true
    }

    private static let namespaces: [[UInt8]] = ["glue", "hub", "home", "shelf", "spotify"].map { Array($0.utf8) }
    private static let names: [[UInt8]] = ["row", "card", "carousel", "shelf", "track", "banner"].map { Array($0.utf8) }
    private static let categories: [[UInt8]] = ["row", "row", "row", "card", "carousel", "banner"].map {
        Array($0.utf8)
    }
    private static let icons: [[UInt8]] = ["album", "artist", "playlist", "podcast", "track", "radio"].map {
        Array($0.utf8)
    }
    private static let actions: [[UInt8]] = ["hub:play", "hub:save", "hub:share", "home:dismiss", "glue:like"].map {
        Array($0.utf8)
    }
    private static let kinds: [[UInt8]] = ["album", "playlist", "artist", "track", "show"].map { Array($0.utf8) }

    /// Writes one component; `depth` 0 components get children.
    private mutating func writeComponent(
        id: StaticString, number: Int, category: StaticString?, depth: Int, into out: inout [UInt8]
    ) {
        out.append(#"{"id":""#)
        out.append(id)
        out.append(UInt8(ascii: "-"))
        out.appendDecimal(number)
        out.append(#"","component":{"id":""#)
        out.append(contentsOf: random.pick(Self.namespaces))
        out.append(UInt8(ascii: ":"))
        out.append(contentsOf: random.pick(Self.names))
        out.append(#"","category":""#)
        if let category { out.append(category) } else { out.append(contentsOf: random.pick(Self.categories)) }

        out.append(#""},"text":{"title":""#)
        TextPool.appendTitle(into: &out, words: random.within(2...6), using: &random)
        if random.chance(80) {
            out.append(#"","subtitle":""#)
            TextPool.appendTitle(into: &out, words: random.within(1...4), using: &random)
        }
        if random.chance(50) {
            out.append(#"","description":""#)
            TextPool.appendTitle(into: &out, words: random.within(8...30), using: &random)
            out.append(#"\n\u00e9"#)
        }

        out.append(#""},"images":{"main":{"uri":"https://i.scdn.co/image/ab67616d0000"#)
        out.appendHex(24, using: &random)
        out.append(#"","placeholder":""#)
        out.append(contentsOf: random.pick(Self.icons))
        out.append(#""}"#)
        if random.chance(50) {
            out.append(#","icon":""#)
            out.append(contentsOf: random.pick(Self.icons))
            out.append(UInt8(ascii: "\""))
        }

        out.append(#"},"target":{"uri":"spotify:"#)
        out.append(contentsOf: random.pick(Self.kinds))
        out.append(UInt8(ascii: ":"))
        out.appendBase62(22, using: &random)
        out.append(#"","actions":["#)
        for action in 0..<random.within(1...3) {
            if action > 0 { out.append(UInt8(ascii: ",")) }
            out.appendQuoted(random.pick(Self.actions))
        }

        out.append(#"]},"metadata":{"numbers":["#)
        for value in 0..<random.within(2...6) {
            if value > 0 { out.append(UInt8(ascii: ",")) }
            out.appendDecimal(random.below(2_000_000) - 1000)
        }
        out.append(#"],"flag":"#)
        out.append(random.chance(50) ? "true" : "false")
        out.append(#","score":"#)
        out.appendDecimal(random.below(10))
        out.append(UInt8(ascii: "."))
        out.appendDigits(UInt(random.below(1000)), minimumCount: 1)
        out.append(random.chance(50) ? "e3" : "E-2")
        out.append(#","position":"#)
        out.appendDecimal(number)

        out.append(#"},"logging":{"ui:index":"#)
        out.appendDecimal(number)
        out.append(#","ui:source":"home","request_id":""#)
        out.appendHex(32, using: &random)
        out.append(#""},"custom":{"accent":""#)
        out.appendHex(6, using: &random)
        out.append(#"","ratio":0."#)
        out.appendDigits(UInt(random.below(10_000)), minimumCount: 4)
        out.append(#","badge":null}"#)

        if depth == 0 {
            let children = random.below(4)
            if children > 0 {
                out.append(#","children":["#)
                for child in 0..<children {
                    if child > 0 { out.append(UInt8(ascii: ",")) }
                    writeComponent(
                        id: "child", number: number * 4 + child, category: "card", depth: depth + 1, into: &out)
                }
                out.append(UInt8(ascii: "]"))
            }
        }
        out.append(UInt8(ascii: "}"))
    }
}
