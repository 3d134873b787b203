#!/usr/bin/env python3
"""DuckDB as the parallel/ scenarios' NDJSON contender: it reads NDJSON on every core.

Usage: duckdb-contender.py COLUMN FILE.ndjson

Selects COLUMN (a DuckDB struct path such as `text.title`) of every line of FILE and writes
each value as a JSON text, one per line, to standard output, as `sift query --lines` does
(DuckDB's own JSON form: the scenario checks it only against itself). bench runs it with
.build/pyenv/bin/python3 when `make bench` made that environment (pip install duckdb), else
with python3, and leaves DuckDB out when it cannot import it.
"""
import sys

import duckdb


def main() -> int:
    column, path = sys.argv[1:3]
    query = (
        f"COPY (SELECT to_json({column}) FROM read_json(?, format = 'newline_delimited')) "
        "TO '/dev/stdout' (FORMAT csv, HEADER false, QUOTE '')"
    )
    connection = duckdb.connect()
    connection.execute(query, [path])
    # COPY's writer flushes when the connection closes.
    connection.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
