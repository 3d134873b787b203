#ifndef SIFT_CYAJL_MEMBER_PASS_H
#define SIFT_CYAJL_MEMBER_PASS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "container_end.h"

/* Passing the members of an object that nobody takes.

   When the handler says which member names of an object matter (a path that picks members by
   name), every other member is invisible to it: its key, its value and everything inside. This
   scan goes over such members in C, checking every byte as yajl would (container_end.h), and
   stops at the first member whose name is wanted, at the object's closing brace, or at anything
   it leaves to yajl (an escaped or unfinished key, an error, the end of the bytes, the depth
   limit). yajl is then moved onto a byte where its state for the object expects exactly what
   is there (skip.h):
   - in the object's start callback, yajl expects a key or `}`: the pass resumes yajl at the
     opening quote of the first key it did not pass, or at the `}`;
   - in the end callback of a member's value (a scalar's callback, or the end callback of a
     container member), yajl expects `,` or `}`: the pass resumes yajl just past the last value
     it passed (yajl then reads the `,` itself), or at the `}`.
   Only whole members are passed, so a pass that stops early has still made progress, and
   whatever it leaves is parsed by yajl exactly as without it. */

/* What sift_member_pass did. */
typedef struct {
    /* The index where yajl resumes, or -1 when nothing was passed. */
    long resume;
    /* When something was passed: the index of the last passed key's first byte (past its quote)
       and its length, and the index of the closing quote of the last string passed (keys
       included). */
    long last_key;
    long last_key_length;
    long last_string_close;
    /* How many members were passed. */
    long passed;
    /* When the pass stopped at a container member whose scan stopped: how many containers were
       open where it stopped, their opening brackets in `open_at` (see sift_container_scan_result);
       0 otherwise. */
    long open_count;
} sift_member_pass_result;


/* The object is open at `text[start]` (in its start callback when `after_value` is 0; just past
   a member's value, in its end callback, when it is 1): passes the members whose names are not
   in `wanted`, at most up to `length`. A container member may hold `room` levels (its own
   included): 0 leaves containers to yajl. `open_at` has room for SIFT_CONTAINER_END_STACK
   indices; `level` says which code classifies the blocks of long strings. A container member
   opening at `known_stop` (-1: none) is known to stop its scan, and is not scanned. */
static inline sift_member_pass_result sift_member_pass(
    const uint8_t *text, size_t start, size_t length, int after_value, const sift_member_names *wanted, long room,
    long *open_at, int level, long known_stop) {
    sift_member_pass_result result = {-1, -1, 0, -1, 0, 0};
    if (start > length) return result;
    const uint8_t *p = text + start;
    const uint8_t *end = text + length;
    /* What has been passed, committed to `result` (with where yajl resumes) only where yajl
       can resume: in the start callback, once the next key's quote or the brace is found,
       since yajl cannot resume on a comma there; after a value, right past each value. */
    sift_member_pass_result passed = result;
    const uint8_t *key;

    p = sift_skip_space(p, end);
    if (p >= end) return result;
    if (after_value) goto separator;
    if (*p != '"') return result;
    key = p;

member:
    /* at a key's opening quote */
    {
        const uint8_t *name = key + 1;
        const uint8_t *close = name;
        while (close < end && *close != '"' && *close != '\\' && *close >= 0x20) close++;
        if (close >= end || *close != '"') return result;
        if (sift_member_is_wanted(wanted, name, (long)(close - name))) return result;
        passed.last_key = (long)(name - text);
        passed.last_key_length = (long)(close - name);
        passed.last_string_close = (long)(close - text);
        p = sift_skip_space(close + 1, end);
        if (p >= end || *p != ':') return result;
        p = sift_skip_space(p + 1, end);
        if (p >= end) return result;
    }
    {
        const uint8_t *next = sift_skip_scalar(p, end, level);
        if (next != NULL) {
            if (*p == '"') passed.last_string_close = (long)(next - 1 - text);
            p = next;
        } else if ((*p == '{' || *p == '[') && room > 0 && (long)(p - text) != known_stop) {
            sift_container_scan_result scan =
                sift_container_scan_for(text, (size_t)(p + 1 - text), length, room - 1, open_at, level,
                    wanted->any_depth ? wanted : NULL);
            if (scan.close < 0) {
                result.open_count = scan.open_count;
                return result;
            }
            if (scan.last_string_close >= 0) passed.last_string_close = scan.last_string_close;
            p = text + scan.close + 1;
        } else {
            return result;
        }
    }
    passed.passed++;
    if (after_value) {
        /* yajl may resume just past this value. */
        result = passed;
        result.resume = (long)(p - text);
    }
    p = sift_skip_space(p, end);
    if (p >= end) return result;

separator:
    /* just past a member's value, at the first byte that is not whitespace */
    if (*p == '}') {
        if (passed.passed == 0) return result;
        result = passed;
        result.resume = (long)(p - text);
        return result;
    }
    if (*p != ',') return result;
    p = sift_skip_space(p + 1, end);
    if (p >= end || *p != '"') return result;
    key = p;
    if (!after_value && passed.passed > 0) {
        /* yajl may resume at this key's quote. */
        result = passed;
        result.resume = (long)(key - text);
    }
    goto member;
}

#endif
