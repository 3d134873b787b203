#ifndef SIFT_CYAJL_UTF8_H
#define SIFT_CYAJL_UTF8_H

#include <stddef.h>
#include <stdint.h>

/* UTF-8 validation of whole chunks, the fast half of Sift's ByteScreen: the "lookup" algorithm of
   Keiser and Lemire (2021). Every byte is classified together with the byte before it by three
   16-entry tables (high and low nibble of the previous byte, high nibble of the current one); each
   bit of the result is one kind of error, set only when all three lookups agree. Continuation
   bytes that must follow a three- or four-byte lead are checked against the leads two and three
   bytes back, and a block that ends inside a sequence is an error unless the next block finishes
   it. Bytes past the end count as ASCII, so a sequence cut by the end is invalid.

   sift_utf8_valid_prefix returns how many leading bytes are certainly whole, valid sequences:
   `count` when all of them are, otherwise a sequence start at most 66 bytes before the first
   error (or before a sequence cut by the end), from which the caller's byte-by-byte check finds
   and names the error. `level` picks the vector width, lowered to what the processor has; at
   SIFT_UTF8_SCALAR it returns 0 and the caller does all the work. */
#define SIFT_UTF8_SCALAR 0
#define SIFT_UTF8_SSSE3 1
#define SIFT_UTF8_AVX2 2

/* Where a sequence cut by `end` starts, or `end` when none is (looking back at most three
   bytes; meant for bytes that are valid up to `end`). */
static inline size_t sift_utf8_whole_sequences_end(const uint8_t *bytes, size_t end) {
    for (size_t back = 1; back <= 3 && back <= end; back++) {
        uint8_t byte = bytes[end - back];
        if (byte < 0x80) return end;
        if (byte >= 0xC0) {
            size_t length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2;
            return length > back ? end - back : end;
        }
    }
    return end;
}

#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#include <string.h>

/* The three tables, indexed by a nibble. Each bit is one kind of error (bit 6 serves two that
   never share a first byte):
     0x01 lead not followed by a continuation byte   0x10 surrogate: ED A0..BF
     0x02 ASCII followed by a continuation byte      0x20 overlong two-byte form: C0..C1 80..BF
     0x04 overlong three-byte form: E0 80..9F        0x40 overlong four-byte form: F0 80..8F,
     0x08 above U+10FFFF: F4..FF 90..BF                   and above U+10FFFF: F5..FF 80..8F
     0x80 two continuation bytes (fine only as the third or fourth byte of a sequence) */
#define SIFT_UTF8_FIRST_HIGH /* byte before, high nibble: ASCII, continuation, C, D, E, F */ \
    0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x02, 0x80, 0x80, 0x80, 0x80, 0x21, 0x01, 0x15, 0x49
#define SIFT_UTF8_FIRST_LOW /* byte before, low nibble: 0, 1, 2, 3, 4, 5..C, D, E..F */ \
    (char)0xE7, (char)0xA3, (char)0x83, (char)0x83, (char)0x8B, (char)0xCB, (char)0xCB, (char)0xCB, \
    (char)0xCB, (char)0xCB, (char)0xCB, (char)0xCB, (char)0xCB, (char)0xDB, (char)0xCB, (char)0xCB
#define SIFT_UTF8_SECOND_HIGH /* this byte, high nibble: ASCII, 8, 9, A..B, lead */ \
    0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, 0x01, (char)0xE6, (char)0xAE, (char)0xBA, (char)0xBA, \
    0x01, 0x01, 0x01, 0x01
/* The end of a block of limits subtracted with saturation from a block: non-zero only where its
   last three bytes start a sequence that goes on past it. */
#define SIFT_UTF8_INCOMPLETE_LIMITS -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, \
    (char)(0xF0 - 1), (char)(0xE0 - 1), (char)(0xC0 - 1)

