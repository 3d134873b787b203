import CFuzzDriver
import SiftFuzzChecks

/// The entry point SwiftPM links as `main`: libFuzzer runs the models check (FuzzTarget.models).
@_cdecl("FuzzModels_main")
func fuzzMain(_ argc: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> Int32 {
    sift_fuzz_main(argc, argv) { data, size in FuzzTarget.models.fuzz(data, size) }
}
