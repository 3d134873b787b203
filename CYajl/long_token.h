#ifndef SIFT_CYAJL_LONG_TOKEN_H
#define SIFT_CYAJL_LONG_TOKEN_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

/* Strings and numbers that run past their chunk.

   yajl keeps the part of a token that ends its chunk and lexes the whole of it again from its
   first byte with every later chunk: a token spanning many chunks costs time quadratic in its
   length, and yajl holds all of it. Sift's tokenizer hands yajl the chunk a long token starts in,
   as before (yajl keeps that part, at most a chunk); then it follows the token through the chunks
   that hold nothing else itself, with sift_token_scan, keeping their bytes only when someone
   wants the value. The chunk where the token ends (or where yajl would find an error in it) goes
   to yajl again, preceded by a few bytes made by sift_token_bridge, which take yajl's lexer from
   where the kept part left it to where the skipped chunks left the token: yajl lexes the end of
   the token, and every byte after it, at its own offsets in that chunk, so its errors and
   positions are the ones it would give with every chunk. The value itself is then the bytes the
   tokenizer kept (strings decoded by sift_decode_string).

   The lexer states below are yajl 2's (yajl_lex.c): inside a string, after a backslash, or after
   `\u` and 0 to 3 hexadecimal digits; inside a number, at each step of its grammar. */
#define SIFT_TOKEN_STRING 0
#define SIFT_TOKEN_STRING_ESCAPE 1
#define SIFT_TOKEN_STRING_HEX 2 /* + the digits read, 0 to 3 */
#define SIFT_TOKEN_NUMBER_START 8
#define SIFT_TOKEN_NUMBER_MINUS 9
#define SIFT_TOKEN_NUMBER_ZERO 10
#define SIFT_TOKEN_NUMBER_INTEGER 11
#define SIFT_TOKEN_NUMBER_POINT 12
#define SIFT_TOKEN_NUMBER_FRACTION 13
#define SIFT_TOKEN_NUMBER_E 14
#define SIFT_TOKEN_NUMBER_E_SIGN 15
#define SIFT_TOKEN_NUMBER_EXPONENT 16
/* What sift_token_scan leaves in its state when it returns an index: the token ends there
   (a string's closing quote, or the first byte after a number), or yajl finds an error there. */
#define SIFT_TOKEN_ENDED 32
#define SIFT_TOKEN_INVALID 33

static inline int sift_token_is_digit(uint8_t byte) { return byte >= '0' && byte <= '9'; }

static inline int sift_token_is_hex(uint8_t byte) {
    return sift_token_is_digit(byte) || ((byte | 0x20) >= 'a' && (byte | 0x20) <= 'f');
}

/* The first byte at or after `p` that is a quote, a backslash or below 0x20 (`end` if none). */
static inline const uint8_t *sift_token_string_special(const uint8_t *p, const uint8_t *end) {
#if defined(__SSE2__)
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i below_space = _mm_set1_epi8(0x1F);
    while (end - p >= 16) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)p);
        __m128i special = _mm_or_si128(
            _mm_or_si128(_mm_cmpeq_epi8(bytes, quote), _mm_cmpeq_epi8(bytes, backslash)),
            _mm_cmpeq_epi8(_mm_max_epu8(bytes, below_space), below_space));
        unsigned mask = (unsigned)_mm_movemask_epi8(special);
        if (mask != 0) return p + __builtin_ctz(mask);
        p += 16;
    }
#endif
    while (p < end && *p != '"' && *p != '\\' && *p >= 0x20) p++;
    return p;
}

