import Foundation
import SiftCorpora
import Testing

@Suite("sift hub")
struct HubCommandTests {
    /// A default-schema view model in its serialized form (keys in the schema's order, every
    /// component with an identifier): JSON → model → JSON gives it back.
    static let viewModel = #"""
        {
          "id": "food",
          "title": "Delicious Food",
          "header": {
            "id": "header",
            "component": {"id": "default:header", "category": "header"},
            "text": {"title": "Delicious Food", "subtitle": "Discover the tastes of the world"},
            "images": {"background": {"uri": "https://spotify.com/image/of/food.jpg", "placeholder": "food"}}
          },
          "body": [
            {
              "id": "featured",
              "component": {"id": "default:carousel", "category": "carousel"},
              "text": {"title": "Great quick meals"},
              "children": [
                {
                  "id": "featured-0",
                  "component": {"id": "default:card", "category": "card"},
                  "text": {"title": "Hamburger", "description": "Quick to make – and to eat!"},
                  "images": {"main": {"uri": "https://spotify.com/image/of/hamburger.jpg", "placeholder": "quickfood"}},
                  "target": {"uri": "https://en.wikipedia.org/wiki/Hamburger"}
                }
              ]
            },
            {
              "id": "row-0",
              "component": {"id": "default:row", "category": "row"},
              "text": {"title": "Meatballs \"köttbullar\"", "subtitle": "A swedish classic"},
              "metadata": {"rating": 4.50, "tags": ["classic", null, true]},
              "target": {"uri": "https://en.wikipedia.org/wiki/Meatball"}
            }
          ],
          "custom": {"theme": "dark"}
        }
        """#

    static func parse(_ text: String) throws -> Any { try FoundationPath.parse(text) }

    @Test("a view model is written back as one line of JSON equal to the default-schema input")
    func viewModelRoundTrip() throws {
        let directory = try TemporaryDirectory()
        let file = try directory.write("food.json", Self.viewModel)
        let result = try SiftProcess.run(["hub", file])
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        #expect(result.stdoutLines.count == 1)
        #expect(FoundationPath.equal(try Self.parse(result.stdoutLines[0]), try Self.parse(Self.viewModel)))
        #expect(result.stdoutLines[0].hasPrefix(#"{"id":"food","title":"Delicious Food","header":{"id":"header""#))
    }

    @Test(
        "a root array is the body; components with one identifier merge; missing identifiers are generated, not written"
    )
    func rootArray() throws {
        let input =
            #"[{"id": "a", "text": {"title": "A"}}, {"text": {"title": "anonymous"}}, {"id": "a", "text": {"subtitle": "more"}}]"#
        let result = try SiftProcess.run(["hub"], stdin: .bytes(Array(input.utf8)))
        #expect(result.status == 0)
        #expect(
            result.stdoutText
                == #"{"body":[{"id":"a","text":{"title":"A","subtitle":"more"}},{"text":{"title":"anonymous"}}]}"#
                + "\n")
    }

    @Test("--components writes each body component on its own line")
    func components() throws {
        let result = try SiftProcess.run(["hub", "--components", "-"], stdin: .bytes(Array(Self.viewModel.utf8)))
        #expect(result.status == 0)
        let document = try #require(try Self.parse(Self.viewModel) as? [String: Any])
        let body = try #require(document["body"] as? [Any])
        #expect(FoundationPath.equal(try result.stdoutLines.map(Self.parse), body))
    }

    @Test("--components writes a component as soon as it is complete, long before the input ends")
    func componentsStream() throws {
        final class Feed {
            var produced = 0
            var linesSeen = 0
            var producedAtFirstLine: Int?
        }
        let feed = Feed()
        let component = Array(#"{"id": "row", "component": {"id": "default:row"}, "text": {"title": "Row"}},"#.utf8)
        let limit = 32 << 20
        var started = false
        let result = try SiftProcess.run(
            ["hub", "--components"],
            stdin: .generator {
                if !started {
                    started = true
                    feed.produced = 9
                    return Array(#"{"body":["#.utf8)
                }
                // Keep the document open until three components came out, or 32 MB went in.
                guard feed.linesSeen < 3, feed.produced < limit else {
                    if feed.produced < 0 { return nil }
                    feed.produced = -1
                    return Array(#"{"id": "last"}]}"#.utf8)
                }
                feed.produced += component.count
                return component
            }
        ) { bytes in
            if feed.producedAtFirstLine == nil { feed.producedAtFirstLine = feed.produced }
            feed.linesSeen += bytes.count { $0 == UInt8(ascii: "\n") }
        }
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        let first = try #require(feed.producedAtFirstLine)
        #expect(first >= 0 && first < 8 << 20)  // pipes hold up to 2 MiB of it
        #expect(result.stdout.isEmpty)  // consumed by the handler
        #expect(feed.linesSeen >= 4)
    }

    @Test("--schema reads the document with a custom schema")
    func customSchema() throws {
        let directory = try TemporaryDirectory()
        let schema = try directory.write(
            "schema.json",
            #"""
            {"viewModel": {"bodyComponents": "$.items[*]", "navigationBarTitle": "$.name"},
             "component": {"title": ["$.name", "$.label"], "mainImageData": "$.picture"},
             "image": {"url": "$.src"}}
            """#)
        let input =
            #"{"name": "Shop", "items": [{"id": "i1", "name": "Tea", "picture": {"src": "https://x.example/tea.png"}}, {"id": "i2", "label": "Cake"}]}"#
        let result = try SiftProcess.run(["hub", "--schema", schema], stdin: .bytes(Array(input.utf8)))
        #expect(result.status == 0)
        #expect(
            result.stdoutText
                == #"{"title":"Shop","body":[{"id":"i1","text":{"title":"Tea"},"images":{"main":{"uri":"https://x.example/tea.png"}}},{"id":"i2","text":{"title":"Cake"}}]}"#
                + "\n")
        let streamed = try SiftProcess.run(
            ["hub", "--components", "--schema", schema], stdin: .bytes(Array(input.utf8)))
        #expect(streamed.stdoutLines.count == 2)
        #expect(
            streamed.stdoutLines.first
                == #"{"id":"i1","text":{"title":"Tea"},"images":{"main":{"uri":"https://x.example/tea.png"}}}"#)
    }

    @Test("errors: a root that is not a view model, invalid JSON, a bad schema, a missing schema")
    func errors() throws {
        let scalar = try SiftProcess.run(["hub"], stdin: .bytes(Array("42\n".utf8)))
        #expect(scalar.status == 1)
        #expect(scalar.stdout.isEmpty)
        #expect(
            scalar.stderrText == """
                <stdin>:1:1: error: error while handling JSON: a Hub document must be an object (a view model) or an array (body components), not a number (in $)
                42
                ^

