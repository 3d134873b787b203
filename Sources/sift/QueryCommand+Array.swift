import Sift

extension QueryCommand {
    /// `--jobs N` (N above 1) on one document: its array's elements matched on N threads.
    ///
    /// When `path` selects the elements of an array (`$.body[*].text.title`) and `source` is a
    /// regular file, the elements are matched in blocks on N threads by ``JSONArrayOutputs``
    /// and written in document order, the bytes one thread writes, each counted in `tally` as it
    /// is written. Returns false, having read nothing, when the document is to be read on one
    /// thread (the path does not split, stdin, a download, a progress bar, records).
    ///
    /// An input error is thrown after the matches before it are written, as one thread writes
    /// them.
    func parseArray(
        path: JSONPath, source: InputSource, fileName: String?, options: JSONParserOptions, output: StandardOutput,
        tally: Tally
    ) async throws -> Bool {
        guard let jobs = lineOptions.jobs, jobs > 1, fields.isEmpty,
            let file = source.regularFile(progress: input.progress)
        else {
            return false
        }
        let format = self.format.format
        let (withPath, first) = (withPath, first)
        let order: JSONQuery.ResultOrder = streamOrder ? .streaming : .rfc9535
        let blockSize =
            Environment.value("SIFT_ARRAY_BLOCK_SIZE").flatMap { Int($0) }
            ?? JSONArrayOutputs<LineBlockPrinter<JSONQueryHandler>>.defaultBlockSize
        let outputs = JSONArrayOutputs(file, path: path, options: options, parallelism: jobs, blockSize: blockSize) {
            block in
            let blockOutput = StandardOutput(format: format, inMemory: true)
            let printer = MatchPrinter(
                output: blockOutput, includesPaths: withPath, includesLocations: false, stopsAtFirstMatch: first)
            printer.fileName = fileName
            printer.arrayBlock = block
            var query = JSONQuery(options: options)
            query.resultOrder = order
            query.add(block.path, places: printer.places) { match in try printer.write(match) }
            return LineBlockPrinter(inner: JSONQueryHandler(query), output: blockOutput) { printer.matchCount }
        }
        guard outputs.isSplit else { return false }
        for try await block in outputs {
            try output.write(bytes: block.bytes)
            tally.matches += block.count
            if first && tally.matches > 0 { break }
        }
        return true
    }
}
