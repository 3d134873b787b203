/// Writes a deterministic Hub-shaped feed made of many small containers, the shape real feeds
/// have and that the Hub feed of ``HubFeedGenerator`` (large components, long texts) does not.
///
/// As a document: `{"id":"small-containers","title":…,"body":[components…],"count":N}`, with
/// `count` the root's last member, so `$.count` is a query that skips everything before it. As
/// NDJSON: one component per line. Every component is a dozen small containers:
/// `component{id,category}`, `text{title}` (escapes and non-ASCII), `images{main{uri}}`,
/// `target{uri}`, `metadata{ok,rank,score,kind,hidden}` (a boolean, a 19-digit integer, a
/// fraction, a string, null), `style` (an object of one to five scalars), `tags` (zero to three
/// short strings), `logging` (empty or one scalar), `actions` (empty or one one-member object),
/// `size` (two integers) and, at the top level, `children`: zero to two components of the same
/// shape.
///
/// ```swift
/// let feed = SmallContainersGenerator(size: 64_000_000).makeData()
/// for line in SmallContainersGenerator(size: 1_000_000, layout: .ndjson).chunks() { … }
/// ```
struct SmallContainersGenerator: JSONDocumentGenerator {
    private enum Phase { case opening, body, done }

    let targetSize: Int
    let layout: HubFeedGenerator.Layout
    private var random: SplitMix64
    private var phase = Phase.opening
    private var written = 0
    private var index = 0

    /// A feed of about `size` bytes (it ends with the first component that reaches the size).
    init(size: Int, layout: HubFeedGenerator.Layout = .document, seed: UInt64 = 0x534D_414C_4C5F_4331) {
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
                output.append(#"{"id":"small-containers","title":""#)
                TextPool.appendTitle(into: &output, words: 3, using: &random)
                output.append(#"","body":["#)
            }
            phase = .body
        case .body:
            if written >= targetSize, index > 0 {
                if layout == .document {
                    output.append(#"],"count":"#)
                    output.appendDecimal(index)
                    output.append(UInt8(ascii: "}"))
                }
                phase = .done
            } else {
                if layout == .document, index > 0 { output.append(UInt8(ascii: ",")) }
                writeComponent(number: index, isChild: false, into: &output)
                if layout == .ndjson { output.append(UInt8(ascii: "\n")) }
                index += 1
            }
        case .done:
            return false
        }
        written += output.count - before
        return true
    }

    private static let namespaces: [[UInt8]] = ["hub", "home", "glue"].map { Array($0.utf8) }
    private static let names: [[UInt8]] = ["row", "card", "shelf", "track"].map { Array($0.utf8) }
    private static let kinds: [[UInt8]] = ["album", "playlist", "artist", "track", "show"].map { Array($0.utf8) }
    private static let styleKeys: [StaticString] = [#""bold":"#, #""color":"#, #""lines":"#, #""wide":"#, #""font":"#]
    private static let tags: [[UInt8]] = ["new", "hot", "live", "hd", "ε", "日本"].map { Array($0.utf8) }

    /// Writes one component; a top-level one gets zero to two children.
    private mutating func writeComponent(number: Int, isChild: Bool, into out: inout [UInt8]) {
        out.append(isChild ? #"{"id":"child-"# : #"{"id":"c-"#)
        out.appendDecimal(number)
        out.append(#"","component":{"id":""#)
        out.append(contentsOf: random.pick(Self.namespaces))
        out.append(UInt8(ascii: ":"))
        out.append(contentsOf: random.pick(Self.names))
        out.append(#"","category":""#)
        out.append(contentsOf: random.pick(Self.names))
        out.append(#""},"text":{"title":""#)
        TextPool.appendTitle(into: &out, words: random.within(1...4), using: &random)
        out.append(#""},"images":{"main":{"uri":"https://i.example.com/"#)
        out.appendHex(12, using: &random)
        out.append(#""}},"target":{"uri":"spotify:"#)
        out.append(contentsOf: random.pick(Self.kinds))
        out.append(UInt8(ascii: ":"))
        out.appendBase62(10, using: &random)
        out.append(#""},"metadata":{"ok":"#)
        out.append(random.chance(50) ? "true" : "false")
        out.append(#","rank":"#)
        // 19 digits: 10^18 up to a little under 2^63.
        out.appendDecimal(1_000_000_000_000_000_000 + random.below(8_000_000_000_000_000_000))
        out.append(#","score":0."#)
        out.appendDigits(UInt(random.below(1000)), minimumCount: 3)
        out.append(#","kind":""#)
        out.append(contentsOf: random.pick(Self.kinds))
        out.append(#"","hidden":null},"style":{"#)
        for key in 0..<random.within(1...5) {
            if key > 0 { out.append(UInt8(ascii: ",")) }
            out.append(Self.styleKeys[key])
            switch key {
            case 0, 3: out.append(random.chance(50) ? "true" : "false")
            case 2: out.appendDecimal(random.below(4))
            default: out.appendQuoted(random.pick(Self.tags))
            }
        }
        out.append(#"},"tags":["#)
        for tag in 0..<random.below(4) {
            if tag > 0 { out.append(UInt8(ascii: ",")) }
            out.appendQuoted(random.pick(Self.tags))
        }
        out.append(random.chance(50) ? #"],"logging":{}"# : #"],"logging":{"i":1}"#)
        out.append(random.chance(50) ? #","actions":[]"# : #","actions":[{"name":"play"}]"#)
        out.append(#","size":["#)
        out.appendDecimal(random.within(1...640))
        out.append(UInt8(ascii: ","))
        out.appendDecimal(random.within(1...640))
        out.append(UInt8(ascii: "]"))
        if !isChild {
            out.append(#","children":["#)
            for child in 0..<random.below(3) {
                if child > 0 { out.append(UInt8(ascii: ",")) }
                writeComponent(number: number * 2 + child, isChild: true, into: &out)
            }
            out.append(UInt8(ascii: "]"))
        }
        out.append(UInt8(ascii: "}"))
    }
}
