import Foundation
import Testing

/// `sift query --jobs N` on one document whose path selects the elements of an array: the blocks
/// of elements matched on N threads give the bytes one thread writes, for every option, every N
/// and every split of the array into blocks (`SIFT_ARRAY_BLOCK_SIZE` makes the blocks a few
/// bytes long), the first error included.
@Suite("sift query --jobs on one document's array")
struct ArrayJobsTests {
    /// A document whose array's elements hold brackets, quotes, escapes and commas inside
    /// strings, nested arrays, scalars, and whitespace of every kind, between other members.
    static let document = """
        {"kind":"feed","count":7,"body":[
          {"id":1,"text":{"title":"a ] } [ { \\" , \\\\"},"children":[{"id":"k1","n":[[1,[2]]]}]},
          {"id":2, "text" : {"title" : "b\\u005d\\"", "subtitle":"s"}},\r\n\t7, "]\\"[", null, [], {},
          {"id":3,"text":{"title":["c",{"t":"}"}]},"other":{"text":{"title":"no"}}},
          -1.5e3, true, {"id":"é東京🔥","text":{"title":"d"},"children":[]}
        ],"end":[1,{"a":"]"}]}
        """

    /// The command lines compared (the file is appended, then `--jobs N`).
    static let commands: [[String]] = [
        ["$.body[*].text.title"], ["--with-path", "$.body[*].text.title"], ["-r", "$.body[*].text.title"],
        ["--pretty", "$.body[*]"], ["--with-path", "--pretty", "$.body[*].children[*]"], ["--first", "$.body[*].id"],
        ["$.body[*]..id"], ["--stream-order", "$.body[*]..id"], ["-e", "$.body[*].missing"], ["$.body[*]"],
    ]

    /// The job counts and block sizes each command is run with.
    static let splits: [(jobs: Int, blockSize: Int)] = [(2, 1), (3, 7), (8, 24), (4, 100), (5, 1_000_000)]

    /// Runs `sift query --jobs N ARGUMENTS`, with `blockSize` when given.
    static func run(_ arguments: [String], jobs: Int, blockSize: Int? = nil) throws -> SiftProcess.Result {
        try SiftProcess.run(
            ["query", "--jobs", String(jobs)] + arguments,
            environment: blockSize.map { ["SIFT_ARRAY_BLOCK_SIZE": String($0)] } ?? [:])
    }

    /// Expects every split to give `--jobs 1`'s status, stdout and stderr.
    static func expectSame(_ arguments: [String], splits: [(jobs: Int, blockSize: Int)] = splits) throws {
        let reference = try run(arguments, jobs: 1)
        for (jobs, blockSize) in splits {
            let result = try run(arguments, jobs: jobs, blockSize: blockSize)
            let label = "\(arguments) --jobs \(jobs), blocks of \(blockSize) bytes"
            #expect(result.status == reference.status, "\(label)")
            #expect(result.stdoutText == reference.stdoutText, "\(label)")
            #expect(result.stderrText == reference.stderrText, "\(label)")
        }
    }

    @Test("every option gives the bytes of one thread, for every N and block size", arguments: commands)
    func sameOutput(command: [String]) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("feed.json", Self.document)
        try Self.expectSame(command + [file])
    }

    @Test("the normalized paths are the document's")
    func paths() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("feed.json", Self.document)
        let result = try Self.run(["--with-path", "$.body[*].id", file], jobs: 3, blockSize: 1)
        #expect(
            result.stdoutLines == [
                #"{"path":"$['body'][0]['id']","value":1}"#, #"{"path":"$['body'][1]['id']","value":2}"#,
                #"{"path":"$['body'][7]['id']","value":3}"#, #"{"path":"$['body'][10]['id']","value":"é東京🔥"}"#,
            ])
    }

    @Test("an empty array, one element, a root array, a deeper prefix, several files")
    func shapes() throws {
        let directory = try TemporaryDirectory()
        let empty = try directory.write("empty.json", #"{"body":[ ],"n":1}"#)
        let one = try directory.write("one.json", #"{"body":[{"id":1}]}"#)
        let root = try directory.write("root.json", #"[{"id":1}, {"id":[2]} ,{"x":{"id":3}}]"#)
        let deeper = try directory.write("deeper.json", #"{"a":[{"b":[{"id":0}]},{"x":0,"b":[{"id":1},"]",[2]]}]}"#)
        try Self.expectSame(["--with-path", "$.body[*].id", empty, one])
        try Self.expectSame(["--with-path", "$[*].id", root])
        try Self.expectSame(["--with-path", "$.a[1].b[*]", deeper])
        try Self.expectSame(["--with-path", "$[*].id", root, one, deeper])
    }

    /// Documents that fail: inside an element, at a separator, a trailing comma, truncated, a
    /// control character in a string, before the array, after it, and after the document.
    static let failures: [String] = [
        document.replacingOccurrences(of: #""id":3,"#, with: #""id":tru,"#),
        document.replacingOccurrences(of: "null, []", with: "null []"),
        document.replacingOccurrences(of: "\"children\":[]}\n", with: "\"children\":[]},\n"),
        String(document.prefix(200)),
        document.replacingOccurrences(of: "\"s\"", with: "\"\u{1}\""),
        document.replacingOccurrences(of: #""count":7,"#, with: #""count":7,,"#),
        document.replacingOccurrences(of: #"{"a":"]"}"#, with: #"{"a":"]",}"#),
        document + " x",
    ]

    @Test(
        "the first error, with the same text, after the values before it and nothing after",
        arguments: failures.indices)
    func sameFailure(index: Int) throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("bad.json", Self.failures[index])
        for arguments in [["--with-path", "$.body[*].text.title"], ["$.body[*]"]] {
            try Self.expectSame(arguments + [file], splits: [(2, 1), (3, 16), (8, 1_000_000)])
        }
        let reference = try Self.run(["$.body[*]", file], jobs: 1)
        #expect(reference.status == 1)
        #expect(reference.stderrText.hasPrefix(file + ":"))
    }

    @Test("paths that do not split, stdin and records run on one thread, with the same output")
    func unsplit() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("feed.json", Self.document)
        for path in ["$..title", "$.body[-1]", "$.body[0,2]", "$.body[?@.id == $.count]"] {
            try Self.expectSame([path, file], splits: [(2, 1)])
        }
        try Self.expectSame(["$.body[*]", "--field", "id=@.id", "--csv", file], splits: [(3, 1)])
        // A value at the array's place that is not an array: the document is read in order.
        let object = try directory.write("object.json", #"{"body":{"a":{"id":1},"b":[{"id":2}]},"body":[{"id":3}]}"#)
        let broken = try directory.write("broken.json", #"{"body":{"a":{"id":1},"b":[{"id":2}]},,"body":[]}"#)
        for document in [object, broken] {
            try Self.expectSame(["--with-path", "$.body[*].id", document], splits: [(2, 1), (3, 1_000_000)])
        }
        let piped = try SiftProcess.run(
            ["query", "--jobs", "4", "$.body[*].id"], stdin: .bytes(Array(Self.document.utf8)))
        #expect(piped.stdoutText == (try Self.run(["$.body[*].id", file], jobs: 1)).stdoutText)
    }
}
