import Sift
import SiftHub
import Testing

/// `ViewModel(parsing: "home.json")` parses the text `home.json`: the error says it looks like a
/// file name, and `.json("…")` is the explicit literal.
@Suite struct ViewModelFileNameTests {
    @Test func fileNameLiteralSaysWhatWasMeant() throws {
        let error = try #require(throws: JSONParseError.self) { try ViewModel(parsing: "home.json") }
        #expect(
            error.message.hasSuffix(
                #""home.json" looks like a file name, but a string is JSON text: use JSONInput.file("home.json") to read the file"#
            ))
    }

    @Test func jsonLiteralIsTheDocument() throws {
        let viewModel = try ViewModel(parsing: .json(#"{"title": "Home"}"#))
        #expect(viewModel.navigationBarTitle == "Home")
    }
}
