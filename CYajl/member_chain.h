#ifndef SIFT_CYAJL_MEMBER_CHAIN_H
#define SIFT_CYAJL_MEMBER_CHAIN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "container_end.h"

/* Reading a whole object for a handler that takes members along a chain of names.

   A path such as `$.body[*].text.title` takes, in each element, only the member `text`, and in
   its value only `title`: the handler's takes at every level are known when the element opens.
   The member pass (member_pass.h) already goes over the members nobody takes, but each member
   that is taken still goes through yajl, a callback and the handler's start event of the next
   level, which asks for the next pass. For an element of a few dozen bytes that costs several
   times its scan. This scan reads the whole object at once: it passes what nobody takes, as the
   member pass does, and writes the tokens of what is taken (keys, scalars, and the objects the
   chain goes into) to a list, from which the tokenizer delivers the very events the member
   passes would have let through. yajl is then moved past everything read.

   It checks every byte as yajl would (container_end.h), and reads only what it can hand over
   exactly: a taken key without escapes, a scalar, an object the chain goes into. At anything
   else (an escaped key there, an array or an object where the chain ends, an error, the end
   of the bytes, the depth limit, a full token list), it stops at the start of the object's
   member it is in: every member before it is read, that member and the ones after it are left
   to yajl and the member pass, which parse them exactly as without this scan. Since only whole
   members of the object are read, yajl resumes, in the object's start callback, at the opening
   quote of the next member's key or at the closing brace: the state it pushed for the object
   expects exactly that. */

/* The names taken at each level: `levels[0]` in the object itself; in the object value of a
   member taken as the i-th name of level l, those of level `next[l][i]`, or, where that is -1,
   none: the chain ends there, and an object or array value of that member is left to yajl.
   `count` levels, each reached from one before it (at most SIFT_CHAIN_DEPTH deep). */
typedef struct {
    const sift_member_names *const *levels;
    const long *const *next;
    long count;
} sift_member_chain;

#define SIFT_CHAIN_DEPTH 8

/* Whether a backslash is among the bytes from `p` to `end`: a short string's bytes one by one,
   which costs less than a call. */
static inline int sift_has_backslash(const uint8_t *p, const uint8_t *end) {
    if (end - p > 24) return memchr(p, '\\', (size_t)(end - p)) != NULL;
    for (; p < end; p++) {
        if (*p == '\\') return 1;
    }
    return 0;
}

/* The kinds of the tokens handed over. */
enum {
    SIFT_CHAIN_KEY = 0,
    SIFT_CHAIN_STRING = 1,
    SIFT_CHAIN_NUMBER = 2,
    SIFT_CHAIN_TRUE = 3,
    SIFT_CHAIN_FALSE = 4,
    SIFT_CHAIN_NULL = 5,
    SIFT_CHAIN_START_OBJECT = 6,
    SIFT_CHAIN_END_OBJECT = 7,
    /* A string with escapes, which the tokenizer decodes as yajl would (sift_decode_string). */
    SIFT_CHAIN_ESCAPED_STRING = 8,
    /* The object read ends, and the next one starts (read with `elements`): the end's brace,
       then the start's. */
    SIFT_CHAIN_END_ELEMENT = 9,
    SIFT_CHAIN_START_ELEMENT = 10
};

/* A token handed over. Keys and strings: `start` past the opening quote, `end` at the closing
   one. Numbers and literals: their first byte and just past the last. Brackets: the bracket and
   just past it, except an element's start: `start` is the closing quote of the last string read
   before it (keys and passed members included; -1 if none), `end` just past its brace. Indices
   into the scanned text. */
typedef struct {
    long kind;
    long start;
    long end;
} sift_chain_token;

/* What sift_member_chain_read did. */
typedef struct {
    /* Where yajl resumes (the opening quote of the first member's key not read, or the closing
       brace), or -1 when nothing was read. */
    long resume;
    /* The tokens handed over, in document order (only whole members of the object). */
    long token_count;
    /* When something was read: the last key read at level 0 (past its quote) and its length,
       and the closing quote of the last string read, keys included (-1 if none). */
    long last_key;
    long last_key_length;
    long last_string_close;
    /* Members passed, at every level. */
    long passed;
} sift_member_chain_result;

