#ifndef SIFT_CYAJL_SHIM_H
#define SIFT_CYAJL_SHIM_H

#include <stddef.h>
#include <stdint.h>
#include <yajl/yajl_parse.h>

/* Swift cannot call C variadic functions, so every option Sift uses gets a
   non-variadic wrapper. */

static inline int sift_yajl_config_flag(yajl_handle handle, yajl_option option, int enabled) {
    return yajl_config(handle, option, enabled);
}

/* One pass over a chunk before it is parsed: counts LF bytes and reports whether any CR
   (lines then need exact CRLF handling) or raw form feed (never valid JSON) is present.
   AVX2 when the processor has it, SSE2 otherwise (both x86-64), a plain loop elsewhere. */
typedef struct {
    size_t line_feeds;
    int has_carriage_return;
    int has_form_feed;
} sift_chunk_scan;

static inline sift_chunk_scan sift_scan_chunk_portable(const uint8_t *bytes, size_t count, size_t index, sift_chunk_scan scan) {
    for (; index < count; index++) {
        uint8_t byte = bytes[index];
        scan.line_feeds += byte == 0x0A;
        scan.has_carriage_return |= byte == 0x0D;
        scan.has_form_feed |= byte == 0x0C;
    }
    return scan;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>

__attribute__((target("avx2")))
static inline sift_chunk_scan sift_scan_chunk_avx2(const uint8_t *bytes, size_t count) {
    sift_chunk_scan scan = {0, 0, 0};
    const __m256i line_feed = _mm256_set1_epi8(0x0A);
    const __m256i carriage_return = _mm256_set1_epi8(0x0D);
    const __m256i form_feed = _mm256_set1_epi8(0x0C);
    const __m256i zero = _mm256_setzero_si256();
    __m256i special = zero;
    size_t index = 0;
    while (index + 32 <= count) {
        __m256i sums = zero;
        int blocks = 0;
        while (blocks < 255 && index + 32 <= count) {
            __m256i chunk = _mm256_loadu_si256((const __m256i *)(bytes + index));
            sums = _mm256_sub_epi8(sums, _mm256_cmpeq_epi8(chunk, line_feed));
            special = _mm256_or_si256(special, _mm256_or_si256(
                _mm256_cmpeq_epi8(chunk, carriage_return), _mm256_cmpeq_epi8(chunk, form_feed)));
            index += 32;
            blocks++;
        }
        __m256i wide = _mm256_sad_epu8(sums, zero);
        scan.line_feeds += (size_t)_mm256_extract_epi64(wide, 0) + (size_t)_mm256_extract_epi64(wide, 1)
            + (size_t)_mm256_extract_epi64(wide, 2) + (size_t)_mm256_extract_epi64(wide, 3);
    }
    if (!_mm256_testz_si256(special, special)) {
        /* Rare: find out which of the two it was. */
        for (size_t probe = 0; probe < index; probe++) {
            scan.has_carriage_return |= bytes[probe] == 0x0D;
            scan.has_form_feed |= bytes[probe] == 0x0C;
        }
    }
    return sift_scan_chunk_portable(bytes, count, index, scan);
}

static inline sift_chunk_scan sift_scan_chunk_sse2(const uint8_t *bytes, size_t count) {
    sift_chunk_scan scan = {0, 0, 0};
    const __m128i line_feed = _mm_set1_epi8(0x0A);
    const __m128i carriage_return = _mm_set1_epi8(0x0D);
    const __m128i form_feed = _mm_set1_epi8(0x0C);
    const __m128i zero = _mm_setzero_si128();
    __m128i special = zero;
    size_t index = 0;
    while (index + 16 <= count) {
        __m128i sums = zero;
        int blocks = 0;
        while (blocks < 255 && index + 16 <= count) {
            __m128i chunk = _mm_loadu_si128((const __m128i *)(bytes + index));
            sums = _mm_sub_epi8(sums, _mm_cmpeq_epi8(chunk, line_feed));
            special = _mm_or_si128(special, _mm_or_si128(
                _mm_cmpeq_epi8(chunk, carriage_return), _mm_cmpeq_epi8(chunk, form_feed)));
            index += 16;
            blocks++;
        }
        __m128i wide = _mm_sad_epu8(sums, zero);
        scan.line_feeds += (size_t)_mm_cvtsi128_si32(wide) + (size_t)_mm_cvtsi128_si32(_mm_srli_si128(wide, 8));
    }
    if (_mm_movemask_epi8(special) != 0) {
        for (size_t probe = 0; probe < index; probe++) {
            scan.has_carriage_return |= bytes[probe] == 0x0D;
            scan.has_form_feed |= bytes[probe] == 0x0C;
        }
    }
    return sift_scan_chunk_portable(bytes, count, index, scan);
}

static inline sift_chunk_scan sift_scan_chunk(const uint8_t *bytes, size_t count) {
    static int has_avx2 = -1;
    if (has_avx2 < 0) has_avx2 = __builtin_cpu_supports("avx2") ? 1 : 0;
    return has_avx2 ? sift_scan_chunk_avx2(bytes, count) : sift_scan_chunk_sse2(bytes, count);
}
#else
static inline sift_chunk_scan sift_scan_chunk(const uint8_t *bytes, size_t count) {
    sift_chunk_scan scan = {0, 0, 0};
    return sift_scan_chunk_portable(bytes, count, 0, scan);
}
#endif

#if defined(__linux__)
/* glibc and musl have it; <string.h> declares it only under _GNU_SOURCE. */
extern void *memrchr(const void *bytes, int byte, size_t count);
#endif

/* The index of the last `byte` among the first `count` bytes, or -1. */
static inline long sift_last_index_of(const uint8_t *bytes, size_t count, uint8_t byte) {
#if defined(__linux__)
    const uint8_t *hit = (const uint8_t *)memrchr(bytes, byte, count);
    return hit ? (long)(hit - bytes) : -1;
#else
    while (count > 0) {
        count--;
        if (bytes[count] == byte) return (long)count;
    }
    return -1;
#endif
}

#include "utf8.h"
#include "skip.h"
#include "member_chain.h"
#include "long_token.h"
#include "array_structure.h"

/* The floor of every benchmark: yajl with callbacks that do nothing but
   accept the token, compiled as C in the same process. */

static int sift_noop_null(void *ctx) { (void)ctx; return 1; }
static int sift_noop_boolean(void *ctx, int value) { (void)ctx; (void)value; return 1; }
static int sift_noop_number(void *ctx, const char *text, size_t length) { (void)ctx; (void)text; (void)length; return 1; }
static int sift_noop_string(void *ctx, const unsigned char *text, size_t length) { (void)ctx; (void)text; (void)length; return 1; }
static int sift_noop_container(void *ctx) { (void)ctx; return 1; }

static inline const yajl_callbacks *sift_noop_callbacks(void) {
    static const yajl_callbacks callbacks = {
        sift_noop_null, sift_noop_boolean, NULL, NULL, sift_noop_number, sift_noop_string,
        sift_noop_container, sift_noop_string, sift_noop_container,
        sift_noop_container, sift_noop_container
    };
    return &callbacks;
}

#endif
