public import SiftHub

/// Maps a Hub document's body components, each handed out as soon as its JSON object closes,
/// while the body downloads (see `HubSchema.components(in:)`); nothing of a component is kept
/// after it is handed out.
///
/// ```swift
/// let loader = HTTPDataLoader(client: client, resourcePath: "/feed", mapper: ComponentsDataMapper())
/// for try await component in loader.elements() { print(component.identifier) }
/// ```
public struct ComponentsDataMapper: ElementMapper {
    /// The schema the document is read with.
    ///
    /// ```swift
    /// mapper.schema // HubSchema.default
    /// ```
    public let schema: HubSchema

    /// Creates the mapper.
    ///
    /// ```swift
    /// let mapper = ComponentsDataMapper(schema: .default)
    /// ```
    public init(schema: HubSchema = .default) {
        self.schema = schema
    }

    /// The body components, as they are complete.
    ///
    /// ```swift
    /// for try await component in mapper.elements(in: body) { print(component.identifier) }
    /// ```
    public func elements(in body: HTTPBodyChunks) -> ComponentModelChunkStream<HTTPBodyChunks> {
        schema.components(in: body)
    }

}
