import Sift

extension ViewModel {
    /// Writes the view model as JSON in the default schema to a writer (a file, standard output,
    /// a buffer), without building a `JSONValue` first.
    ///
    /// ```swift
    /// let writer = JSONWriter(sink: JSONFileSink.standardOutput())
    /// try viewModel.write(to: writer)
    /// try writer.reset() // ends the line: one compact JSON value per line
    /// try writer.flush()
    /// ```
    public func write<Sink: JSONOutputSink>(to writer: JSONWriter<Sink>) throws(JSONWriterError) {
        var sink = writer
        try write(to: &sink)
    }

    /// The view model as JSON text in the default schema: compact, or indented when `pretty`.
    ///
    /// ```swift
    /// try ViewModel(navigationBarTitle: "Home").jsonString() // {"title":"Home"}
    /// ```
    public func jsonString(pretty: Bool = false) throws(JSONWriterError) -> String {
        let writer = JSONWriter(options: JSONWriterOptions(prettyPrinted: pretty))
        try write(to: writer)
        return writer.sink.string
    }
}

extension ComponentModel {
    /// Writes the component as JSON in the default schema to a writer.
    ///
    /// ```swift
    /// let writer = JSONWriter(sink: JSONFileSink.standardOutput())
    /// try HubSchema.default.forEachComponent(in: .standardInput) { component in
    ///     try component.write(to: writer)
    ///     try writer.reset() // one component per line
    /// }
    /// try writer.flush()
    /// ```
    public func write<Sink: JSONOutputSink>(to writer: JSONWriter<Sink>) throws(JSONWriterError) {
        var sink = writer
        try write(to: &sink)
    }

    /// The component as JSON text in the default schema: compact, or indented when `pretty`.
    ///
    /// ```swift
    /// try ComponentModel(identifier: "a", title: "A").jsonString() // {"id":"a","text":{"title":"A"}}
    /// ```
    public func jsonString(pretty: Bool = false) throws(JSONWriterError) -> String {
        let writer = JSONWriter(options: JSONWriterOptions(prettyPrinted: pretty))
        try write(to: writer)
        return writer.sink.string
    }
}

extension ComponentImageData {
    /// Writes the image data as JSON in the default schema to a writer.
    ///
    /// ```swift
    /// let writer = JSONWriter()
    /// try ComponentImageData(placeholderIcon: "album").write(to: writer)
    /// writer.sink.string // {"placeholder":"album"}
    /// ```
    public func write<Sink: JSONOutputSink>(to writer: JSONWriter<Sink>) throws(JSONWriterError) {
        var sink = writer
        try write(to: &sink)
    }
}

extension ComponentTarget {
    /// Writes the target as JSON in the default schema to a writer.
    ///
    /// ```swift
    /// let writer = JSONWriter()
    /// try ComponentTarget(uri: URL(string: "spotify:album:1")).write(to: writer)
    /// writer.sink.string // {"uri":"spotify:album:1"}
    /// ```
    public func write<Sink: JSONOutputSink>(to writer: JSONWriter<Sink>) throws(JSONWriterError) {
        var sink = writer
        try write(to: &sink)
    }
}
