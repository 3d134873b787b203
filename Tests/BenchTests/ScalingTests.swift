import Foundation
import Sift
import Testing

@testable import bench

@Suite struct ScalingTests {
    @Test func everyCaseHasAUniqueName() {
        let names = ScalingCases.all.map(\.name)
        #expect(Set(names).count == names.count)
    }

    @Test func hostileInputsAreValidJSONOfTheAskedSize() throws {
        for (bytes, size) in [
            (ScalingInputs.longString(100_000), 100_000), (ScalingInputs.tinyMatches(100_000), 100_000),
        ] {
            try JSONTokenizer.validate(.bytes(bytes))
            #expect(bytes.count >= size && bytes.count < size + 64)
        }
        let deep = ScalingInputs.deepArrays(1000)
        try JSONTokenizer.validate(.bytes(deep), options: JSONParserOptions(maximumDepth: 1000))
        #expect(throws: JSONParseError.self) {
            try JSONTokenizer.validate(.bytes(deep), options: JSONParserOptions(maximumDepth: 999))
        }
    }

    @Test func aLinearCaseGrowsByAboutFourAndAQuadraticOneIsFlagged() {
        var result = ScalingResult(name: "x", input: "", unit: .bytes, size: 1, seconds: (1, 4.2))
        #expect(!result.isFlagged)
        result.seconds = (1, 16)
        #expect(result.isFlagged)
        #expect(ScalingSuite.row(result).contains("×16.0 !"))
        result.failure = "sift died of signal 11"
        #expect(!result.isFlagged)
        #expect(ScalingSuite.row(result).contains("FAILED: sift died of signal 11"))
    }

    @Test func aChildProcessReportsItsOutputAndFailure() throws {
        let echo = try ChildProcess(executable: "/bin/echo", arguments: ["hello"]).run()
        #expect(echo.outputBytes == 6)
        #expect(throws: BenchError.self) {
            try ChildProcess(executable: "/bin/sh", arguments: ["-c", "echo broken >&2; exit 3"]).run()
        }
        var cleanError = ChildProcess(executable: "/bin/sh", arguments: ["-c", "exit 1"])
        cleanError.acceptedStatuses = [0, 1]
        _ = try cleanError.run()
        var killed = ChildProcess(executable: "/bin/sh", arguments: ["-c", "kill -SEGV $$"])
        killed.acceptedStatuses = [0, 1]
        #expect(throws: BenchError.self) { try killed.run() }
    }
}
