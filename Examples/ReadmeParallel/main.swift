import Sift

let ids = try JSONPath("$.body[*].id")
for try await match in JSONInput.file("feed.json").arrayMatches(at: ids, parallelism: 4) {
    print(match.location, match.path.normalized, match.value)  // 1:16 $['body'][0]['id'] "a"
}
