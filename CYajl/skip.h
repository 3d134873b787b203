#ifndef SIFT_CYAJL_SKIP_H
#define SIFT_CYAJL_SKIP_H

#include <stddef.h>
#include <stdint.h>
#include <yajl/yajl_parse.h>

#include "container_end.h"
#include "member_pass.h"

/* Skipping a container nobody takes: at yajl's own speed, or faster (sift_skip_jump).

   When the scan (container_end.h) vouches for the container's bytes, yajl is moved onto its
   closing bracket (sift_skip_jump) and nothing else changes. Otherwise: yajl calls no callback
   it has no pointer for, and decodes no escaped string for a callback that is not there. While
   the tokenizer skips a container whose bytes stay at hand (an input parsed as one chunk), its
   callbacks table holds only the two below, which count the containers
   opened inside it (and keep the depth limit); when the skipped container ends, the tokenizer's
   own callbacks come back, and the end is delivered as usual. The per-token bookkeeping of the
   skipped part (keys, element indices) is rebuilt only if an error needs it, by parsing those
   bytes again (TokenizerEngine's replay).

   yajl's context pointer of every Sift tokenizer is one of these. */
typedef struct {
    /* The Swift tokenizer engine, unretained. */
    void *engine;
    /* The table yajl calls: the engine's, at a stable address. */
    yajl_callbacks *table;
    /* The engine's own callbacks, put back when the skip ends. */
    yajl_callbacks delivering;
    /* Containers open inside the skipped one, and how many more may open before the depth
       limit. */
    long depth;
    long room;
    /* The engine's report of a container past the depth limit: stores the error, returns 0. */
    int (*depth_exceeded)(void *engine);
} sift_skip;

static inline int sift_skip_start(void *context) {
    sift_skip *skip = (sift_skip *)context;
    if (skip->depth == skip->room) return skip->depth_exceeded(skip->engine);
    skip->depth++;
    return 1;
}

static inline int sift_skip_end_map(void *context) {
    sift_skip *skip = (sift_skip *)context;
    if (skip->depth > 0) {
        skip->depth--;
        return 1;
    }
    *skip->table = skip->delivering;
    return skip->delivering.yajl_end_map(context);
}

static inline int sift_skip_end_array(void *context) {
    sift_skip *skip = (sift_skip *)context;
    if (skip->depth > 0) {
        skip->depth--;
        return 1;
    }
    *skip->table = skip->delivering;
    return skip->delivering.yajl_end_array(context);
}

/* From the next token on, yajl calls the skipping callbacks until the container the current
   token opened ends; `room` containers may open inside it. */
static inline void sift_skip_begin(sift_skip *skip, long room) {
    static const yajl_callbacks skipping = {
        NULL, NULL, NULL, NULL, NULL, NULL,
        sift_skip_start, NULL, sift_skip_end_map,
        sift_skip_start, sift_skip_end_array
    };
    skip->depth = 0;
    skip->room = room;
    *skip->table = skipping;
}

/* The head of yajl 2's handle (struct yajl_handle_t, yajl_parser.h in yajl 2.0 and 2.1), up to
   the offset into the buffer being parsed. yajl lexes its next token at that offset, and
   yajl_get_bytes_consumed reads it; nothing else of the handle is touched. */
typedef struct {
    const yajl_callbacks *callbacks;
    void *ctx;
    void *lexer;
    const char *parse_error;
    size_t bytes_consumed;
} sift_yajl_handle_head;

/* Whether the handle's head is laid out as sift_yajl_handle_head says: its table, its context,
   and the offset yajl_get_bytes_consumed reports. Checked once per handle, inside a callback
   (where the offset is past the token); should a yajl with another layout ever be linked,
   nothing is moved and yajl parses every skipped container itself. */
static inline int sift_skip_head_matches(const sift_skip *skip, yajl_handle handle) {
    const sift_yajl_handle_head *head = (const sift_yajl_handle_head *)handle;
    return head->callbacks == skip->table && head->ctx == (const void *)skip
        && head->bytes_consumed == yajl_get_bytes_consumed(handle);
}

/* yajl's offset into the bytes it parses (a handle whose head matches). */
static inline size_t sift_skip_offset(yajl_handle handle) {
    return ((const sift_yajl_handle_head *)handle)->bytes_consumed;
}

/* In the start callback of a container nobody takes, while yajl parses the `length` bytes at
   `text` (a handle whose head matches): when sift_container_scan finds the container's closing
   bracket (having checked every byte up to it), moves yajl's offset onto it. yajl then lexes
   that bracket as the next token, ends the container (the state it pushed for it expects
   exactly that) and calls the tokenizer's end callback, with no callback in between and no
   table to swap. Otherwise yajl is left where it is; see sift_container_scan for the rest. With
   `needles` (or NULL), only a container that holds none of those member names is jumped over
   (sift_container_scan_for). */
static inline sift_container_scan_result sift_skip_jump(
    yajl_handle handle, const uint8_t *text, size_t length, long room, long *open_at, int level,
    const sift_member_names *needles) {
    sift_yajl_handle_head *head = (sift_yajl_handle_head *)handle;
    sift_container_scan_result result =
        sift_container_scan_for(text, head->bytes_consumed, length, room, open_at, level, needles);
    if (result.close >= 0) head->bytes_consumed = (size_t)result.close;
    return result;
}

/* In the start callback of an object, or the end callback of one of its members' values (a
   handle whose head matches), while yajl parses the `length` bytes at `text`: passes the members
   not in `wanted` (sift_member_pass) and moves yajl's offset to where it resumes. */
static inline sift_member_pass_result sift_skip_members(
    yajl_handle handle, const uint8_t *text, size_t length, int after_value, const sift_member_names *wanted,
    long room, long *open_at, int level, long known_stop) {
    sift_yajl_handle_head *head = (sift_yajl_handle_head *)handle;
    sift_member_pass_result result =
        sift_member_pass(text, head->bytes_consumed, length, after_value, wanted, room, open_at, level, known_stop);
    if (result.resume >= 0) head->bytes_consumed = (size_t)result.resume;
    return result;
}

/* Moves yajl's offset (a handle whose head matches) to `offset` into the bytes it parses, where
   the state it is in expects exactly what is there (member_chain.h). */
static inline void sift_skip_move(yajl_handle handle, long offset) {
    ((sift_yajl_handle_head *)handle)->bytes_consumed = (size_t)offset;
}

/* Puts the engine's own callbacks back before the skipped container ends. */
static inline void sift_skip_cancel(sift_skip *skip) {
    *skip->table = skip->delivering;
}

#endif
