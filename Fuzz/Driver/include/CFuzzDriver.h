#ifndef SIFT_CFUZZDRIVER_H
#define SIFT_CFUZZDRIVER_H

#include <stddef.h>
#include <stdint.h>

/* Runs libFuzzer (linked by -sanitize=fuzzer) with the command line and the function that
   checks one input. Each fuzz executable's entry point calls it. */
int sift_fuzz_main(int argc, char **argv, int (*check)(const uint8_t *data, size_t size));

#endif
