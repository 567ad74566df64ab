/*
 * The HSA finalizer extension (HSA_EXTENSION_FINALIZER): programs built
 * from HSAIL modules in BRIG form, finalized into code objects for one ISA.
 * Names, values, layouts and prototypes match ROCm's (5.2);
 * tests/hsa-runtime/abi checks them.
 */
#ifndef HSA_RUNTIME_INC_HSA_EXT_FINALIZE_H_
#define HSA_RUNTIME_INC_HSA_EXT_FINALIZE_H_

#include "hsa.h"

/* The runtime's sources define HSA_EXPORT (or HSA_EXPORT_FINALIZER) to
 * export these functions; clients see plain declarations. */
#undef HSA_API
#if defined(HSA_EXPORT_FINALIZER) || defined(HSA_EXPORT)
#define HSA_API HSA_API_EXPORT
#else
#define HSA_API HSA_API_IMPORT
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* A BRIG module in memory; its header type is opaque here. */
struct BrigModuleHeader;
typedef struct BrigModuleHeader* BrigModule_t;

/* Status codes of this extension (returned as hsa_status_t). */
enum {
  HSA_EXT_STATUS_ERROR_INVALID_PROGRAM = 0x2000,
  HSA_EXT_STATUS_ERROR_INVALID_MODULE = 0x2001,
  HSA_EXT_STATUS_ERROR_INCOMPATIBLE_MODULE = 0x2002,
  HSA_EXT_STATUS_ERROR_MODULE_ALREADY_INCLUDED = 0x2003,
  HSA_EXT_STATUS_ERROR_SYMBOL_MISMATCH = 0x2004,
  HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED = 0x2005,
  HSA_EXT_STATUS_ERROR_DIRECTIVE_MISMATCH = 0x2006
};

typedef BrigModule_t hsa_ext_module_t;

/* A set of modules linked together; the caller keeps each module alive
 * until the program is destroyed. */
typedef struct hsa_ext_program_s {
  uint64_t handle;
} hsa_ext_program_t;

hsa_status_t HSA_API
hsa_ext_program_create(hsa_machine_model_t machine_model, hsa_profile_t profile,
                       hsa_default_float_rounding_mode_t default_float_rounding_mode,
                       const char* options, hsa_ext_program_t* program);

hsa_status_t HSA_API hsa_ext_program_destroy(hsa_ext_program_t program);

hsa_status_t HSA_API hsa_ext_program_add_module(hsa_ext_program_t program, hsa_ext_module_t module);

hsa_status_t HSA_API hsa_ext_program_iterate_modules(
    hsa_ext_program_t program,
    hsa_status_t (*callback)(hsa_ext_program_t program, hsa_ext_module_t module, void* data),
    void* data);

typedef enum {
  HSA_EXT_PROGRAM_INFO_MACHINE_MODEL = 0,
  HSA_EXT_PROGRAM_INFO_PROFILE = 1,
  HSA_EXT_PROGRAM_INFO_DEFAULT_FLOAT_ROUNDING_MODE = 2
} hsa_ext_program_info_t;

hsa_status_t HSA_API hsa_ext_program_get_info(hsa_ext_program_t program,
                                              hsa_ext_program_info_t attribute, void* value);

/* Lets the finalizer pick the call convention. */
typedef enum { HSA_EXT_FINALIZER_CALL_CONVENTION_AUTO = -1 } hsa_ext_finalizer_call_convention_t;

/* Limits promised by the caller so the finalizer can specialise the code
 * (144 bytes). A mask bit says which fields are valid. */
typedef struct hsa_ext_control_directives_s {
  uint64_t control_directives_mask;
  uint16_t break_exceptions_mask;
  uint16_t detect_exceptions_mask;
  uint32_t max_dynamic_group_size;
  uint64_t max_flat_grid_size;
  uint32_t max_flat_workgroup_size;
  uint32_t reserved1;
  uint64_t required_grid_size[3];
  hsa_dim3_t required_workgroup_size;
  uint8_t required_dim;
  uint8_t reserved2[75];
} hsa_ext_control_directives_t;

/* control_directives is passed by value, as in the specification. */
hsa_status_t HSA_API hsa_ext_program_finalize(hsa_ext_program_t program, hsa_isa_t isa,
                                              int32_t call_convention,
                                              hsa_ext_control_directives_t control_directives,
                                              const char* options,
                                              hsa_code_object_type_t code_object_type,
                                              hsa_code_object_t* code_object);

/* Function table of version 1.00, announced by its macro. */
#define hsa_ext_finalizer_1_00

typedef struct hsa_ext_finalizer_1_00_pfn_s {
  hsa_status_t (*hsa_ext_program_create)(
      hsa_machine_model_t machine_model, hsa_profile_t profile,
      hsa_default_float_rounding_mode_t default_float_rounding_mode, const char* options,
      hsa_ext_program_t* program);
  hsa_status_t (*hsa_ext_program_destroy)(hsa_ext_program_t program);
  hsa_status_t (*hsa_ext_program_add_module)(hsa_ext_program_t program, hsa_ext_module_t module);
  hsa_status_t (*hsa_ext_program_iterate_modules)(
      hsa_ext_program_t program,
      hsa_status_t (*callback)(hsa_ext_program_t program, hsa_ext_module_t module, void* data),
      void* data);
  hsa_status_t (*hsa_ext_program_get_info)(hsa_ext_program_t program,
                                           hsa_ext_program_info_t attribute, void* value);
  hsa_status_t (*hsa_ext_program_finalize)(hsa_ext_program_t program, hsa_isa_t isa,
                                           int32_t call_convention,
                                           hsa_ext_control_directives_t control_directives,
                                           const char* options,
                                           hsa_code_object_type_t code_object_type,
                                           hsa_code_object_t* code_object);
} hsa_ext_finalizer_1_00_pfn_t;

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* HSA_RUNTIME_INC_HSA_EXT_FINALIZE_H_ */
