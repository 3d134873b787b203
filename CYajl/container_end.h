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

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

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

/* `p` is just past an opening quote: returns just past the closing one, NULL if the string is
   not one yajl takes or does not end before `end`. */
static inline const uint8_t *sift_skip_string(const uint8_t *p, const uint8_t *end) {
    for (;;) {
#if defined(__SSE2__)
        const __m128i quote = _mm_set1_epi8('"');
        const __m128i backslash = _mm_set1_epi8('\\');
        const __m128i below_space = _mm_set1_epi8(0x1F);
        while (end - p >= 16) {
            __m128i bytes = _mm_loadu_si128((const __m128i *)p);
            /* max(byte, 0x1F) == 0x1F exactly for the bytes 0x00 to 0x1F */
            __m128i special = _mm_or_si128(
                _mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)),
                _mm_cmpeq_epi8(_mm_max_epu8(bytes, below_space), below_space));
            unsigned mask = (unsigned)_mm_movemask_epi8(special);
            if (mask != 0) {
                p += __builtin_ctz(mask);
                goto special;
            }
            p += 16;
        }
#endif
        while (p < end && *p != '"' && *p != '\\' && *p >= 0x20) p++;
        if (p >= end) return NULL;
#if defined(__SSE2__)
    special:
#endif
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

static inline const uint8_t *sift_skip_digits(const uint8_t *p, const uint8_t *end) {
    while (p < end && *p >= '0' && *p <= '9') p++;
    return p;
}

/* `p` is at a number's first byte: returns just past it, NULL if it is not a JSON number or
   runs to `end` (where it could go on). */
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

/* `text[start - 1]` opens a container (`{` or `[`): returns the index of the bracket that closes
   it, at most `length - 1`, or -1 when the scan leaves the container to yajl (see above). At
   most `room` containers may open inside it. */
static inline long sift_container_end(const uint8_t *text, size_t start, size_t length, long room) {
    uint8_t is_object[SIFT_CONTAINER_END_STACK];
    long depth = 0;
    const uint8_t *p = text + start;
    const uint8_t *end = text + length;
    if (start == 0 || start > length || (text[start - 1] != '{' && text[start - 1] != '[')) return -1;
    is_object[0] = text[start - 1] == '{';

opened:
    p = sift_skip_space(p, end);
    if (p >= end) return -1;
    if (is_object[depth]) {
        if (*p == '}') goto closed;
        if (*p != '"') return -1;
        goto key;
    }
    if (*p == ']') goto closed;
    goto value;

key:
    /* at a key's opening quote */
    p = sift_skip_string(p + 1, end);
    if (p == NULL) return -1;
    p = sift_skip_space(p, end);
    if (p >= end || *p != ':') return -1;
    p = sift_skip_space(p + 1, end);
    if (p >= end) return -1;

value:
    switch (*p) {
    case '"':
        p = sift_skip_string(p + 1, end);
        break;
    case '{':
    case '[':
        if (depth == room || depth + 1 == SIFT_CONTAINER_END_STACK) return -1;
        depth++;
        is_object[depth] = *p == '{';
        p++;
        goto opened;
    case 't':
        p = sift_skip_word(p, end, "true", 4);
        break;
    case 'f':
        p = sift_skip_word(p, end, "false", 5);
        break;
    case 'n':
        p = sift_skip_word(p, end, "null", 4);
        break;
    case '-': case '0': case '1': case '2': case '3': case '4': case '5': case '6': case '7': case '8': case '9':
        p = sift_skip_number(p, end);
        break;
    default:
        return -1;
    }
    if (p == NULL) return -1;

after_value:
    p = sift_skip_space(p, end);
    if (p >= end) return -1;
    if (*p == ',') {
        p = sift_skip_space(p + 1, end);
        if (p >= end) return -1;
        if (is_object[depth]) {
            if (*p != '"') return -1;
            goto key;
        }
        goto value;
    }
    if (*p != (is_object[depth] ? '}' : ']')) return -1;

closed:
    /* at the bracket that closes the container at `depth` */
    if (depth == 0) return (long)(p - text);
    depth--;
    p++;
    goto after_value;
}

#endif
