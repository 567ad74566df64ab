// The seam between libhsa-runtime64.so.1 and libhsart-finalizer.so.1, the
// finalizer extension's compiler (the HSAIL finalizer with LLVM 14 and
// lld). The runtime loads the plugin with dlopen the first time a program
// is finalized, so applications that never finalize do not map LLVM. A
// plain C function keeps the two libraries independent of each other's
// C++ internals; the plugin reads the BRIG modules itself.
#pragma once

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

// The plugin's file name; the runtime looks for it in its own directory.
#define HSART_FINALIZER_PLUGIN "libhsart-finalizer.so.1"
#define HSART_FINALIZER_ENTRY "hsart_finalizer_build"

// One BRIG module as bytes (a whole BRIG file: header, sections).
struct hsart_brig_blob {
  const void* data;
  size_t size;
};

// Finalizes the modules as one program for the GPU named gfx ("gfx900");
// rounding is the program's hsa_default_float_rounding_mode_t, which the
// modules of $default rounding take.
// Returns 0 with *code/*code_size (malloc'd, the caller frees) on success;
// otherwise an hsa_status_t value (HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED
// or HSA_STATUS_ERROR_OUT_OF_RESOURCES) with *message (malloc'd, may be
// null when even that allocation failed).
typedef int (*hsart_finalizer_build_fn)(const struct hsart_brig_blob* modules, size_t count,
                                        const char* gfx, int rounding, uint8_t** code,
                                        size_t* code_size, char** message);

int hsart_finalizer_build(const struct hsart_brig_blob* modules, size_t count, const char* gfx,
                          int rounding, uint8_t** code, size_t* code_size, char** message);

#ifdef __cplusplus
}
#endif
