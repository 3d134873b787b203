#ifndef SIFT_CSIMDJSONBENCH_H
#define SIFT_CSIMDJSONBENCH_H

// The simdjson On-Demand contender of `bench`: one hand-written function per query shape, as a
// simdjson user writes them, behind a C interface that Swift can call.
//
// Each function answers its query over a document loaded once (a padded copy of the bytes, as
// simdjson requires) and folds every value it finds into `answer`: how many, and the same FNV-1a
// digest that Fingerprint.swift computes (a string's UTF-8 bytes then 0xFF; an integer's, a
// double's bits; a boolean as 7 or 3), so that bench can check it found what Sift found. With
// `writes_lines` set, each value is also written to stdout as one compact JSON line, escaped as
// `sift query` writes it.
//
// A chain is member names separated by dots ("text.title"; "" for none).

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// A padded copy of a document and the parser that reads it (reused from one query to the next).
typedef struct sift_simdjson_document sift_simdjson_document;

/// What a query found.
typedef struct sift_simdjson_answer {
    /// How many values.
    uint64_t count;
    /// The FNV-1a state over them (Fingerprint.swift's checksum is `hash ^ count << 40`).
    uint64_t hash;
    /// Nonzero: also write every value to stdout, one compact JSON value per line.
    int writes_lines;
    /// NULL, or why the query stopped (simdjson's message).
    const char *error;
} sift_simdjson_answer;

/// A zeroed answer with the FNV-1a offset basis.
sift_simdjson_answer sift_simdjson_answer_make(int writes_lines);

/// A padded copy of `length` bytes.
sift_simdjson_document *sift_simdjson_document_copy(const void *bytes, size_t length);
/// A file read whole (simdjson's padded_string::load); NULL with `*error` set when it cannot be read.
sift_simdjson_document *sift_simdjson_document_load(const char *path, const char **error);
void sift_simdjson_document_free(sift_simdjson_document *document);

/// `$.a.b`: the value at a chain of members from the root.
void sift_simdjson_field_chain(sift_simdjson_document *document, const char *chain, sift_simdjson_answer *answer);
/// `$.a[*].b.c`: for each element of the array at `array`, the value at `chain`.
void sift_simdjson_each_field_chain(
    sift_simdjson_document *document, const char *array, const char *chain, sift_simdjson_answer *answer);
/// `$.a[?@.x.y==true].b`: for each element of the array at `array` whose `condition` is true, the
/// value at `chain`.
void sift_simdjson_filter_true(
    sift_simdjson_document *document, const char *array, const char *condition, const char *chain,
    sift_simdjson_answer *answer);
/// `$..name`: every member called `name`, at any depth, in document order (a recursion over the
/// objects and arrays). A match that is an object or an array is folded as its raw text and not
/// searched further.
void sift_simdjson_descendant(sift_simdjson_document *document, const char *name, sift_simdjson_answer *answer);
/// `$.a.b` on each value of a sequence (NDJSON), read with iterate_many (document_stream).
void sift_simdjson_lines_field_chain(
    sift_simdjson_document *document, const char *chain, sift_simdjson_answer *answer);

#ifdef __cplusplus
}
#endif

#endif