/* Error bits of one 32-byte block given the block before it. */
__attribute__((target("avx2")))
static inline __m256i sift_utf8_errors_avx2(__m256i block, __m256i previous) {
    const __m256i first_high = _mm256_setr_epi8(SIFT_UTF8_FIRST_HIGH, SIFT_UTF8_FIRST_HIGH);
    const __m256i first_low = _mm256_setr_epi8(SIFT_UTF8_FIRST_LOW, SIFT_UTF8_FIRST_LOW);
    const __m256i second_high = _mm256_setr_epi8(SIFT_UTF8_SECOND_HIGH, SIFT_UTF8_SECOND_HIGH);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    /* The block shifted by one, two and three bytes, the previous block's last bytes first
       (alignr works within 128-bit lanes, so pair each lane with the one before it). */
    __m256i straddle = _mm256_permute2x128_si256(previous, block, 0x21);
    __m256i before1 = _mm256_alignr_epi8(block, straddle, 15);
    __m256i before2 = _mm256_alignr_epi8(block, straddle, 14);
    __m256i before3 = _mm256_alignr_epi8(block, straddle, 13);
    __m256i classes = _mm256_and_si256(
        _mm256_and_si256(
            _mm256_shuffle_epi8(first_high, _mm256_and_si256(_mm256_srli_epi16(before1, 4), nibble)),
            _mm256_shuffle_epi8(first_low, _mm256_and_si256(before1, nibble))),
        _mm256_shuffle_epi8(second_high, _mm256_and_si256(_mm256_srli_epi16(block, 4), nibble)));
    /* High bit set where a three-byte lead is two back or a four-byte lead three back. */
    __m256i must_continue = _mm256_or_si256(
        _mm256_subs_epu8(before2, _mm256_set1_epi8((char)(0xE0 - 0x80))),
        _mm256_subs_epu8(before3, _mm256_set1_epi8((char)(0xF0 - 0x80))));
    return _mm256_xor_si256(classes, _mm256_and_si256(must_continue, _mm256_set1_epi8((char)0x80)));
}

__attribute__((target("avx2")))
static inline size_t sift_utf8_valid_prefix_avx2(const uint8_t *bytes, size_t count) {
    const __m256i limits = _mm256_setr_epi8(
        -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, -1, SIFT_UTF8_INCOMPLETE_LIMITS);
    const __m256i zero = _mm256_setzero_si256();
    __m256i previous = zero;
    __m256i incomplete = zero;
    size_t index = 0;
    /* Two blocks at a time; an ASCII pair (most of any JSON) only checks that the block before
       did not end inside a sequence. */
    for (; index + 64 <= count; index += 64) {
        __m256i first = _mm256_loadu_si256((const __m256i *)(bytes + index));
        __m256i second = _mm256_loadu_si256((const __m256i *)(bytes + index + 32));
        __m256i errors = incomplete;
        if (_mm256_movemask_epi8(_mm256_or_si256(first, second)) == 0) {
            incomplete = zero;
        } else {
            errors = _mm256_or_si256(sift_utf8_errors_avx2(first, previous), sift_utf8_errors_avx2(second, first));
            incomplete = _mm256_subs_epu8(second, limits);
        }
        if (!_mm256_testz_si256(errors, errors)) break;
        previous = second;
    }
    if (index + 64 <= count) return sift_utf8_whole_sequences_end(bytes, index);  /* an error */
    /* The rest, then ASCII zeros (at least one): also finds a sequence cut by the end. */
    uint8_t tail[64] = {0};
    memcpy(tail, bytes + index, count - index);
    __m256i first = _mm256_loadu_si256((const __m256i *)tail);
    __m256i second = _mm256_loadu_si256((const __m256i *)(tail + 32));
    __m256i errors = _mm256_or_si256(sift_utf8_errors_avx2(first, previous), sift_utf8_errors_avx2(second, first));
    return _mm256_testz_si256(errors, errors) ? count : sift_utf8_whole_sequences_end(bytes, index);
}

