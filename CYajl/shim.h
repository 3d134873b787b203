#ifndef SIFT_CYAJL_SHIM_H
#define SIFT_CYAJL_SHIM_H

#include <stddef.h>
#include <yajl/yajl_parse.h>
#include <yajl/yajl_gen.h>

/* Swift cannot call C variadic functions, so every option Sift uses gets a
   non-variadic wrapper. */

static inline int sift_yajl_config_flag(yajl_handle handle, yajl_option option, int enabled) {
    return yajl_config(handle, option, enabled);
}

static inline int sift_yajl_gen_config_flag(yajl_gen generator, yajl_gen_option option, int enabled) {
    return yajl_gen_config(generator, option, enabled);
}

static inline int sift_yajl_gen_config_indent(yajl_gen generator, const char *indent) {
    return yajl_gen_config(generator, yajl_gen_indent_string, indent);
}

static inline int sift_yajl_gen_config_print_callback(yajl_gen generator, yajl_print_t callback, void *context) {
    return yajl_gen_config(generator, yajl_gen_print_callback, callback, context);
}

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
