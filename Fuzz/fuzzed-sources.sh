#!/usr/bin/env bash
# Prints one SHA-256 over the sources that `make fuzz` must have checked before a change lands:
# the tokenizer (Sources/Sift/Parsing), the C scanner and shims (CYajl), the matcher, held
# matches and the path parser (Sources/Sift/Paths), and the split of one document's array
# across threads (Sources/Sift/Parallel: Array*.swift, JSONArrayOutputs.swift,
# JSONArrayBlock.swift; FuzzSplitting); each file's path, then its bytes, in byte order of the
# paths. `make fuzz` writes it to Fuzz/LastRun when it finds nothing, and FuzzReplayTests fails
# when these sources have changed since (Fuzz/README.md).
set -euo pipefail
cd "$(dirname "$0")/.."
{
	find CYajl Sources/Sift/Parsing Sources/Sift/Paths -type f
	find Sources/Sift/Parallel -type f \( -name 'Array*.swift' -o -name JSONArrayOutputs.swift -o -name JSONArrayBlock.swift \)
} | LC_ALL=C sort | while IFS= read -r file; do
	printf '%s\n' "$file"
	cat "$file"
done | sha256sum | cut -d ' ' -f 1
