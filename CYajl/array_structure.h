#ifndef SIFT_CYAJL_ARRAY_STRUCTURE_H
#define SIFT_CYAJL_ARRAY_STRUCTURE_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "block_classify.h"

/* The brackets and commas outside strings of a 64-byte block (simdjson's stage 1), for the
   cutter that splits one array's elements across threads (Sift's ArrayStructureScanner). Quotes
   and backslashes come from the classifiers of long strings' kind; brackets and commas from
   simdjson's two-table lookup on AVX2, from comparisons on SSE2, byte by byte elsewhere. Nothing
   is checked: the tokenizers that parse the blocks see every byte. */

/* One block's bytes by kind, bit i for byte i. */
typedef struct {
    uint64_t quote;
    uint64_t backslash;
    /* `{` and `[`; `}` and `]`; `,`. */
    uint64_t opening;
    uint64_t closing;
    uint64_t comma;
} sift_array_masks;

static inline sift_array_masks sift_classify_array_portable(const uint8_t *p) {
    sift_array_masks masks = {0, 0, 0, 0, 0};
    for (int index = 0; index < 64; index++) {
        uint64_t bit = (uint64_t)1 << index;
        uint8_t byte = p[index];
        masks.quote |= byte == '"' ? bit : 0;
        masks.backslash |= byte == '\\' ? bit : 0;
        masks.opening |= (byte == '{' || byte == '[') ? bit : 0;
        masks.closing |= (byte == '}' || byte == ']') ? bit : 0;
        masks.comma |= byte == ',' ? bit : 0;
    }
    return masks;
}

#if defined(SIFT_SKIP_HAS_X86)
static inline sift_array_masks sift_classify_array_sse2(const uint8_t *p) {
    sift_array_masks masks = {0, 0, 0, 0, 0};
    for (int part = 0; part < 4; part++) {
        __m128i bytes = _mm_loadu_si128((const __m128i *)(p + 16 * part));
        /* `[` and `]` are `{` and `}` without bit 5: no other byte becomes either with it set */
        __m128i folded = _mm_or_si128(bytes, _mm_set1_epi8(0x20));
        int shift = 16 * part;
#define SIFT_SSE2_EQUAL(bytes, byte) \
    ((uint64_t)(unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(bytes, _mm_set1_epi8(byte))) << shift)
        masks.quote |= SIFT_SSE2_EQUAL(bytes, '"');
        masks.backslash |= SIFT_SSE2_EQUAL(bytes, '\\');
        masks.opening |= SIFT_SSE2_EQUAL(folded, '{');
        masks.closing |= SIFT_SSE2_EQUAL(folded, '}');
        masks.comma |= SIFT_SSE2_EQUAL(bytes, ',');
#undef SIFT_SSE2_EQUAL
    }
    return masks;
}

/* Bit i of the result is the top bit of byte i of the 64 bytes `low` and `high`. */
#define SIFT_AVX2_BITS(low, high) \
    ((uint64_t)(uint32_t)_mm256_movemask_epi8(low) | (uint64_t)(uint32_t)_mm256_movemask_epi8(high) << 32)

/* Each byte's class: the bits its low nibble allows and those its high nibble allows, where only
   the bytes of a class share a bit in both tables (a byte from 0x80 finds 0 in the high one).
   Bit 0: a comma, 2: an opening bracket, 3: a closing bracket, 6: a quote, 7: a backslash. */
__attribute__((target("avx2")))
static inline __m256i sift_array_classes_avx2(__m256i bytes) {
    const __m256i low_table = _mm256_setr_epi8(
        0, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, 4, 1 | (char)128, 8, 0, 0,
        0, 0, 64, 0, 0, 0, 0, 0, 0, 0, 0, 4, 1 | (char)128, 8, 0, 0);
    const __m256i high_table = _mm256_setr_epi8(
        0, 0, 1 | 64, 0, 0, 4 | 8 | (char)128, 0, 4 | 8, 0, 0, 0, 0, 0, 0, 0, 0,
        0, 0, 1 | 64, 0, 0, 4 | 8 | (char)128, 0, 4 | 8, 0, 0, 0, 0, 0, 0, 0, 0);
    const __m256i nibble = _mm256_set1_epi8(0x0F);
    __m256i low = _mm256_shuffle_epi8(low_table, _mm256_and_si256(bytes, nibble));
    __m256i high = _mm256_shuffle_epi8(high_table, _mm256_and_si256(_mm256_srli_epi16(bytes, 4), nibble));
    return _mm256_and_si256(low, high);
}

