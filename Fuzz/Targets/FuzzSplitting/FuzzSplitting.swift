import SiftFuzzChecks

/// libFuzzer's entry point (its own `main`, linked by -sanitize=fuzzer, calls it with each
/// input): the array split check, FuzzTarget.splitting.
@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    FuzzTarget.splitting.fuzz(data, size)
}
