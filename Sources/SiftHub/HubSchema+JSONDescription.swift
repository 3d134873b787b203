import Sift

extension HubSchema {
    /// Loads a schema from its JSON description: the default schema, with the paths the
    /// description names replaced.
    ///
    /// The description is an object with up to four sections, `viewModel`, `component`, `image`
    /// and `target`. Each maps property names to paths:
    ///
    /// - a string is one RFC 9535 JSONPath, relative to the model's JSON object (`"$.name"`,
    ///   `"$.items[*]"`, `"$['odd key'][0]"`);
    /// - a list of strings is their combination (the first alternative with a valid value wins,
    ///   for renamed keys): `["$.subtitle", "$.sub"]`;
    /// - `null` or `[]` means the property is not read.
    ///
    /// A property is named as the model's Swift property (`title`, `bodyComponents`,
    /// `mainImageData`, `actionIdentifiers`…) or by its key in the default schema (`text.title`,
    /// `body`, `images.main`, `actions`…). Properties not named keep their default-schema path.
    /// Unknown sections or properties, paths that do not parse and values of any other type
    /// throw a ``HubSchemaError`` naming the offending entry; invalid JSON throws the engine's
    /// `JSONParseError`.
    ///
    /// | section | properties (default-schema key) |
    /// | --- | --- |
    /// | `viewModel` | `identifier` (`id`), `navigationBarTitle` (`title`), `headerComponent` (`header`), `bodyComponents` (`body`), `overlayComponents` (`overlays`), `customData` (`custom`) |
    /// | `component` | `identifier` (`id`), `groupIdentifier` (`group`), `componentIdentifier` (`component.id`), `componentCategory` (`component.category`), `title` (`text.title`), `subtitle` (`text.subtitle`), `accessoryTitle` (`text.accessory`), `descriptionText` (`text.description`), `icon` (`images.icon`), `mainImageData` (`images.main`), `backgroundImageData` (`images.background`), `customImageData` (`images.custom`), `target`, `metadata`, `loggingData` (`logging`), `customData` (`custom`), `children` |
    /// | `image` | `url` (`uri`), `placeholderIcon` (`placeholder`), `localImageName` (`local`), `customData` (`custom`) |
    /// | `target` | `uri`, `actionIdentifiers` (`actions`), `initialViewModel` (`view`), `customData` (`custom`) |
    ///
    /// Paths of nested models (`headerComponent`, `bodyComponents`, `overlayComponents`,
    /// `mainImageData`, `backgroundImageData`, `target`, `children`, `initialViewModel`) select the
    /// JSON objects those models are parsed from, with their own section's paths; list properties
    /// (`bodyComponents`, `overlayComponents`, `children`, `actionIdentifiers`) take every value
    /// selected (for `actionIdentifiers`, each a `namespace:name` string or an array of them), the
    /// others the first valid one.
    ///
    /// ```swift
    /// let schema = try HubSchema(jsonDescription: .string("""
    ///     {
    ///       "viewModel": {"bodyComponents": "$.items[*]"},
    ///       "component": {"title": "$.name", "subtitle": ["$.subtitle", "$.sub"], "icon": null},
    ///       "image": {"url": "$.src"}
    ///     }
    ///     """))
    /// let viewModel = try ViewModel(parsing: .file("items.json"), schema: schema)
    /// ```
    public init(jsonDescription input: JSONInput) throws {
        guard let value = try JSONQuery.collect(JSONPath.root.value, from: input).first else {
            throw HubSchemaError(.invalidDescription, subject: "", message: "the description is empty")
        }
        try self.init(jsonDescriptionValue: value)
    }

    /// Loads a schema from its JSON description already in memory (see
    /// ``init(jsonDescription:)`` for the format).
    ///
    /// ```swift
    /// let description = JSONValue.object(JSONObject([.init(key: "component", value: .object(JSONObject([
    ///     .init(key: "title", value: .string("$.name"))])))]))
    /// let schema = try HubSchema(jsonDescriptionValue: description)
    /// ```
    public init(jsonDescriptionValue value: JSONValue) throws(HubSchemaError) {
        self.init()
        guard case .object(let sections) = value else {
            throw HubSchemaError(
                .invalidDescription, subject: "",
                message: "expected an object with the sections viewModel, component, image, target")
        }
        for section in sections {
            guard let model = HubModelKind.allCases.first(where: { $0.sectionName == section.key }) else {
                throw HubSchemaError(
                    .invalidDescription, subject: section.key,
                    message: "unknown section; expected one of viewModel, component, image, target")
            }
            guard case .object(let entries) = section.value else {
                throw HubSchemaError(
                    .invalidDescription, subject: section.key, message: "expected an object of property paths")
            }
            let properties = model.properties
            for entry in entries {
                let subject = section.key + "." + entry.key
                guard
                    let property = properties.first(where: { $0.name == entry.key })
                        ?? properties.first(where: { $0.defaultKey == entry.key })
                else {
                    throw HubSchemaError(
                        .invalidDescription, subject: subject,
                        message: "unknown property; expected one of "
                            + properties.map(\.name).joined(separator: ", "))
                }
                property.setPath(&self, try Self.path(entry.value, subject: subject))
            }
        }
    }

    /// The path of one description entry: a string, a list of strings (combined), or null.
    private static func path(_ value: JSONValue, subject: String) throws(HubSchemaError) -> JSONPath? {
        switch value {
        case .null:
            return nil
        case .string(let text):
            return try parse(text, subject: subject)
        case .array(let elements):
            var combined: JSONPath?
            for element in elements {
                guard case .string(let text) = element else {
                    throw HubSchemaError(
                        .invalidDescription, subject: subject, message: "expected a list of path strings")
                }
                let path = try parse(text, subject: subject)
                combined = combined.map { $0.combine(with: path) } ?? path
            }
            return combined
        default:
            throw HubSchemaError(
                .invalidDescription, subject: subject,
                message: "expected a path string, a list of path strings or null")
        }
    }

    private static func parse(_ text: String, subject: String) throws(HubSchemaError) -> JSONPath {
        do {
            return try JSONPath(text)
        } catch {
            throw HubSchemaError(.invalidDescription, subject: subject, message: "invalid path: \(error)")
        }
    }
}
