#ifndef SIFT_CYAJL_CONTAINER_END_H
#define SIFT_CYAJL_CONTAINER_END_H

#include <stddef.h>
#include <stdint.h>

/* Finding where a container ends, checking on the way that everything inside it is JSON.

   A container nobody takes, in an input held whole, need not go through yajl at all: once this
   scan has found its closing bracket, yajl is moved straight to it (skip.h). The scan must
   therefore accept only what yajl accepts (with comments off and strings not checked for
   UTF-8, which the tokenizer's screen checks for the whole chunk): strict RFC 8259 JSON, with
   yajl's rules for escapes (one of \" \\ \/ \b \f \n \r \t, or \u and four hexadecimal digits;
   surrogates are not paired here, nor by yajl's lexer) and no raw byte below 0x20 in a string.
   It may refuse more than yajl does: anything it refuses (an error, the end of the bytes, a
   nesting past `room` or past its own stack) is simply left to yajl, which parses the container
   as before and reports the error, if there is one, itself. */

#define SIFT_CONTAINER_END_STACK 1024

#include <string.h>

#include "block_classify.h"

static inline int sift_is_json_space(uint8_t byte) {
    return byte == ' ' || byte == '\n' || byte == '\r' || byte == '\t';
}

/* The first byte at or after `p` that is not JSON whitespace (`end` if none). Indentation
   runs are common in pretty-printed documents: after the first space, 16 bytes at a time. */
static inline const uint8_t *sift_skip_space(const uint8_t *p, const uint8_t *end) {
    if (p >= end || !sift_is_json_space(*p)) return p;
    p++;
#if defined(__SSE2__)
    const __m128i space = _mm_set1_epi8(' ');
    const __m128i line_feed = _mm_set1_epi8('\n');
    const __m128i carriage_return = _mm_set1_epi8('\r');
    const __m128i tab = _mm_set1_epi8('\t');
    while (end - p >= 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)p);
        __m128i blank = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(bytes, space), _mm_cmpeq_epi8(bytes, line_feed)),
            _mm_or_si128(_mm_cmpeq_epi8(bytes, carriage_return), _mm_cmpeq_epi8(bytes, tab)));
        unsigned other = (unsigned)_mm_movemask_epi8(blank) ^ 0xFFFFu;
        if (other != 0) return p + __builtin_ctz(other);
        p += 16;
    }
#endif
    while (p < end && sift_is_json_space(*p)) p++;
    return p;
}

static inline int sift_is_hex_digit(uint8_t byte) {
    return (byte >= '0' && byte <= '9') || ((byte | 0x20) >= 'a' && (byte | 0x20) <= 'f');
}

/* `p` is just past an opening quote, or at a backslash inside a string: returns just past the
   closing quote, NULL if the string is not one yajl takes or does not end before `end`. Byte by
   byte: the code for the last bytes of the long strings and the short ones of the portable
   level. */
static inline const uint8_t *sift_skip_string_bytes(const uint8_t *p, const uint8_t *end) {
    for (;;) {
        while (p < end && *p != '"' && *p != '\\' && *p >= 0x20) p++;
        if (p >= end) return NULL;
        if (*p == '"') return p + 1;
        if (*p != '\\') return NULL; /* a raw control character */
        p++;
        if (p >= end) return NULL;
        switch (*p) {
        case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
            p++;
            break;
        case 'u':
            if (end - p < 5 || !sift_is_hex_digit(p[1]) || !sift_is_hex_digit(p[2]) || !sift_is_hex_digit(p[3])
                || !sift_is_hex_digit(p[4])) {
                return NULL;
            }
            p += 5;
            break;
        default:
            return NULL;
        }
    }
}

/* As sift_skip_string, 64 bytes at a time while that many remain: each block is classified
   (sift_classify), the bytes its backslashes escape are found from the mask alone, and the string
   ends at the first quote not escaped. Before it, no byte may be a control character, and every
   escaped byte must be one of those yajl takes (a `u` also needs four hexadecimal digits). The
   bytes left at the end go to sift_skip_string. */
