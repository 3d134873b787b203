import Sift

let feed: JSONInput = .string(#"{"body":[{"id":"a","text":{"title":"Hello"}},{"id":"b","text":{"title":"World"}}]}"#)
let titles = try JSONQuery.collect(try JSONPath("$.body[*].text.title").string, from: feed)
print(titles)  // ["Hello", "World"]
