import Testing
@testable import Sift

@Test func smoke() throws {
    var events: [String] = []
    let tokenizer = JSONTokenizer(handler: JSONEventClosure { event, context in
        events.append("\(event) \(context.path) \(context.location)")
    })
    try tokenizer.feed(Array(#"{"a":[1,"#.utf8))
    try tokenizer.feed(Array("true]}".utf8))
    try tokenizer.finish()
    print(events.joined(separator: "\n"))
}