static inline const uint8_t *sift_skip_long_string(const uint8_t *p, const uint8_t *end, int level) {
    uint64_t carry = 0;
    while (end - p >= 64) {
        sift_block_masks masks = sift_classify(p, level);
        uint64_t escaped = sift_escaped_bytes(masks.backslash, &carry);
        uint64_t closing = masks.quote & ~escaped;
        uint64_t inside = closing != 0 ? (closing & (0 - closing)) - 1 : ~(uint64_t)0;
        if ((masks.control & inside) != 0) return NULL;
        uint64_t escapes = escaped & inside;
        while (escapes != 0) {
            const uint8_t *escape = p + __builtin_ctzll(escapes);
            switch (*escape) {
            case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
                break;
            case 'u':
                if (end - escape < 5 || !sift_is_hex_digit(escape[1]) || !sift_is_hex_digit(escape[2])
                    || !sift_is_hex_digit(escape[3]) || !sift_is_hex_digit(escape[4])) {
                    return NULL;
                }
                break;
            default:
                return NULL;
            }
            escapes &= escapes - 1;
        }
        if (closing != 0) return p + __builtin_ctzll(closing) + 1;
        p += 64;
    }
    /* Back onto the backslash that escapes the next byte, if one does. */
    return sift_skip_string_bytes(p - carry, end);
}

/* `p` is just past an opening quote: returns just past the closing one, NULL if the string is
   not one yajl takes or does not end before `end`. Most strings inside skipped containers are
   short, without escapes: a first look at 16 bytes (SSE2, or byte by byte on the portable
   level) ends them; any other goes to the 64-byte blocks. */
static inline const uint8_t *sift_skip_string(const uint8_t *p, const uint8_t *end, int level) {
    if (end - p >= 64 + 16) {
#if defined(SIFT_SKIP_HAS_X86)
        if (level != SIFT_SKIP_PORTABLE) {
            const __m128i quote = _mm_set1_epi8('"');
            const __m128i backslash = _mm_set1_epi8('\\');
            const __m128i below_space = _mm_set1_epi8(0x1F);
            __m128i bytes = _mm_loadu_si128((const __m128i *)p);
            __m128i special = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)),
                _mm_cmpeq_epi8(_mm_max_epu8(bytes, below_space), below_space));
            unsigned mask = (unsigned)_mm_movemask_epi8(special);
            if (mask == 0) return sift_skip_long_string(p + 16, end, level);
            const uint8_t *first = p + __builtin_ctz(mask);
            if (*first == '"') return first + 1;
            return sift_skip_long_string(first, end, level);
        }
#endif
        for (const uint8_t *probe = p; probe < p + 16; probe++) {
            if (*probe == '"') return probe + 1;
            if (*probe == '\\' || *probe < 0x20) return sift_skip_long_string(probe, end, level);
        }
        return sift_skip_long_string(p + 16, end, level);
    }
    return sift_skip_string_bytes(p, end);
}

/* The first byte at or after `p` that is not a decimal digit (`end` if none). Eight bytes at a
   time while eight remain (SWAR): a byte is a digit when its high nibble is 3 and its low
   nibble plus 6 stays below 16; the first byte that is not is found from the word's flags. Long
   integers (identifiers, timestamps) and the mantissas of floating-point numbers pass in two
   or three steps, where the loop would take one per digit. */
static inline const uint8_t *sift_skip_digits(const uint8_t *p, const uint8_t *end) {
    while (end - p >= 8) {
        uint64_t word;
        memcpy(&word, p, sizeof word);
        uint64_t other = ((word & 0xF0F0F0F0F0F0F0F0ULL) ^ 0x3030303030303030ULL)
            | (((word & 0x0F0F0F0F0F0F0F0FULL) + 0x0606060606060606ULL) & 0xF0F0F0F0F0F0F0F0ULL);
        /* 0x80 in each byte of `other` that is not 0: no carry crosses a byte */
        uint64_t flags = (((other & 0x7F7F7F7F7F7F7F7FULL) + 0x7F7F7F7F7F7F7F7FULL) | other) & 0x8080808080808080ULL;
        if (flags != 0) return p + (__builtin_ctzll(flags) >> 3);
        p += 8;
    }
    while (p < end && *p >= '0' && *p <= '9') p++;
    return p;
}

/* `p` is at a number's first byte: returns just past it, NULL if it is not a JSON number or
   runs to `end` (where it could go on). Always inlined, as sift_skip_scalar: every scan calls it
   once per number it passes. */
