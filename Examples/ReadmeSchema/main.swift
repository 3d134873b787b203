import Sift
import SiftSchema

let schema = try JSONSchema(parsing: """
    {"type": "object", "required": ["id", "tags"],
     "properties": {"id": {"type": "integer", "minimum": 1},
                    "tags": {"type": "array", "items": {"type": "string"}, "uniqueItems": true}}}
    """)
let report = try schema.validate(.string(#"{"id": "12", "tags": ["a", "b", "a"]}"#))
print(report.isValid)
for error in report.errors { print(error) }
