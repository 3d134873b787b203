/// Writes a deterministic tweet-search response shaped like twitter.json:
/// `{"statuses":[{…,"user":{"screen_name":…,…},"entities":{…}},…],"search_metadata":{…}}`, with
/// Japanese text (raw UTF-8 and `\uXXXX` escapes), escaped HTML in `source`, 64-bit ids, and
/// plenty of `null`s and booleans.
///
/// ```swift
/// let tweets = TweetsGenerator(size: 16 << 20).makeData()
/// ```
struct TweetsGenerator: JSONDocumentGenerator {
    private enum Phase { case opening, statuses, done }

    let targetSize: Int
    private var random: SplitMix64
    private var phase = Phase.opening
    private var written = 0
    private var index = 0

    /// A response of about `size` bytes (it ends with the first status that reaches the size).
    init(size: Int, seed: UInt64 = 0x5457_4545_5453_2121) {
        targetSize = size
        random = SplitMix64(seed: seed)
    }

    var estimatedSize: Int { targetSize + 16 * 1024 }

    mutating func writeNextPiece(into output: inout [UInt8]) -> Bool {
        let before = output.count
        switch phase {
        case .opening:
            output.append(#"{"statuses":["#)
            phase = .statuses
        case .statuses:
            if written >= targetSize, index > 0 {
                output.append(#"],"search_metadata":{"completed_in":0.087,"max_id":505874924095815681,"#)
                output.append(#""query":"%E4%B8%80","refresh_url":"?since_id=505874924095815681&q=%E4%B8%80","count":"#)
                output.appendDecimal(index)
                output.append("}}")
                phase = .done
            } else {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                writeStatus(into: &output)
                index += 1
            }
        case .done:
            return false
        }
        written += output.count - before
        return true
    }

    private static let clients: [[UInt8]] = [
        #"<a href=\"http://twitter.com/download/iphone\" rel=\"nofollow\">Twitter for iPhone</a>"#,
        #"<a href=\"http://twitter.com/download/android\" rel=\"nofollow\">Twitter for Android</a>"#,
        "web",
    ].map { Array($0.utf8) }
    private static let escapedJapanese: [[UInt8]] = [
        #"\u3042\u308a\u304c\u3068\u3046"#, #"\u4eca\u65e5"#, #"\u30cb\u30e5\u30fc\u30b9"#, #"\n"#,
    ].map { Array($0.utf8) }

    private mutating func writeStatus(into out: inout [UInt8]) {
        let id = 505_874_924_095_815_681 - index * 7919
        out.append(#"{"metadata":{"result_type":"recent","iso_language_code":"ja"},"created_at":"Sun Aug 31 00:"#)
        out.appendDigits(UInt(random.below(60)), minimumCount: 2)
        out.append(#":15 +0000 2014","id":"#)
        out.appendDecimal(id)
        out.append(#","id_str":""#)
        out.appendDecimal(id)
        out.append(#"","text":""#)
        writeJapanese(words: random.within(4...30), into: &out)
        out.append(#"","source":""#)
        out.append(contentsOf: random.pick(Self.clients))
        out.append(#"","truncated":false,"in_reply_to_status_id":null,"in_reply_to_status_id_str":null,"#)
        out.append(#""in_reply_to_user_id":null,"in_reply_to_screen_name":null,"user":{"id":"#)
        let userID = 1_186_275_104 + random.below(1_000_000_000)
        out.appendDecimal(userID)
        out.append(#","id_str":""#)
        out.appendDecimal(userID)
        out.append(#"","name":""#)
        writeJapanese(words: random.within(1...3), into: &out)
        out.append(#"","screen_name":"user_"#)
        out.appendBase62(random.within(4...10), using: &random)
        out.append(#"","location":""#)
        writeJapanese(words: random.within(0...2), into: &out)
        out.append(#"","description":""#)
        writeJapanese(words: random.within(5...40), into: &out)
        out.append(#"","url":null,"entities":{"description":{"urls":[]}},"protected":false,"followers_count":"#)
        out.appendDecimal(random.below(100_000))
        out.append(#","friends_count":"#)
        out.appendDecimal(random.below(5000))
        out.append(#","listed_count":"#)
        out.appendDecimal(random.below(100))
        out.append(#","created_at":"Mon Mar 26 16:17:38 +0000 2012","favourites_count":"#)
        out.appendDecimal(random.below(10_000))
        out.append(#","utc_offset":null,"time_zone":null,"geo_enabled":"#)
        out.append(random.chance(30) ? "true" : "false")
        out.append(#","verified":false,"statuses_count":"#)
        out.appendDecimal(random.below(50_000))
        out.append(#","lang":"ja","profile_image_url":"http://pbs.twimg.com/profile_images/"#)
        out.appendDecimal(random.below(1_000_000_000))
        out.append(UInt8(ascii: "/"))
        out.appendHex(12, using: &random)
        out.append(#"_normal.jpeg","default_profile":"#)
        out.append(random.chance(50) ? "true" : "false")
        out.append(#","following":false,"notifications":false},"geo":null,"coordinates":null,"place":null,"#)
        out.append(#""contributors":null,"retweet_count":"#)
        out.appendDecimal(random.below(500))
        out.append(#","favorite_count":"#)
        out.appendDecimal(random.below(500))
        out.append(#","entities":{"hashtags":["#)
        for tag in 0..<random.below(3) {
            if tag > 0 { out.append(UInt8(ascii: ",")) }
            out.append(#"{"text":""#)
            writeJapanese(words: 1, into: &out)
            out.append(#"","indices":["#)
            out.appendDecimal(tag * 10)
            out.append(UInt8(ascii: ","))
            out.appendDecimal(tag * 10 + 6)
            out.append("]}")
        }
        out.append(#"],"symbols":[],"urls":[],"user_mentions":["#)
        for mention in 0..<random.below(3) {
            if mention > 0 { out.append(UInt8(ascii: ",")) }
            out.append(#"{"screen_name":"user_"#)
            out.appendBase62(6, using: &random)
            out.append(#"","id":"#)
            out.appendDecimal(random.below(3_000_000_000))
            out.append(#","indices":[3,11]}"#)
        }
        out.append(#"]},"favorited":false,"retweeted":false,"lang":"ja"}"#)
    }

    /// Japanese words, some escaped as `\uXXXX`, a few ASCII or other scripts.
    private mutating func writeJapanese(words count: Int, into out: inout [UInt8]) {
        for _ in 0..<count {
            switch random.below(100) {
            case 0..<15: out.append(contentsOf: random.pick(Self.escapedJapanese))
            case 15..<25: out.append(contentsOf: random.pick(TextPool.internationalWords))
            case 25..<35: out.append(contentsOf: random.pick(TextPool.words))
            default: out.append(contentsOf: random.pick(TextPool.japanese))
            }
        }
    }
}