__attribute__((always_inline))
static inline const uint8_t *sift_skip_number(const uint8_t *p, const uint8_t *end) {
    if (*p == '-') p++;
    if (p >= end) return NULL;
    if (*p == '0') {
        p++;
    } else if (*p >= '1' && *p <= '9') {
        p = sift_skip_digits(p + 1, end);
    } else {
        return NULL;
    }
    if (p < end && *p == '.') {
        const uint8_t *digits = p + 1;
        p = sift_skip_digits(digits, end);
        if (p == digits) return NULL;
    }
    if (p < end && (*p == 'e' || *p == 'E')) {
        p++;
        if (p < end && (*p == '+' || *p == '-')) p++;
        const uint8_t *digits = p;
        p = sift_skip_digits(digits, end);
        if (p == digits) return NULL;
    }
    return p < end ? p : NULL;
}

static inline const uint8_t *sift_skip_word(const uint8_t *p, const uint8_t *end, const char *word, size_t length) {
    if ((size_t)(end - p) < length) return NULL;
    for (size_t index = 0; index < length; index++) {
        if (p[index] != (uint8_t)word[index]) return NULL;
    }
    return p + length;
}

/* `p` is at a value's first byte: returns just past it when it is a scalar (a string, a number
   or a literal) that yajl takes and that ends before `end`; NULL otherwise (a container, an
   error, or a token that could go on past `end`). A string's closing quote is the byte before
   the one returned. Tested in the order of how often they come; a jump table here costs an
   indirect branch that mispredicts on every change of kind. Always inlined: a member pass calls it
   for every member it passes, and a call there costs as much as a short scalar's scan. */
__attribute__((always_inline))
static inline const uint8_t *sift_skip_scalar(const uint8_t *p, const uint8_t *end, int level) {
    if (*p == '"') return sift_skip_string(p + 1, end, level);
    if ((uint8_t)(*p - '0') <= 9 || *p == '-') return sift_skip_number(p, end);
    if (*p == 't') return sift_skip_word(p, end, "true", 4);
    if (*p == 'f') return sift_skip_word(p, end, "false", 5);
    if (*p == 'n') return sift_skip_word(p, end, "null", 4);
    return NULL;
}

/* One member name, as raw bytes (names whose keys carry escapes are never compared: the pass
   leaves such keys to yajl). */
typedef struct {
    const uint8_t *bytes;
    long length;
} sift_member_name;

/* The names that matter in an object; any other member may be passed. */
typedef struct {
    const sift_member_name *names;
    long count;
    /* Bit n set when some name is n bytes long (bit 63: 63 bytes or more), so that most keys
       are ruled out by their length alone. */
    uint64_t lengths;
    /* Whether the names matter at any depth (a handler looking for `$..name`): a member whose
       value holds one of them, however deep, is not passed either. */
    int any_depth;
} sift_member_names;

/* Whether the `length` bytes at `a` and `b` are the same. Member names are mostly short: byte by
   byte up to 8, which costs less than a call and rules most keys out at their first byte. */
static inline int sift_name_equals(const uint8_t *a, const uint8_t *b, long length) {
    if (length <= 8) {
        for (long index = 0; index < length; index++) {
            if (a[index] != b[index]) return 0;
        }
        return 1;
    }
    return a[0] == b[0] && memcmp(a, b, (size_t)length) == 0;
}

/* The index of `key` among `wanted`'s names, -1 if it is not one. */
static inline long sift_member_index(const sift_member_names *wanted, const uint8_t *key, long length) {
    if ((wanted->lengths & ((uint64_t)1 << (length < 63 ? length : 63))) == 0) return -1;
    for (long index = 0; index < wanted->count; index++) {
        const sift_member_name *name = wanted->names + index;
        if (name->length == length && sift_name_equals(name->bytes, key, length)) return index;
    }
    return -1;
}

static inline int sift_member_is_wanted(const sift_member_names *wanted, const uint8_t *key, long length) {
    return sift_member_index(wanted, key, length) >= 0;
}

