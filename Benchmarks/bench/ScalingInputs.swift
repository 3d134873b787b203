import Foundation

/// The inputs of `bench --scaling`: the generators' documents at a given size, the hostile shapes
/// (one long string, deep nesting, a million tiny matches), and files holding them for the
/// streamed and command-line cases.
enum ScalingInputs {
    /// A generated Hub feed of about `size` bytes.
    static func hubFeed(_ size: Int) -> [UInt8] {
        [UInt8](HubFeedGenerator(size: size).makeData())
    }

    /// The Hub feed's components, one per line.
    static func hubLines(_ size: Int) -> [UInt8] {
        [UInt8](HubFeedGenerator(size: size, layout: .ndjson).makeData())
    }

    /// A generated tweet search of about `size` bytes.
    static func tweets(_ size: Int) -> [UInt8] {
        [UInt8](TweetsGenerator(size: size).makeData())
    }

    /// A generated array of people of about `size` bytes.
    static func people(_ size: Int) -> [UInt8] {
        [UInt8](PeopleGenerator(count: max(size / 520, 1)).makeData())
    }

    /// `{"big":"aaa…","other":42}` with a string of `size` bytes that nobody asks for.
    static func longString(_ size: Int) -> [UInt8] {
        var bytes = Array(#"{"big":""#.utf8)
        bytes.reserveCapacity(size + 32)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "a"), count: size))
        bytes.append(contentsOf: #"","other":42}"#.utf8)
        return bytes
    }

    /// `levels` nested arrays around one number: `[[[…[1]…]]]`.
    static func deepArrays(_ levels: Int) -> [UInt8] {
        var bytes = [UInt8](repeating: UInt8(ascii: "["), count: levels)
        bytes.append(UInt8(ascii: "1"))
        bytes.append(contentsOf: repeatElement(UInt8(ascii: "]"), count: levels))
        return bytes
    }

    /// An array of about `size` bytes of tiny objects, each with a nested `x`:
    /// `[{"x":0,"y":{"x":1}},…]`, so that `$..x` matches twice per element.
    static func tinyMatches(_ size: Int) -> [UInt8] {
        elements(size, opening: "[", closing: "]") { #"{"x":\#(2 * $0),"y":{"x":\#(2 * $0 + 1)}}"# }
    }

    /// `{"a":[{"k":0},…],"z":1}` of about `size` bytes: every element of `a` is a candidate of
    /// `$.a[?$.z]` that waits for `z`, which comes last.
    static func waitingCandidates(_ size: Int) -> [UInt8] {
        elements(size, opening: #"{"a":["#, closing: #"],"z":1}"#) { #"{"k":\#($0)}"# }
    }

    /// `[{"items":[{"w":0,"v":true},…],"last":1}]` of about `size` bytes: every `w` of
    /// `$[?@.last].items[?@.v].w` waits on its item, then behind the outer candidate.
    static func nestedCandidates(_ size: Int) -> [UInt8] {
        elements(size, opening: #"[{"items":["#, closing: #"],"last":1}]"#) {
            #"{"w":\#($0),"v":\#($0 % 3 == 0 ? "false" : "true")}"#
        }
    }

    /// `opening`, then `element(0)`, `element(1)`, … separated by commas until about `size`
    /// bytes, then `closing`.
    static func elements(_ size: Int, opening: String, closing: String, element: (Int) -> String) -> [UInt8] {
        var bytes = Array(opening.utf8)
        bytes.reserveCapacity(size + 32)
        var index = 0
        while bytes.count < size {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            bytes.append(contentsOf: element(index).utf8)
            index += 1
        }
        bytes.append(contentsOf: closing.utf8)
        return bytes
    }

    /// Writes `bytes` to a new temporary file and returns its URL.
    static func file(_ bytes: [UInt8], named name: String) throws -> URL {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("sift-scaling-\(getpid())-\(bytes.count)-\(name)")
        try Data(bytes).write(to: url)
        return url
    }

    /// Removes a file made by ``file(_:named:)``.
    static func remove(_ url: URL) {
        try? FileManager.default.removeItem(at: url)
    }
}