__attribute__((target("avx2")))
static inline sift_array_masks sift_classify_array_avx2(const uint8_t *p) {
    __m256i low = sift_array_classes_avx2(_mm256_loadu_si256((const __m256i *)p));
    __m256i high = sift_array_classes_avx2(_mm256_loadu_si256((const __m256i *)(p + 32)));
    /* Class bit k onto each byte's top bit (16-bit shifts: a byte's top bit only ever receives
       its own bit k). */
#define SIFT_AVX2_CLASS(bit) SIFT_AVX2_BITS(_mm256_slli_epi16(low, 7 - (bit)), _mm256_slli_epi16(high, 7 - (bit)))
    sift_array_masks masks;
    masks.backslash = SIFT_AVX2_BITS(low, high);
    masks.quote = SIFT_AVX2_CLASS(6);
    masks.opening = SIFT_AVX2_CLASS(2);
    masks.closing = SIFT_AVX2_CLASS(3);
    masks.comma = SIFT_AVX2_CLASS(0);
#undef SIFT_AVX2_CLASS
    return masks;
}
#undef SIFT_AVX2_BITS
#endif

__attribute__((always_inline))
static inline sift_array_masks sift_classify_array(const uint8_t *p, int level) {
#if defined(SIFT_SKIP_HAS_X86)
    if (level == SIFT_SKIP_AVX2) return sift_classify_array_avx2(p);
    if (level == SIFT_SKIP_SSE2) return sift_classify_array_sse2(p);
#endif
    (void)level;
    return sift_classify_array_portable(p);
}

/* What a block carries into the next one. */
typedef struct {
    /* 1 when the block's first byte is escaped by the last block's last backslash. */
    uint64_t escape;
    /* All ones when the last block ended inside a string. */
    uint64_t in_string;
} sift_array_carry;

/* A block's brackets and commas outside strings. */
typedef struct {
    uint64_t opening;
    uint64_t closing;
    uint64_t comma;
} sift_array_structure;

/* The brackets and commas outside strings of the 64 bytes at `p`, after the blocks `carry` was
   left by: a quote not escaped opens or closes a string, and the bytes from an opening quote to
   the one before its closing quote (a prefix xor of the quotes) are inside it. */
__attribute__((always_inline))
static inline sift_array_structure sift_array_structure_of(const uint8_t *p, int level, sift_array_carry *carry) {
    sift_array_masks masks = sift_classify_array(p, level);
    uint64_t quotes = masks.quote & ~sift_escaped_bytes(masks.backslash, &carry->escape);
    uint64_t inside = quotes;
    inside ^= inside << 1;
    inside ^= inside << 2;
    inside ^= inside << 4;
    inside ^= inside << 8;
    inside ^= inside << 16;
    inside ^= inside << 32;
    inside ^= carry->in_string;
    carry->in_string = (uint64_t)((int64_t)inside >> 63);
    sift_array_structure structure = {masks.opening & ~inside, masks.closing & ~inside, masks.comma & ~inside};
    return structure;
}

/* Where the walk over an array's structure is, in the block being read: its brackets and commas
   outside strings, the bits not read yet (all from some index on), and the containers open
   inside the array. */
typedef struct {
    uint64_t opening;
    uint64_t closing;
    uint64_t comma;
    uint64_t unread;
    long depth;
} sift_array_walk;

/* The bits below `count` (none when it is 0 or less, all from 64 on). */
static inline uint64_t sift_bits_below(long count) {
    return count <= 0 ? 0 : count >= 64 ? ~(uint64_t)0 : ((uint64_t)1 << count) - 1;
}

/* Reads the unread bits of the block. Returns the index in the block of the first comma between
   elements at or after `limit` (an index in the block; the commas between elements before it
   are added to `passed`), or of the array's closing bracket (`*is_end` set); -1 when the block
   has neither (its bits are then all read).

   Only the brackets count, and mostly only their numbers. Inside an element, the depth can return
   to the array's level only at a closing bracket, and does so first at the closing bracket up to
   which the closing brackets outnumber the opening ones by the depth: a block holding fewer
   closing brackets than the depth is passed on its counts alone, and in any other only its
   closing brackets are visited. At the array's level, the commas up to the next bracket are the
   commas between elements, all counted at once. */