/* Error bits of one 16-byte block given the block before it. */
__attribute__((target("ssse3")))
static inline __m128i sift_utf8_errors_ssse3(__m128i block, __m128i previous) {
    const __m128i first_high = _mm_setr_epi8(SIFT_UTF8_FIRST_HIGH);
    const __m128i first_low = _mm_setr_epi8(SIFT_UTF8_FIRST_LOW);
    const __m128i second_high = _mm_setr_epi8(SIFT_UTF8_SECOND_HIGH);
    const __m128i nibble = _mm_set1_epi8(0x0F);
    __m128i before1 = _mm_alignr_epi8(block, previous, 15);
    __m128i before2 = _mm_alignr_epi8(block, previous, 14);
    __m128i before3 = _mm_alignr_epi8(block, previous, 13);
    __m128i classes = _mm_and_si128(
        _mm_and_si128(
            _mm_shuffle_epi8(first_high, _mm_and_si128(_mm_srli_epi16(before1, 4), nibble)),
            _mm_shuffle_epi8(first_low, _mm_and_si128(before1, nibble))),
        _mm_shuffle_epi8(second_high, _mm_and_si128(_mm_srli_epi16(block, 4), nibble)));
    __m128i must_continue = _mm_or_si128(
        _mm_subs_epu8(before2, _mm_set1_epi8((char)(0xE0 - 0x80))),
        _mm_subs_epu8(before3, _mm_set1_epi8((char)(0xF0 - 0x80))));
    return _mm_xor_si128(classes, _mm_and_si128(must_continue, _mm_set1_epi8((char)0x80)));
}

/* Whether any byte of `errors` is set (without SSE4.1's ptest). */
static inline int sift_utf8_any_sse2(__m128i errors) {
    return _mm_movemask_epi8(_mm_cmpeq_epi8(errors, _mm_setzero_si128())) != 0xFFFF;
}

/* As sift_utf8_valid_prefix_avx2, in 16-byte blocks. */
__attribute__((target("ssse3")))
static inline size_t sift_utf8_valid_prefix_ssse3(const uint8_t *bytes, size_t count) {
    const __m128i limits = _mm_setr_epi8(SIFT_UTF8_INCOMPLETE_LIMITS);
    const __m128i zero = _mm_setzero_si128();
    __m128i previous = zero;
    __m128i incomplete = zero;
    size_t index = 0;
    for (; index + 32 <= count; index += 32) {
        __m128i first = _mm_loadu_si128((const __m128i *)(bytes + index));
        __m128i second = _mm_loadu_si128((const __m128i *)(bytes + index + 16));
        __m128i errors = incomplete;
        if (_mm_movemask_epi8(_mm_or_si128(first, second)) == 0) {
            incomplete = zero;
        } else {
            errors = _mm_or_si128(sift_utf8_errors_ssse3(first, previous), sift_utf8_errors_ssse3(second, first));
            incomplete = _mm_subs_epu8(second, limits);
        }
        if (sift_utf8_any_sse2(errors)) break;
        previous = second;
    }
    if (index + 32 <= count) return sift_utf8_whole_sequences_end(bytes, index);  /* an error */
    uint8_t tail[32] = {0};
    memcpy(tail, bytes + index, count - index);
    __m128i first = _mm_loadu_si128((const __m128i *)tail);
    __m128i second = _mm_loadu_si128((const __m128i *)(tail + 16));
    __m128i errors = _mm_or_si128(sift_utf8_errors_ssse3(first, previous), sift_utf8_errors_ssse3(second, first));
    return sift_utf8_any_sse2(errors) ? sift_utf8_whole_sequences_end(bytes, index) : count;
}

/* The widest vector validator the processor runs. */
static inline int sift_utf8_best_level(void) {
    static int level = -1;
    if (level < 0) {
        level = __builtin_cpu_supports("avx2") ? SIFT_UTF8_AVX2
            : __builtin_cpu_supports("ssse3") ? SIFT_UTF8_SSSE3 : SIFT_UTF8_SCALAR;
    }
    return level;
}

static inline size_t sift_utf8_valid_prefix(const uint8_t *bytes, size_t count, int level) {
    int best = sift_utf8_best_level();
    if (level > best) level = best;
    if (level == SIFT_UTF8_AVX2) return sift_utf8_valid_prefix_avx2(bytes, count);
    if (level == SIFT_UTF8_SSSE3) return sift_utf8_valid_prefix_ssse3(bytes, count);
    return 0;
}
#else
static inline int sift_utf8_best_level(void) { return SIFT_UTF8_SCALAR; }

static inline size_t sift_utf8_valid_prefix(const uint8_t *bytes, size_t count, int level) {
    (void)bytes; (void)count; (void)level;
    return 0;
}
#endif

#endif
