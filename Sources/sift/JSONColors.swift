/// jq's colours for JSON text on a terminal (jq 1.7.1's defaults): null bright black, false,
/// true and numbers the default colour, strings green, arrays and objects (their brackets,
/// commas and colons) bold, object keys bold blue.
///
/// It colours text the writer has already produced, so it only has to tell tokens apart, never
/// to validate them.
///
/// ```swift
/// JSONColors.colored(Array(#"{"a":[1,null]}"#.utf8))
/// // ESC[1;39m{ ESC[34;1m"a" ESC[1;39m:[ ESC[0;39m1 … with a reset (ESC[0m) after each token
/// ```
enum JSONColors {
    static let null = "0;90"
    static let boolean = "0;39"
    static let number = "0;39"
    static let string = "0;32"
    static let container = "1;39"
    static let key = "34;1"

    private static let escape: UInt8 = 0x1B

    /// `text`, one JSON value as the writer wrote it, with an SGR colour around each token.
    static func colored(_ text: [UInt8]) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count * 2)
        // For each open container: whether it is an object, and whether a key comes next.
        var open: [(isObject: Bool, expectsKey: Bool)] = []
        var index = 0
        func paint(_ color: String, _ range: Range<Int>) {
            result.append(escape)
            result.append(UInt8(ascii: "["))
            result += color.utf8
            result.append(UInt8(ascii: "m"))
            result += text[range]
            result += [escape, UInt8(ascii: "["), UInt8(ascii: "0"), UInt8(ascii: "m")]
        }
        while index < text.count {
            let byte = text[index]
            switch byte {
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                let isObject = byte == UInt8(ascii: "{")
                open.append((isObject, isObject))
                paint(container, index..<index + 1)
                index += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = open.popLast()
                paint(container, index..<index + 1)
                index += 1
            case UInt8(ascii: ","):
                if let last = open.indices.last, open[last].isObject { open[last].expectsKey = true }
                paint(container, index..<index + 1)
                index += 1
            case UInt8(ascii: ":"):
                if let last = open.indices.last { open[last].expectsKey = false }
                paint(container, index..<index + 1)
                index += 1
            case UInt8(ascii: "\""):
                var end = index + 1
                while end < text.count, text[end] != UInt8(ascii: "\"") {
                    end += text[end] == UInt8(ascii: "\\") ? 2 : 1
                }
                end = min(end + 1, text.count)
                let isKey = open.last?.expectsKey == true
                paint(isKey ? key : string, index..<end)
                index = end
            case UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\t"), UInt8(ascii: "\r"):
                result.append(byte)
                index += 1
            default:
                var end = index + 1
                while end < text.count, !Self.endsScalar(text[end]) { end += 1 }
                let color =
                    byte == UInt8(ascii: "n")
                    ? null : (byte == UInt8(ascii: "t") || byte == UInt8(ascii: "f") ? boolean : number)
                paint(color, index..<end)
                index = end
            }
        }
        return result
    }

    /// Whether `byte` ends a number or a literal.
    private static func endsScalar(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}"), UInt8(ascii: " "), UInt8(ascii: "\n"),
            UInt8(ascii: "\t"), UInt8(ascii: "\r"), UInt8(ascii: ":"):
            true
        default:
            false
        }
    }
}