                """)

        let invalid = try SiftProcess.run(
            ["hub", "--components"], stdin: .bytes(Array(#"{"body": [{"id": "a"}, {"id": }]}"#.utf8)))
        #expect(invalid.status == 1)
        #expect(invalid.stdoutText == #"{"id":"a"}"# + "\n")
        #expect(invalid.stderrText.hasPrefix("<stdin>:1:31: error: invalid JSON"))

        let directory = try TemporaryDirectory()
        let badSchema = try directory.write("bad.json", #"{"component": {"nope": "$.name"}}"#)
        let bad = try SiftProcess.run(["hub", "--schema", badSchema], stdin: .bytes(Array("{}".utf8)))
        #expect(bad.status == 1)
        #expect(bad.stderrText.hasPrefix("\(badSchema): error: invalid Hub schema: component.nope: unknown property"))

        let missing = directory.path("missing.json")
        let absent = try SiftProcess.run(["hub", "--schema", missing], stdin: .bytes(Array("{}".utf8)))
        #expect(absent.status == 1)
        #expect(absent.stderrText == "\(missing): error: cannot open '\(missing)': No such file or directory\n")
    }

    @Test("--allow-comments and --max-depth apply to hub too, with positions unchanged")
    func parserOptions() throws {
        let commented =
            "// the home page\n{\"title\": /* shown on top */ \"Home\", \"body\": [{\"id\": \"x\" // first\n, \"text\": {\"title\": \"a // b /* c */\"}}]}\n"
        let strict = try SiftProcess.run(["hub"], stdin: .bytes(Array(commented.utf8)))
        #expect(strict.status == 1)
        #expect(strict.stderrText.hasPrefix("<stdin>:1:1: error: invalid JSON"))

        let expected = #"{"title":"Home","body":[{"id":"x","text":{"title":"a // b /* c */"}}]}"# + "\n"
        let relaxed = try SiftProcess.run(["hub", "--allow-comments"], stdin: .bytes(Array(commented.utf8)))
        #expect(relaxed.status == 0)
        #expect(relaxed.stdoutText == expected)
        // Byte by byte: a '/' at the end of a chunk, comments split anywhere.
        var bytes = Array(commented.utf8)[...]
        let trickle = try SiftProcess.run(
            ["hub", "--allow-comments"],
            stdin: .generator {
                guard let byte = bytes.popFirst() else { return nil }
                return [byte]
            })
        #expect(trickle.stdoutText == expected)

        let afterComment = try SiftProcess.run(
            ["hub", "--allow-comments"], stdin: .bytes(Array("/* c */ {\"body\": [}\n".utf8)))
        #expect(afterComment.status == 1)
        #expect(afterComment.stderrText.hasPrefix("<stdin>:1:19: error: invalid JSON"))

        let deep = #"{"body": [{"id": "a", "metadata": {"x": [[1]]}}]}"#
        #expect(try SiftProcess.run(["hub", "--max-depth", "6"], stdin: .bytes(Array(deep.utf8))).status == 0)
        let limited = try SiftProcess.run(["hub", "--max-depth", "5"], stdin: .bytes(Array(deep.utf8)))
        #expect(limited.status == 1)
        #expect(limited.stderrText.hasPrefix("<stdin>:1:42: error: nesting too deep"))
    }

    /// The warning `sift hub` gives when nothing in its input matched the schema.
    static func nothingMatched(_ found: String, hint: String? = nil) -> String {
        let defaultHint =
            "a Hub document has the keys of the default schema (id, title, header, body, overlays, custom) "
            + "or is an array of components; for other keys, describe them in a schema file and pass it with --schema"
        return "<stdin>: warning: \(found) matched the Hub schema; \(hint ?? defaultHint)\n"
    }

    @Test("JSON that is not a Hub document: the empty output stays, with exit 0, and a warning says what to do")
    func nothingMatchedWarns() throws {
        let input = Array(#"{"statuses": [{"id": 1, "text": "hi"}], "search_metadata": {"count": 1}}"#.utf8)
        let whole = try SiftProcess.run(["hub"], stdin: .bytes(input))
        #expect(whole.status == 0)
        #expect(whole.stdoutText == "{}\n")
        #expect(whole.stderrText == Self.nothingMatched("nothing (the view model is empty)"))

        let streamed = try SiftProcess.run(["hub", "--components"], stdin: .bytes(input))
        #expect(streamed.status == 0)
        #expect(streamed.stdout.isEmpty)
        #expect(streamed.stderrText == Self.nothingMatched("no body component"))

        let directory = try TemporaryDirectory()
        let schema = try directory.write("schema.json", #"{"viewModel": {"navigationBarTitle": "$.name"}}"#)
        let custom = try SiftProcess.run(["hub", "--schema", schema], stdin: .bytes(input))
        #expect(custom.status == 0)
        #expect(custom.stdoutText == "{}\n")
        #expect(
            custom.stderrText
                == Self.nothingMatched(
                    "nothing (the view model is empty)",
                    hint: "check that the paths of \(schema) match the document's keys"))

        // Something matched: no warning, in either mode.
        let titled = Array(#"{"title": "Home", "statuses": []}"#.utf8)
        #expect(try SiftProcess.run(["hub"], stdin: .bytes(titled)).stderr.isEmpty)
        let body = Array(#"[{"text": {"title": "A"}}]"#.utf8)
        #expect(try SiftProcess.run(["hub", "--components"], stdin: .bytes(body)).stderr.isEmpty)
    }

    @Test("twitter.json is not a Hub document: '{}' and a warning", .enabled(if: Corpora.isAvailable, "no corpora"))
    func twitterWarns() throws {
        let path = Corpora.path("twitter.json")
        let result = try SiftProcess.run(["hub", path])
        #expect(result.status == 0)
        #expect(result.stdoutText == "{}\n")
        #expect(
            result.stderrText.hasPrefix("\(path): warning: nothing (the view model is empty) matched the Hub schema"))
    }

    @Test(
        "a 64 MB feed streams out through the writer: exact output, memory of the model alone",
        .enabled(
            if: SiftBinary.release != nil, "needs a release sift: make test builds it and sets SIFT_RELEASE_BINARY"))
    func largeFeed() throws {
        let binary = try #require(SiftBinary.release)
        var generator = MemoryTests.FeedGenerator(size: 64 << 20)
        var braces = 0
        var last: UInt8 = 0
        let result = try SiftProcess.run(
            ["hub"], binary: binary, stdin: .generator { generator.next() }, samplesMemory: true
        ) { bytes in
            braces += bytes.count { $0 == UInt8(ascii: "{") }
            last = bytes.last ?? last
        }
        #expect(result.status == 0)
        #expect(result.stderr.isEmpty)
        // The root, then per component: itself, component, text, images, main, metadata, deep, a, b.
        #expect(braces == 1 + 9 * generator.elementCount)
        #expect(last == UInt8(ascii: "\n"))
        // The model of the feed (187 MB here; 219 MB with its JSONValue built beside it, as before,
        // which also took 13 times as long): at most 4 times the input.
        #expect(result.peakMemory < 256 << 20, "peak RSS \(result.peakMemory >> 20) MB")
    }

    @Test("a view model nesting deeper than yajl_gen's old limit (127) is written back whole")
    func deeperThanTheOldWriterLimit() throws {
        let depth = 300
        let input =
            #"{"title":"t","custom":{"x":"# + String(repeating: "[", count: depth)
            + String(repeating: "]", count: depth) + "}}"
        let result = try SiftProcess.run(["hub"], stdin: .bytes(Array(input.utf8)))
        #expect(result.status == 0)
        #expect(result.stderrText.isEmpty)
        #expect(result.stdoutText == input + "\n")
    }

    @Test("--components --jobs N writes the bytes and the error of --jobs 1, for a file of several blocks")
    func jobs() throws {
        let directory = try TemporaryDirectory()
        let components = (0..<30_000).map { index in
            let identifier = index % 5 == 2 ? "" : #""id":"c\#(index)","#
            let children = index % 7 == 0 ? #","children":[{"text":{"title":"k"}}]"# : ""
            return #"{\#(identifier)"text":{"title":"T\#(index) ]},\"[ é"},"metadata":{"n":\#(index)}\#(children)}"#
        }
        let feed = #"{"id":"feed","body":["# + components.joined(separator: ",") + #"],"custom":{"k":1}}"#
        // Over 2 MB: the components are cut into blocks of about 1 MB.
        #expect(feed.utf8.count > 2 << 20)
        let broken = feed.replacingOccurrences(of: #""c16000","#, with: #""c16000""#)
        for (name, text) in [("feed.json", feed), ("broken.json", broken)] {
            let file = try directory.write(name, text)
            let one = try SiftProcess.run(["hub", "--components", "--jobs", "1", file])
            #expect(one.status == (name == "feed.json" ? 0 : 1))
            #expect(one.stdoutLines.count >= 16_000)
            let two = try SiftProcess.run(["hub", "--components", "--jobs", "2", file])
            #expect(two.status == one.status, "\(name)")
            #expect(two.stdoutText == one.stdoutText, "\(name)")
            #expect(two.stderrText == one.stderrText, "\(name)")
        }
        let misuse = try SiftProcess.run(["hub", "--jobs", "2", "-"], stdin: .bytes(Array("[]".utf8)))
        #expect(misuse.status == 2)
        #expect(misuse.stderrText.contains("--jobs needs --components"))
    }

    @Test("children nested a million deep, the depth limit raised: an error at the limit, never a crash")
    func nestingBeyondTheModelLimit() throws {
        let directory = try TemporaryDirectory()
        let levels = 1_000_000
        let deep =
            #"{"body":["# + String(repeating: #"{"children":["#, count: levels)
            + String(repeating: "]}", count: levels) + "]}"
        let file = try directory.write("deep.json", deep)
        for arguments in [["hub"], ["hub", "--components"], ["hub", "--components", "--jobs", "2"]] {
            let result = try SiftProcess.run(arguments + ["--max-depth", "3000000", file])
            #expect(result.status == 1, "\(arguments)")
            #expect(result.stdoutText.isEmpty, "\(arguments)")
            // The 65th model is the 64th component: at offset 9 + 13 × 63.
            #expect(
                result.stderrText.hasPrefix(
                    "\(file):1:829: error: error while handling JSON: Hub models nested too deep: more than 64"),
                "\(arguments): \(result.stderrText.prefix(300))")
        }
    }
}