/* sift_token_scan for a string: from inside it (`*state` one of the string states). */
static inline long sift_token_scan_string(const uint8_t *bytes, size_t count, int *state) {
    const uint8_t *p = bytes;
    const uint8_t *end = bytes + count;
    int s = *state;
    for (; p < end; p++) {
        if (s == SIFT_TOKEN_STRING) {
            p = sift_token_string_special(p, end);
            if (p == end) break;
            if (*p != '\\') {
                /* the closing quote, or a raw control character */
                *state = *p == '"' ? SIFT_TOKEN_ENDED : SIFT_TOKEN_INVALID;
                return (long)(p - bytes);
            }
            s = SIFT_TOKEN_STRING_ESCAPE;
        } else if (s == SIFT_TOKEN_STRING_ESCAPE) {
            switch (*p) {
            case '"': case '\\': case '/': case 'b': case 'f': case 'n': case 'r': case 't':
                s = SIFT_TOKEN_STRING;
                break;
            case 'u':
                s = SIFT_TOKEN_STRING_HEX;
                break;
            default:
                *state = SIFT_TOKEN_INVALID;
                return (long)(p - bytes);
            }
        } else {
            if (!sift_token_is_hex(*p)) {
                *state = SIFT_TOKEN_INVALID;
                return (long)(p - bytes);
            }
            s = s == SIFT_TOKEN_STRING_HEX + 3 ? SIFT_TOKEN_STRING : s + 1;
        }
    }
    *state = s;
    return -1;
}

/* The state a number goes to from `s` with the byte `c`: SIFT_TOKEN_ENDED where the number ends
   before `c`, SIFT_TOKEN_INVALID where yajl reports an error at `c`. */
static inline int sift_token_number_step(int s, uint8_t c) {
    int digit = sift_token_is_digit(c);
    switch (s) {
    case SIFT_TOKEN_NUMBER_START:
        if (c == '-') return SIFT_TOKEN_NUMBER_MINUS;
        /* fall through */
    case SIFT_TOKEN_NUMBER_MINUS:
        if (c == '0') return SIFT_TOKEN_NUMBER_ZERO;
        return digit ? SIFT_TOKEN_NUMBER_INTEGER : SIFT_TOKEN_INVALID;
    case SIFT_TOKEN_NUMBER_INTEGER:
        if (digit) return SIFT_TOKEN_NUMBER_INTEGER;
        /* fall through */
    case SIFT_TOKEN_NUMBER_ZERO:
        if (c == '.') return SIFT_TOKEN_NUMBER_POINT;
        return c == 'e' || c == 'E' ? SIFT_TOKEN_NUMBER_E : SIFT_TOKEN_ENDED;
    case SIFT_TOKEN_NUMBER_POINT:
        return digit ? SIFT_TOKEN_NUMBER_FRACTION : SIFT_TOKEN_INVALID;
    case SIFT_TOKEN_NUMBER_FRACTION:
        if (digit) return SIFT_TOKEN_NUMBER_FRACTION;
        return c == 'e' || c == 'E' ? SIFT_TOKEN_NUMBER_E : SIFT_TOKEN_ENDED;
    case SIFT_TOKEN_NUMBER_E:
        if (c == '+' || c == '-') return SIFT_TOKEN_NUMBER_E_SIGN;
        return digit ? SIFT_TOKEN_NUMBER_EXPONENT : SIFT_TOKEN_INVALID;
    case SIFT_TOKEN_NUMBER_E_SIGN:
        return digit ? SIFT_TOKEN_NUMBER_EXPONENT : SIFT_TOKEN_INVALID;
    case SIFT_TOKEN_NUMBER_EXPONENT:
        return digit ? SIFT_TOKEN_NUMBER_EXPONENT : SIFT_TOKEN_ENDED;
    default:
        return SIFT_TOKEN_INVALID;
    }
}

/* Follows the token in `*state` over `count` bytes. Returns -1 when it goes on past them (with
   `*state` where they leave it), otherwise the index where it ends or where yajl reports an
   error in it, with `*state` SIFT_TOKEN_ENDED or SIFT_TOKEN_INVALID. */
