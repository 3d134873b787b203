import Foundation

/// The JSON Schema (draft 2020-12) that every document of ``HubFeedGenerator`` meets: a dozen
/// keywords over every component (`required`, `enum`, `pattern`, `minLength`, `minimum`,
/// `maxItems`, `uniqueItems`, `additionalProperties`, `type` unions) and a `$ref` to the recursive
/// `component` definition for `children`.
///
/// ```swift
/// let schema = try JSONSchema(parsing: HubFeedSchema.text)
/// let schemaFile = try HubFeedSchema.file()  // the same text in a temporary file, for processes
/// ```
enum HubFeedSchema {
    static let text = #"""
        {
          "$schema": "https://json-schema.org/draft/2020-12/schema",
          "type": "object",
          "required": ["id", "body"],
          "properties": {
            "id": {"type": "string"},
            "title": {"type": "string"},
            "header": {"$ref": "#/$defs/component"},
            "body": {"type": "array", "items": {"$ref": "#/$defs/component"}},
            "custom": {"type": "object", "properties": {"components": {"type": "integer", "minimum": 0}}}
          },
          "$defs": {
            "component": {
              "type": "object",
              "required": ["id", "component", "text"],
              "properties": {
                "id": {"type": "string", "pattern": "^[a-z]+-[0-9]+$"},
                "component": {
                  "type": "object",
                  "required": ["id", "category"],
                  "properties": {
                    "id": {"type": "string", "pattern": "^[a-z]+:[a-z]+$"},
                    "category": {"enum": ["header", "row", "card", "carousel", "banner"]}
                  },
                  "additionalProperties": false
                },
                "text": {
                  "type": "object",
                  "required": ["title"],
                  "properties": {
                    "title": {"type": "string", "minLength": 1},
                    "subtitle": {"type": "string"},
                    "description": {"type": "string", "maxLength": 4096}
                  }
                },
                "images": {
                  "type": "object",
                  "properties": {
                    "main": {
                      "type": "object",
                      "required": ["uri"],
                      "properties": {"uri": {"type": "string", "pattern": "^https://"}, "placeholder": {"type": "string"}}
                    },
                    "icon": {"type": "string"}
                  }
                },
                "target": {
                  "type": "object",
                  "required": ["uri"],
                  "properties": {
                    "uri": {"type": "string", "pattern": "^spotify:[a-z]+:[0-9A-Za-z]+$"},
                    "actions": {"type": "array", "items": {"type": "string"}, "maxItems": 8, "uniqueItems": false}
                  }
                },
                "metadata": {
                  "type": "object",
                  "properties": {
                    "numbers": {"type": "array", "items": {"type": "integer"}},
                    "flag": {"type": "boolean"},
                    "score": {"type": "number", "minimum": 0},
                    "position": {"type": "integer", "minimum": 0}
                  }
                },
                "logging": {"type": "object"},
                "custom": {
                  "type": "object",
                  "properties": {
                    "accent": {"type": "string", "pattern": "^[0-9a-f]{6}$"},
                    "ratio": {"type": "number", "minimum": 0, "maximum": 1},
                    "badge": {"type": ["string", "null"]}
                  }
                },
                "children": {"type": "array", "items": {"$ref": "#/$defs/component"}, "maxItems": 16}
              }
            }
          }
        }
        """#

    /// The schema in a temporary file (written once per process), for the processes that read it.
    static func file() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "sift-bench-\(getpid())-hub-feed.schema.json")
        if !FileManager.default.fileExists(atPath: url.path) {
            try Data(text.utf8).write(to: url)
        }
        return url
    }
}