/* What follows the object read (`elements`): nothing read on into, the array's next element, the
   input's next top-level value. */
enum {
    SIFT_CHAIN_OBJECT_ONLY = 0,
    SIFT_CHAIN_ARRAY_ELEMENTS = 1,
    SIFT_CHAIN_TOP_LEVEL_VALUES = 2
};

/* Tokens an element's read keeps free when the next element starts (SIFT_CHAIN_START_ELEMENT):
   the read rather stops at an element's end than inside the next one. */
#define SIFT_CHAIN_ELEMENT_ROOM 32

/* The object opened at `text[start - 1]`, in its start callback: reads its members along
   `chain`, at most up to `length`, writing at most `capacity` tokens to `tokens`. `room` levels
   may open inside it (as in sift_member_pass); `open_at` and `level` as in sift_container_scan.

   With `elements`, the read goes on past the object's closing brace into the objects after it,
   each read along the same chain: SIFT_CHAIN_ARRAY_ELEMENTS when the object is an element of an
   array (the next element after a comma), SIFT_CHAIN_TOP_LEVEL_VALUES when it is a top-level
   value of an input of several (the next value after whitespace, or none). yajl's state inside
   any of those objects, past its brace, is the one it has inside the first (its stack holds the
   same states), so it resumes there as well. The tokenizer delivers each new object's start as
   yajl's callback would, and goes on only while the handler asks for the same chain in it. */