static inline long sift_token_scan(const uint8_t *bytes, size_t count, int *state) {
    if (*state < SIFT_TOKEN_NUMBER_START) return sift_token_scan_string(bytes, count, state);
    int s = *state;
    for (size_t index = 0; index < count; index++) {
        /* Runs of digits, the bulk of a long number, in a tight loop. */
        if (s == SIFT_TOKEN_NUMBER_INTEGER || s == SIFT_TOKEN_NUMBER_FRACTION || s == SIFT_TOKEN_NUMBER_EXPONENT) {
            while (index < count && sift_token_is_digit(bytes[index])) index++;
            if (index == count) break;
        }
        s = sift_token_number_step(s, bytes[index]);
        if (s == SIFT_TOKEN_ENDED || s == SIFT_TOKEN_INVALID) {
            *state = s;
            return (long)index;
        }
    }
    *state = s;
    return -1;
}

/* Writes to `out` (room for 16 bytes) the bytes that take yajl's lexer from state `from` (where
   the part of the token yajl holds ends) to state `to` (where the chunks it did not see leave the
   token), both states of the same string or number. Returns their count, or -1 if `to` cannot
   follow `from`. */
static inline long sift_token_bridge(int from, int to, uint8_t *out) {
    long length = 0;
    if (from <= SIFT_TOKEN_STRING_HEX + 3) {
        if (to > SIFT_TOKEN_STRING_HEX + 3) return -1;
        /* Finish the escape in progress, then start the one `to` is in. */
        if (from == SIFT_TOKEN_STRING_ESCAPE) out[length++] = 'n';
        if (from >= SIFT_TOKEN_STRING_HEX) {
            for (int digit = from - SIFT_TOKEN_STRING_HEX; digit < 4; digit++) out[length++] = '0';
        }
        if (to == SIFT_TOKEN_STRING_ESCAPE) out[length++] = '\\';
        if (to >= SIFT_TOKEN_STRING_HEX) {
            out[length++] = '\\';
            out[length++] = 'u';
            for (int digit = 0; digit < to - SIFT_TOKEN_STRING_HEX; digit++) out[length++] = '0';
        }
        return length;
    }
    int state = from;
    while (state != to) {
        if (length > 8) return -1;
        switch (state) {
        case SIFT_TOKEN_NUMBER_START:
            out[length++] = '-';
            state = SIFT_TOKEN_NUMBER_MINUS;
            break;
        case SIFT_TOKEN_NUMBER_MINUS:
            out[length++] = to == SIFT_TOKEN_NUMBER_ZERO ? '0' : '1';
            state = to == SIFT_TOKEN_NUMBER_ZERO ? SIFT_TOKEN_NUMBER_ZERO : SIFT_TOKEN_NUMBER_INTEGER;
            break;
        case SIFT_TOKEN_NUMBER_ZERO:
        case SIFT_TOKEN_NUMBER_INTEGER:
            if (to == SIFT_TOKEN_NUMBER_POINT || to == SIFT_TOKEN_NUMBER_FRACTION) {
                out[length++] = '.';
                state = SIFT_TOKEN_NUMBER_POINT;
            } else if (to >= SIFT_TOKEN_NUMBER_E && to <= SIFT_TOKEN_NUMBER_EXPONENT) {
                out[length++] = 'e';
                state = SIFT_TOKEN_NUMBER_E;
            } else {
                return -1;
            }
            break;
        case SIFT_TOKEN_NUMBER_POINT:
            out[length++] = '0';
            state = SIFT_TOKEN_NUMBER_FRACTION;
            break;
        case SIFT_TOKEN_NUMBER_FRACTION:
            if (to < SIFT_TOKEN_NUMBER_E || to > SIFT_TOKEN_NUMBER_EXPONENT) return -1;
            out[length++] = 'e';
            state = SIFT_TOKEN_NUMBER_E;
            break;
        case SIFT_TOKEN_NUMBER_E:
            out[length++] = to == SIFT_TOKEN_NUMBER_E_SIGN ? '+' : '0';
            state = to == SIFT_TOKEN_NUMBER_E_SIGN ? SIFT_TOKEN_NUMBER_E_SIGN : SIFT_TOKEN_NUMBER_EXPONENT;
            break;
        case SIFT_TOKEN_NUMBER_E_SIGN:
            out[length++] = '0';
            state = SIFT_TOKEN_NUMBER_EXPONENT;
            break;
        default:
            return -1;
        }
    }
    return length;
}

