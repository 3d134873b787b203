#ifndef SIFT_CYAJL_SKIP_H
#define SIFT_CYAJL_SKIP_H

#include <stddef.h>
#include <yajl/yajl_parse.h>

/* Skipping a container nobody takes, at yajl's own speed.

   yajl calls no callback it has no pointer for, and decodes no escaped string for a callback
   that is not there. While the tokenizer skips a container whose bytes stay at hand (an input
   parsed as one chunk), its callbacks table holds only the two below, which count the containers
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

/* Puts the engine's own callbacks back before the skipped container ends. */
static inline void sift_skip_cancel(sift_skip *skip) {
    *skip->table = skip->delivering;
}

#endif
