import CFuzzDriver
import SiftFuzzChecks

/// The entry point SwiftPM links as `main`: libFuzzer runs the jsonpath check (FuzzTarget.jsonpath).
@_cdecl("FuzzJSONPath_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    sift_fuzz_main(argc, argv) { data, size in FuzzTarget.jsonpath.fuzz(data, size) }
}
