import Sift

let root = JSONPath.root
let titles = root.goTo("body").forEach().goTo("text").goTo("title").string   // [String]
let ids = try JSONPath("$.body[*].id").string
let renamed = root.goTo("id").combine(with: root.goTo("identifier")).string // first valid wins
let tags = root.goTo("tags").runBlock { value in                             // custom step
    guard case .string(let text) = value else { return nil }
    return .array(text.split(separator: ",").map { .string(String($0)) })
}.forEach().string

var query = JSONQuery()
let titleHandle = query.add(titles)
query.add(ids) { match in                       // as soon as each value is complete
    print(match.path.normalized, match.location, match.value)
    if match.value == "stop-here" { match.stopParsing() }   // the rest is never read
}
let results = try query.run(.file("feed.json"))
print(results[titleHandle], results.first(titleHandle) ?? "none")

for try await title in JSONInput.file("feed.json").values(at: titles) {  // pulls input on demand
    print(title)
}