__attribute__((always_inline))
static inline long sift_array_walk_step_body(sift_array_walk *walk, long limit, long *passed, int *is_end) {
    while (walk->unread != 0) {
        uint64_t opens = walk->opening & walk->unread;
        uint64_t closes = walk->closing & walk->unread;
        if (walk->depth == 0) {
            uint64_t brackets = opens | closes;
            long stop = brackets != 0 ? __builtin_ctzll(brackets) : 64;
            uint64_t found = walk->comma & walk->unread & sift_bits_below(stop);
            if (found != 0) {
                uint64_t late = found & ~sift_bits_below(limit);
                if (late != 0) {
                    long index = __builtin_ctzll(late);
                    *passed += __builtin_popcountll(found & sift_bits_below(index));
                    walk->unread = ~sift_bits_below(index + 1);
                    return index;
                }
                *passed += __builtin_popcountll(found);
            }
            if (stop == 64) break;
            walk->unread = ~sift_bits_below(stop + 1);
            if (closes & ((uint64_t)1 << stop)) {
                *is_end = 1;
                return stop;
            }
            walk->depth = 1;
            continue;
        }
        if (walk->depth > __builtin_popcountll(closes)) break;
        uint64_t rest = closes;
        long level = -1;
        while (rest != 0) {
            long index = __builtin_ctzll(rest);
            uint64_t through = sift_bits_below(index + 1);
            if (walk->depth + __builtin_popcountll(opens & through) == __builtin_popcountll(closes & through)) {
                level = index;
                break;
            }
            rest &= rest - 1;
        }
        if (level < 0) break;
        walk->depth = 0;
        walk->unread = ~sift_bits_below(level + 1);
    }
    walk->depth += __builtin_popcountll(walk->opening & walk->unread) - __builtin_popcountll(walk->closing & walk->unread);
    walk->unread = 0;
    return -1;
}

/* The cutter's scanner: what the blocks carry, the walk in the block being read, the index of
   that block's first byte, and of the first byte not classified yet. */
typedef struct {
    sift_array_carry carry;
    sift_array_walk walk;
    long base;
    long scanned;
} sift_array_scanner;

/* Scans `bytes[0 ..< count]` on from where the last call stopped: returns the index of the first
   comma between elements at or after `limit` (those before it added to `passed`), or of the
   array's closing bracket (`*is_end` set), or -1 when the bytes end first. The last bytes, fewer
   than 64, are classified only when `is_last` says the input ends with them (padded with
   spaces). */
__attribute__((always_inline))
static inline long sift_array_scan_body(
    sift_array_scanner *scanner, const uint8_t *bytes, long count, int is_last, long limit, long *passed, int *is_end,
    int level) {
    for (;;) {
        if (scanner->walk.unread != 0) {
            long index = sift_array_walk_step_body(&scanner->walk, limit - scanner->base, passed, is_end);
            if (index >= 0) return scanner->base + index;
        }
        long scanned = scanner->scanned;
        if (scanned >= count) return -1;
        sift_array_structure structure;
        if (count - scanned >= 64) {
            structure = sift_array_structure_of(bytes + scanned, level, &scanner->carry);
            scanner->scanned = scanned + 64;
        } else if (is_last) {
            uint8_t padded[64];
            memset(padded, ' ', sizeof padded);
            memcpy(padded, bytes + scanned, (size_t)(count - scanned));
            structure = sift_array_structure_of(padded, level, &scanner->carry);
            scanner->scanned = count;
        } else {
            return -1;
        }
        scanner->base = scanned;
        scanner->walk.opening = structure.opening;
        scanner->walk.closing = structure.closing;
        scanner->walk.comma = structure.comma;
        scanner->walk.unread = ~(uint64_t)0;
    }
}

#if defined(SIFT_SKIP_HAS_X86)
/* With AVX2 and the population count every processor with AVX2 has. */
__attribute__((target("avx2,popcnt,bmi")))
static inline long sift_array_scan_avx2(
    sift_array_scanner *scanner, const uint8_t *bytes, long count, int is_last, long limit, long *passed, int *is_end) {
    return sift_array_scan_body(scanner, bytes, count, is_last, limit, passed, is_end, SIFT_SKIP_AVX2);
}
#endif

/* sift_array_scan_body, classifying blocks at `level`. */
static inline long sift_array_scan(
    sift_array_scanner *scanner, const uint8_t *bytes, long count, int is_last, long limit, long *passed, int *is_end,
    int level) {
#if defined(SIFT_SKIP_HAS_X86)
    if (level == SIFT_SKIP_AVX2) return sift_array_scan_avx2(scanner, bytes, count, is_last, limit, passed, is_end);
    if (level == SIFT_SKIP_SSE2) {
        return sift_array_scan_body(scanner, bytes, count, is_last, limit, passed, is_end, SIFT_SKIP_SSE2);
    }
#endif
    return sift_array_scan_body(scanner, bytes, count, is_last, limit, passed, is_end, SIFT_SKIP_PORTABLE);
}

#endif