/* What sift_container_scan found. */
typedef struct {
    /* The index of the bracket that closes the container, or -1 when the scan leaves it to yajl. */
    long close;
    /* When closed: the index of the closing quote of the container's last string, -1 if it has
       none. */
    long last_string_close;
    /* When left to yajl: how many containers were open where the scan stopped (the scanned one
       and those inside it); `open_at[0 ..< open_count]` then holds the index of each one's
       opening bracket, outermost first. 0 when the scan stopped before the first byte. */
    long open_count;
} sift_container_scan_result;

/* `text[start - 1]` opens a container (`{` or `[`): finds the bracket that closes it, at most at
   `length - 1`, or leaves the container to yajl (see above). At most `room` containers may open
   inside it. `open_at` has room for SIFT_CONTAINER_END_STACK indices; `level` says which code
   classifies the blocks of long strings.

   With `needles`, the scan also stops at the first key, at any depth, that is one of them or
   that has an escape (which might decode to one): a container found to close then holds none
   of those names. */
static inline sift_container_scan_result sift_container_scan_for(
    const uint8_t *text, size_t start, size_t length, long room, long *open_at, int level,
    const sift_member_names *needles) {
    sift_container_scan_result result = {-1, -1, 0};
    uint8_t is_object[SIFT_CONTAINER_END_STACK];
    long depth = 0;
    const uint8_t *p = text + start;
    const uint8_t *end = text + length;
    const uint8_t *last_string_end = NULL;
    if (start == 0 || start > length || (text[start - 1] != '{' && text[start - 1] != '[')) return result;
    is_object[0] = text[start - 1] == '{';
    open_at[0] = (long)start - 1;

opened:
    p = sift_skip_space(p, end);
    if (p >= end) goto stopped;
    if (is_object[depth]) {
        if (*p == '}') goto closed;
        if (*p != '"') goto stopped;
        goto key;
    }
    if (*p == ']') goto closed;
    goto value;

key:
    /* at a key's opening quote */
    if (needles != NULL) {
        const uint8_t *name = p + 1;
        p = name;
        while (p < end && *p != '"' && *p != '\\' && *p >= 0x20) p++;
        if (p >= end || *p != '"' || sift_member_is_wanted(needles, name, (long)(p - name))) goto stopped;
        p++;
    } else {
        p = sift_skip_string(p + 1, end, level);
        if (p == NULL) goto stopped;
    }
    last_string_end = p;
    p = sift_skip_space(p, end);
    if (p >= end || *p != ':') goto stopped;
    p = sift_skip_space(p + 1, end);
    if (p >= end) goto stopped;

value:
    {
        const uint8_t *next = sift_skip_scalar(p, end, level);
        if (next != NULL) {
            if (*p == '"') last_string_end = next;
            p = next;
            goto after_value;
        }
    }
    if (*p != '{' && *p != '[') goto stopped;
    if (depth == room || depth + 1 == SIFT_CONTAINER_END_STACK) goto stopped;
    depth++;
    is_object[depth] = *p == '{';
    open_at[depth] = (long)(p - text);
    p++;
    goto opened;

after_value:
    p = sift_skip_space(p, end);
    if (p >= end) goto stopped;
    if (*p == ',') {
        p = sift_skip_space(p + 1, end);
        if (p >= end) goto stopped;
        if (is_object[depth]) {
            if (*p != '"') goto stopped;
            goto key;
        }
        goto value;
    }
    if (*p != (is_object[depth] ? '}' : ']')) goto stopped;

closed:
    /* at the bracket that closes the container at `depth` */
    if (depth == 0) {
        result.close = (long)(p - text);
        result.last_string_close = last_string_end != NULL ? (long)(last_string_end - 1 - text) : -1;
        return result;
    }
    depth--;
    p++;
    goto after_value;

stopped:
    result.open_count = depth + 1;
    return result;
}

/* sift_container_scan_for with no needles. */
static inline sift_container_scan_result sift_container_scan(
    const uint8_t *text, size_t start, size_t length, long room, long *open_at, int level) {
    return sift_container_scan_for(text, start, length, room, open_at, level, NULL);
}

/* sift_container_scan's closing bracket alone, at the best level. */
static inline long sift_container_end(const uint8_t *text, size_t start, size_t length, long room) {
    long open_at[SIFT_CONTAINER_END_STACK];
    return sift_container_scan(text, start, length, room, open_at, sift_skip_best_level()).close;
}

#endif