static inline unsigned sift_hex_value(const uint8_t *p) {
    unsigned value = 0;
    for (int index = 0; index < 4; index++) {
        uint8_t c = p[index];
        value = value << 4 | (unsigned)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
    }
    return value;
}

/* Whether the string body `bytes` (between its quotes, valid JSON) escapes a UTF-16 surrogate. */
static inline int sift_has_surrogate_escape(const uint8_t *bytes, size_t count) {
    const uint8_t *p = bytes;
    const uint8_t *end = bytes + count;
    while ((p = (const uint8_t *)memchr(p, '\\', (size_t)(end - p))) != NULL) {
        if (end - p >= 6 && p[1] == 'u' && (p[2] | 0x20) == 'd') {
            uint8_t c = (uint8_t)(p[3] | 0x20);
            if (c == '8' || c == '9' || (c >= 'a' && c <= 'f')) return 1;
        }
        p += 2;
        if (p >= end) break;
    }
    return 0;
}

static inline uint8_t *sift_put_utf8(uint8_t *out, unsigned code) {
    if (code < 0x80) {
        *out++ = (uint8_t)code;
    } else if (code < 0x800) {
        *out++ = (uint8_t)(0xC0 | code >> 6);
        *out++ = (uint8_t)(0x80 | (code & 0x3F));
    } else if (code < 0x10000) {
        *out++ = (uint8_t)(0xE0 | code >> 12);
        *out++ = (uint8_t)(0x80 | (code >> 6 & 0x3F));
        *out++ = (uint8_t)(0x80 | (code & 0x3F));
    } else {
        *out++ = (uint8_t)(0xF0 | code >> 18);
        *out++ = (uint8_t)(0x80 | (code >> 12 & 0x3F));
        *out++ = (uint8_t)(0x80 | (code >> 6 & 0x3F));
        *out++ = (uint8_t)(0x80 | (code & 0x3F));
    }
    return out;
}

/* Decodes the escapes of the string body `bytes` (between its quotes, valid JSON) in place, as
   yajl does, except that an escaped surrogate that is not half of a pair (a high one not followed
   by an escaped low one, or a low one alone) becomes U+FFFD. Returns the decoded length: never
   more than `count`, and the output never overtakes the input. */
static inline size_t sift_decode_string(uint8_t *bytes, size_t count) {
    const uint8_t *in = bytes;
    const uint8_t *end = bytes + count;
    uint8_t *out = bytes;
    for (;;) {
        const uint8_t *slash = (const uint8_t *)memchr(in, '\\', (size_t)(end - in));
        size_t run = (size_t)((slash ? slash : end) - in);
        if (out != in) memmove(out, in, run);
        out += run;
        in += run;
        if (slash == NULL || end - in < 2) break;
        uint8_t c = in[1];
        in += 2;
        switch (c) {
        case 'b': *out++ = '\b'; break;
        case 'f': *out++ = '\f'; break;
        case 'n': *out++ = '\n'; break;
        case 'r': *out++ = '\r'; break;
        case 't': *out++ = '\t'; break;
        case 'u': {
            if (end - in < 4) return (size_t)(out - bytes);
            unsigned code = sift_hex_value(in);
            in += 4;
            if (code >= 0xD800 && code <= 0xDBFF) {
                if (end - in >= 6 && in[0] == '\\' && in[1] == 'u') {
                    unsigned low = sift_hex_value(in + 2);
                    if (low >= 0xDC00 && low <= 0xDFFF) {
                        code = 0x10000 + ((code - 0xD800) << 10) + (low - 0xDC00);
                        in += 6;
                    } else {
                        code = 0xFFFD;
                    }
                } else {
                    code = 0xFFFD;
                }
            } else if (code >= 0xDC00 && code <= 0xDFFF) {
                code = 0xFFFD;
            }
            out = sift_put_utf8(out, code);
            break;
        }
        default: *out++ = c; break; /* " \ / */
        }
    }
    return (size_t)(out - bytes);
}

#endif