static inline sift_member_chain_result sift_member_chain_read(
    const uint8_t *text, size_t start, size_t length, const sift_member_chain *chain, long room, long *open_at,
    int level, sift_chain_token *tokens, long capacity, int elements) {
    sift_member_chain_result result = {-1, 0, -1, 0, -1, 0};
    if (start == 0 || start > length || text[start - 1] != '{' || chain->count < 1) return result;
    const uint8_t *p = text + start;
    const uint8_t *end = text + length;
    /* What is read so far, committed to `result` at each boundary of a level-0 member. */
    long count = 0;
    long passed = 0;
    long last_key = -1, last_key_length = 0, last_string_close = -1;
    /* How deep in the chain the scan is (0: in the object itself), the level of the object at
       each depth, and the level the value of the member being read goes on at (-1: none). */
    long depth = 0;
    long level_at[SIFT_CHAIN_DEPTH + 1];
    long next_level = -1;
    level_at[0] = 0;
    /* Commits what is read so far, at `p`, a boundary of a level-0 member. */
#define SIFT_CHAIN_COMMIT()                                                                             \
    (result = (sift_member_chain_result){(long)(p - text), count, last_key, last_key_length, last_string_close, passed})

    p = sift_skip_space(p, end);
    if (p >= end) return result;
    if (*p == '}') goto closed;
    if (*p != '"') return result;

member:
    /* at a key's opening quote, in the object at `depth` */
    if (depth == 0) SIFT_CHAIN_COMMIT();
    {
        const uint8_t *name = p + 1;
        const uint8_t *close = name;
        while (close < end && *close != '"' && *close != '\\' && *close >= 0x20) close++;
        if (close >= end || *close != '"') return result;
        long name_length = (long)(close - name);
        long level_here = level_at[depth];
        long taken = sift_member_index(chain->levels[level_here], name, name_length);
        next_level = taken >= 0 ? chain->next[level_here][taken] : -1;
        if (depth == 0) {
            last_key = (long)(name - text);
            last_key_length = name_length;
        }
        last_string_close = (long)(close - text);
        p = sift_skip_space(close + 1, end);
        if (p >= end || *p != ':') return result;
        p = sift_skip_space(p + 1, end);
        if (p >= end) return result;
        if (taken < 0) {
            const uint8_t *next = sift_skip_scalar(p, end, level);
            if (next != NULL) {
                if (*p == '"') last_string_close = (long)(next - 1 - text);
                p = next;
            } else if ((*p == '{' || *p == '[') && room - depth > 0) {
                sift_container_scan_result scan =
                    sift_container_scan_for(text, (size_t)(p + 1 - text), length, room - depth - 1, open_at, level, NULL);
                if (scan.close < 0) return result;
                if (scan.last_string_close >= 0) last_string_close = scan.last_string_close;
                p = text + scan.close + 1;
            } else {
                return result;
            }
            passed++;
            goto after_value;
        }
        if (count + 2 > capacity) return result;
        tokens[count].kind = SIFT_CHAIN_KEY;
        tokens[count].start = (long)(name - text);
        tokens[count].end = (long)(close - text);
        count++;
    }
    /* the value of a taken member */
    switch (*p) {
    case '"': {
        const uint8_t *next = sift_skip_string(p + 1, end, level);
        if (next == NULL) return result;
        const uint8_t *close = next - 1;
        tokens[count].kind =
            sift_has_backslash(p + 1, close) ? SIFT_CHAIN_ESCAPED_STRING : SIFT_CHAIN_STRING;
        tokens[count].start = (long)(p + 1 - text);
        tokens[count].end = (long)(close - text);
        count++;
        last_string_close = (long)(close - text);
        p = close + 1;
        goto after_value;
    }
    case '{':
        if (next_level < 0 || depth + 1 > SIFT_CHAIN_DEPTH || room - depth <= 0) return result;
        tokens[count].kind = SIFT_CHAIN_START_OBJECT;
        tokens[count].start = (long)(p - text);
        tokens[count].end = (long)(p + 1 - text);
        count++;
        depth++;
        level_at[depth] = next_level;
        p = sift_skip_space(p + 1, end);
        if (p >= end) return result;
        if (*p == '}') goto closed;
        if (*p != '"') return result;
        goto member;
    case '[':
        return result;
    default: {
        const uint8_t *next = sift_skip_scalar(p, end, level);
        if (next == NULL) return result;
        long kind = *p == 't' ? SIFT_CHAIN_TRUE : *p == 'f' ? SIFT_CHAIN_FALSE : *p == 'n' ? SIFT_CHAIN_NULL
            : SIFT_CHAIN_NUMBER;
        tokens[count].kind = kind;
        tokens[count].start = (long)(p - text);
        tokens[count].end = (long)(next - text);
        count++;
        p = next;
        goto after_value;
    }
    }

after_value:
    p = sift_skip_space(p, end);
    if (p >= end) return result;
    if (*p == ',') {
        p = sift_skip_space(p + 1, end);
        if (p >= end || *p != '"') return result;
        goto member;
    }
    if (*p != '}') return result;

closed:
    /* at the brace that closes the object at `depth` */
    if (depth == 0) {
        SIFT_CHAIN_COMMIT();
        if (elements == SIFT_CHAIN_OBJECT_ONLY || count + 2 + SIFT_CHAIN_ELEMENT_ROOM > capacity) return result;
        const uint8_t *open = sift_skip_space(p + 1, end);
        if (elements == SIFT_CHAIN_ARRAY_ELEMENTS) {
            if (open >= end || *open != ',') return result;
            open = sift_skip_space(open + 1, end);
        }
        if (open >= end || *open != '{') return result;
        tokens[count].kind = SIFT_CHAIN_END_ELEMENT;
        tokens[count].start = (long)(p - text);
        tokens[count].end = (long)(p + 1 - text);
        tokens[count + 1].kind = SIFT_CHAIN_START_ELEMENT;
        tokens[count + 1].start = last_string_close;
        tokens[count + 1].end = (long)(open + 1 - text);
        count += 2;
        /* The new element's frame has no key yet. */
        last_key = -1;
        last_key_length = 0;
        p = sift_skip_space(open + 1, end);
        if (p >= end) return result;
        if (*p == '}') goto closed;
        if (*p != '"') return result;
        goto member;
    }
    if (count + 1 > capacity) return result;
    tokens[count].kind = SIFT_CHAIN_END_OBJECT;
    tokens[count].start = (long)(p - text);
    tokens[count].end = (long)(p + 1 - text);
    count++;
    depth--;
    p++;
    goto after_value;
#undef SIFT_CHAIN_COMMIT
}

#endif
