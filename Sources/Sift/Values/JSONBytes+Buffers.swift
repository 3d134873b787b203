extension JSONBytes {
    /// A view of the bytes of `buffer`, valid as long as `buffer` is: for writing bytes of your
    /// own through a ``JSONOutputSink``.
    ///
    /// ```swift
    /// var line = "total: 3\n"
    /// try line.withUTF8 { try sink.write(JSONBytes(viewing: UnsafeRawBufferPointer($0))) }
    /// ```
    public init(viewing buffer: UnsafeRawBufferPointer) {
        self.init(buffer)
    }
}
