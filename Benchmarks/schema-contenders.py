#!/usr/bin/env python3
"""The Python JSON Schema validators bench compares `sift validate --schema` with.

Usage: schema-contenders.py jsonschema|jsonschema_rs SCHEMA.json INSTANCE.json

Loads the whole instance (as both libraries must: neither streams), validates it against the
draft 2020-12 schema, and prints one line per error (nothing when the instance is valid), as
`sift validate --schema` prints nothing for a valid file. Exit status: 0 valid, 1 invalid.
bench runs it with .build/pyenv/bin/python3 when `make bench` made that environment
(pip install jsonschema jsonschema-rs), else with python3, and leaves out a library it cannot
import.
"""
import json
import sys


def main() -> int:
    library, schema_path, instance_path = sys.argv[1:4]
    with open(schema_path, encoding="utf-8") as file:
        schema = json.load(file)
    with open(instance_path, encoding="utf-8") as file:
        instance = json.load(file)
    if library == "jsonschema":
        import jsonschema

        validator = jsonschema.Draft202012Validator(schema)
    elif library == "jsonschema_rs":
        import jsonschema_rs

        validator = jsonschema_rs.Draft202012Validator(schema)
    else:
        print(f"unknown library {library}", file=sys.stderr)
        return 2
    errors = 0
    for error in validator.iter_errors(instance):
        print(error.message if hasattr(error, "message") else error)
        errors += 1
    return 1 if errors else 0


if __name__ == "__main__":
    sys.exit(main())
