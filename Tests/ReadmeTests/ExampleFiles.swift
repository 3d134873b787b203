import Foundation

/// The small files the README's examples read (`feed.json`, `items.json`, `home.json`, ...), and
/// what each example prints over them.
///
/// ```swift
/// let directory = try ExampleFiles.directory()
/// ```
enum ExampleFiles {
    static let feed =
        #"{"body":[{"id":"a","text":{"title":"Hello"}},{"id":"stop-here","text":{"title":"World"}},"#
        + #"{"id":"c","text":{"title":"Unread"}}]}"#
    static let items = #"{"items":[{"id":1,"name":"one"},{"id":2,"name":"two"}]}"#
    static let page = #"{"id":"home","title":"Home","body":[{"id":"r1","text":{"title":"Pancakes"}}]}"#
    static let people = #"{"people":[{"id":1,"name":"Ada","homepage":"https://ada.example"},{"id":2,"name":"Grace"}]}"#

    static let files: [String: String] = [
        "feed.json": feed, "items.json": items, "home.json": page, "page1.json": page,
        "page2.json": #"{"id":"home","body":[{"id":"r2","text":{"title":"Waffles"}}]}"#,
        "huge-feed.json": page, "people.json": people,
    ]

    /// The standard input of the examples that read it.
    static let standardInput: [String: String] = ["ReadmeCodable": items]

    /// What the examples print over these files.
    ///
    /// ReadmeHubParser and ReadmeMapping print nothing: they must run to the end. ReadmePaths stops
    /// at the id `stop-here`, so its query never reads the second title; the `values(at:)` loop
    /// that follows does.
    static let expectedOutput: [String: String] = [
        "ReadmePaths": """
        $['body'][0]['id'] 1:16 a
        $['body'][1]['id'] 1:52 stop-here
        ["Hello"] Hello
        Hello
        World
        Unread

        """,
        "ReadmeCodable": "1\n2\none\ntwo\n",
        "ReadmeParallel": """
        1:16 $['body'][0]['id'] "a"
        1:52 $['body'][1]['id'] "stop-here"
        1:96 $['body'][2]['id'] "c"

        """,
        "ReadmeHub": "r1 Pancakes\nr1\nr1: Pancakes\n",
        "ReadmeHubParser": "",
        "ReadmeMapping": "",
    ]

    /// A new temporary directory holding the files.
    static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("sift-readme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        for (name, text) in files {
            try Data(text.utf8).write(to: directory.appendingPathComponent(name))
        }
        return directory
    }
}
