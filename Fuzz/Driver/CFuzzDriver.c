#include "CFuzzDriver.h"

int LLVMFuzzerRunDriver(int *argc, char ***argv, int (*user_callback)(const uint8_t *data, size_t size));

int sift_fuzz_main(int argc, char **argv, int (*check)(const uint8_t *data, size_t size)) {
    return LLVMFuzzerRunDriver(&argc, &argv, check);
}
