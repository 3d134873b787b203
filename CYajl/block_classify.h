#ifndef SIFT_CYAJL_BLOCK_CLASSIFY_H
#define SIFT_CYAJL_BLOCK_CLASSIFY_H

#include <stddef.h>
#include <stdint.h>

/* The 64-byte blocks of the scans (container_end.h's long strings, array_structure.h's cutter):
   which code classifies them (portable, SSE2, AVX2, chosen at run time or forced for tests),
   their masks of quotes, backslashes and control bytes, and the bytes their backslashes escape. */

#include <stdlib.h>
#include <string.h>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif
#if defined(__x86_64__) && (defined(__clang__) || defined(__GNUC__))
#include <immintrin.h>
#define SIFT_SKIP_HAS_X86 1
#endif

/* Which code classifies the 64-byte blocks of long strings: a portable loop, SSE2 (the x86-64
   baseline) or AVX2. All three compute the same masks, and the same code reads them. */
enum { SIFT_SKIP_PORTABLE = 0, SIFT_SKIP_SSE2 = 1, SIFT_SKIP_AVX2 = 2 };

/* The widest level this processor runs. */
static inline int sift_skip_best_level(void) {
#if defined(SIFT_SKIP_HAS_X86)
    static int level = -1;
    if (level < 0) level = __builtin_cpu_supports("avx2") ? SIFT_SKIP_AVX2 : SIFT_SKIP_SSE2;
    return level;
#else
    return SIFT_SKIP_PORTABLE;
#endif
}

/* The level a tokenizer starts with: the best, or the one the environment variable
   SIFT_SKIP_LEVEL names (`portable`, `sse2`, `avx2`; never above the best), read once per
   process, so that tests and fuzz runs can force each path. */
static inline int sift_skip_default_level(void) {
    static int level = -1;
    if (level < 0) {
        int best = sift_skip_best_level();
        int chosen = best;
        const char *forced = getenv("SIFT_SKIP_LEVEL");
        if (forced != NULL) {
            if (strcmp(forced, "portable") == 0) chosen = SIFT_SKIP_PORTABLE;
            else if (strcmp(forced, "sse2") == 0) chosen = SIFT_SKIP_SSE2;
            else if (strcmp(forced, "avx2") == 0) chosen = SIFT_SKIP_AVX2;
        }
        level = chosen < best ? chosen : best;
    }
    return level;
}

/* One 64-byte block, as bit masks (bit i for byte i): quotes, backslashes, and bytes below 0x20
   (never allowed raw in a string). */
typedef struct {
    uint64_t quote;
    uint64_t backslash;
    uint64_t control;
} sift_block_masks;

static inline sift_block_masks sift_classify_portable(const uint8_t *p) {
    sift_block_masks masks = {0, 0, 0};
    for (int index = 0; index < 64; index++) {
        uint64_t bit = (uint64_t)1 << index;
        masks.quote |= p[index] == '"' ? bit : 0;
        masks.backslash |= p[index] == '\\' ? bit : 0;
        masks.control |= p[index] < 0x20 ? bit : 0;
    }
    return masks;
}

#if defined(SIFT_SKIP_HAS_X86)
static inline sift_block_masks sift_classify_sse2(const uint8_t *p) {
    const __m128i quote = _mm_set1_epi8('"');
    const __m128i backslash = _mm_set1_epi8('\\');
    const __m128i below_space = _mm_set1_epi8(0x1F);
    sift_block_masks masks = {0, 0, 0};
    for (int part = 0; part < 4; part++) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(p + 16 * part));
        int shift = 16 * part;
        masks.quote |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, quote)) << shift;
        masks.backslash |= (uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, backslash)) << shift;
        /* max(byte, 0x1F) == 0x1F exactly for the bytes 0x00 to 0x1F */
        masks.control |= (uint64_t)(unsigned)_mm_movemask_epi8(
            _mm_cmpeq_epi8(_mm_max_epu8(bytes, below_space), below_space)) << shift;
    }
    return masks;
}

__attribute__((target("avx2")))
static inline sift_block_masks sift_classify_avx2(const uint8_t *p) {
    const __m256i quote = _mm256_set1_epi8('"');
    const __m256i backslash = _mm256_set1_epi8('\\');
    const __m256i below_space = _mm256_set1_epi8(0x1F);
    __m256i low = _mm256_loadu_si256((const __m256i *)p);
    __m256i high = _mm256_loadu_si256((const __m256i *)(p + 32));
    sift_block_masks masks;
    masks.quote = (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, quote))
        | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, quote)) << 32;
    masks.backslash = (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(low, backslash))
        | (uint64_t)(uint32_t)_mm256_movemask_epi8(_mm256_cmpeq_epi8(high, backslash)) << 32;
    masks.control = (uint64_t)(uint32_t)_mm256_movemask_epi8(
            _mm256_cmpeq_epi8(_mm256_max_epu8(low, below_space), below_space))
        | (uint64_t)(uint32_t)_mm256_movemask_epi8(
            _mm256_cmpeq_epi8(_mm256_max_epu8(high, below_space), below_space)) << 32;
    return masks;
}
#endif

static inline sift_block_masks sift_classify(const uint8_t *p, int level) {
#if defined(SIFT_SKIP_HAS_X86)
    if (level == SIFT_SKIP_AVX2) return sift_classify_avx2(p);
    if (level == SIFT_SKIP_SSE2) return sift_classify_sse2(p);
#endif
    (void)level;
    return sift_classify_portable(p);
}

/* The bytes of a block that a backslash escapes, from its backslash mask (simdjson's escape
   scanner): a run of backslashes escapes the byte after it when the run is odd. Each run is
   subtracted from a mask of the odd bits, so that the borrow flips exactly the bits the run
   covers; whether the run started on an odd or an even bit then says whether the byte after it
   is escaped. `carry` (0 or 1) says whether the block's first byte is escaped by the previous
   block's last backslash, and is set for the next block. */
static inline uint64_t sift_escaped_bytes(uint64_t backslash, uint64_t *carry) {
    const uint64_t odd_bits = 0xAAAAAAAAAAAAAAAAULL;
    if (backslash == 0) {
        uint64_t escaped = *carry;
        *carry = 0;
        return escaped;
    }
    uint64_t potential = backslash & ~*carry;
    uint64_t code = (((potential << 1) | odd_bits) - potential) ^ odd_bits;
    uint64_t escaped = code ^ (backslash | *carry);
    uint64_t escape = code & backslash;
    *carry = escape >> 63;
    return escaped;
}

#endif
