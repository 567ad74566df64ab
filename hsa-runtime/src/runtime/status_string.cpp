// hsa_status_string: one row per status code of hsa.h, hsa_ext_amd.h,
// hsa_ext_finalize.h and hsa_ext_image.h.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>
#include <hsa/hsa_ext_finalize.h>
#include <hsa/hsa_ext_image.h>

#include "runtime/init_check.h"

namespace {

struct StatusText {
  int status;
  const char* text;
};

const StatusText kStatusTexts[] = {
    {HSA_STATUS_SUCCESS, "HSA_STATUS_SUCCESS: The function has been executed successfully."},
    {HSA_STATUS_INFO_BREAK,
     "HSA_STATUS_INFO_BREAK: A traversal over a list of elements has been "
     "interrupted by the application before completing."},
    {HSA_STATUS_ERROR, "HSA_STATUS_ERROR: A generic error has occurred."},
    {HSA_STATUS_ERROR_INVALID_ARGUMENT,
     "HSA_STATUS_ERROR_INVALID_ARGUMENT: One of the actual arguments does not meet a "
     "precondition stated in the documentation of the corresponding formal argument."},
    {HSA_STATUS_ERROR_INVALID_QUEUE_CREATION,
     "HSA_STATUS_ERROR_INVALID_QUEUE_CREATION: The requested queue creation is not valid."},
    {HSA_STATUS_ERROR_INVALID_ALLOCATION,
     "HSA_STATUS_ERROR_INVALID_ALLOCATION: The requested allocation is not valid."},
    {HSA_STATUS_ERROR_INVALID_AGENT, "HSA_STATUS_ERROR_INVALID_AGENT: The agent is invalid."},
    {HSA_STATUS_ERROR_INVALID_REGION,
     "HSA_STATUS_ERROR_INVALID_REGION: The memory region is invalid."},
    {HSA_STATUS_ERROR_INVALID_SIGNAL, "HSA_STATUS_ERROR_INVALID_SIGNAL: The signal is invalid."},
    {HSA_STATUS_ERROR_INVALID_QUEUE, "HSA_STATUS_ERROR_INVALID_QUEUE: The queue is invalid."},
    {HSA_STATUS_ERROR_OUT_OF_RESOURCES,
     "HSA_STATUS_ERROR_OUT_OF_RESOURCES: The runtime failed to allocate the necessary resources."},
    {HSA_STATUS_ERROR_INVALID_PACKET_FORMAT,
     "HSA_STATUS_ERROR_INVALID_PACKET_FORMAT: The AQL packet is malformed."},
    {HSA_STATUS_ERROR_RESOURCE_FREE,
     "HSA_STATUS_ERROR_RESOURCE_FREE: An error has been detected while releasing a resource."},
    {HSA_STATUS_ERROR_NOT_INITIALIZED,
     "HSA_STATUS_ERROR_NOT_INITIALIZED: An API other than hsa_init has been invoked while the "
     "reference count of the runtime is zero."},
    {HSA_STATUS_ERROR_REFCOUNT_OVERFLOW,
     "HSA_STATUS_ERROR_REFCOUNT_OVERFLOW: The maximum reference count for the object has been "
     "reached."},
    {HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS,
     "HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS: The arguments passed to a function are not "
     "compatible."},
    {HSA_STATUS_ERROR_INVALID_INDEX, "HSA_STATUS_ERROR_INVALID_INDEX: The index is invalid."},
    {HSA_STATUS_ERROR_INVALID_ISA,
     "HSA_STATUS_ERROR_INVALID_ISA: The instruction set architecture "
     "is invalid."},
    {HSA_STATUS_ERROR_INVALID_ISA_NAME,
     "HSA_STATUS_ERROR_INVALID_ISA_NAME: The instruction set architecture name is invalid."},
    {HSA_STATUS_ERROR_INVALID_CODE_OBJECT,
     "HSA_STATUS_ERROR_INVALID_CODE_OBJECT: The code object is invalid."},
    {HSA_STATUS_ERROR_INVALID_EXECUTABLE,
     "HSA_STATUS_ERROR_INVALID_EXECUTABLE: The executable is invalid."},
    {HSA_STATUS_ERROR_FROZEN_EXECUTABLE,
     "HSA_STATUS_ERROR_FROZEN_EXECUTABLE: The executable is frozen."},
    {HSA_STATUS_ERROR_INVALID_SYMBOL_NAME,
     "HSA_STATUS_ERROR_INVALID_SYMBOL_NAME: There is no symbol with the given name."},
    {HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED,
     "HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED: The variable is already defined."},
    {HSA_STATUS_ERROR_VARIABLE_UNDEFINED,
     "HSA_STATUS_ERROR_VARIABLE_UNDEFINED: The variable is undefined."},
    {HSA_STATUS_ERROR_EXCEPTION,
     "HSA_STATUS_ERROR_EXCEPTION: An HSAIL operation resulted in a hardware exception."},
    {HSA_STATUS_ERROR_INVALID_CODE_SYMBOL,
     "HSA_STATUS_ERROR_INVALID_CODE_SYMBOL: The code object symbol is invalid."},
    {HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL,
     "HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL: The executable symbol is invalid."},
    {HSA_STATUS_ERROR_INVALID_FILE,
     "HSA_STATUS_ERROR_INVALID_FILE: The file descriptor is invalid."},
    {HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER,
     "HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER: The code object reader is invalid."},
    {HSA_STATUS_ERROR_INVALID_CACHE, "HSA_STATUS_ERROR_INVALID_CACHE: The cache is invalid."},
    {HSA_STATUS_ERROR_INVALID_WAVEFRONT,
     "HSA_STATUS_ERROR_INVALID_WAVEFRONT: The wavefront is invalid."},
    {HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP,
     "HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP: The signal group is invalid."},
    {HSA_STATUS_ERROR_INVALID_RUNTIME_STATE,
     "HSA_STATUS_ERROR_INVALID_RUNTIME_STATE: The runtime is in an invalid state for the "
     "operation."},
    {HSA_STATUS_ERROR_FATAL,
     "HSA_STATUS_ERROR_FATAL: The queue received an error that may "
     "require process termination."},
    {HSA_STATUS_ERROR_INVALID_MEMORY_POOL,
     "HSA_STATUS_ERROR_INVALID_MEMORY_POOL: The memory pool is invalid."},
    {HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION,
     "HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION: An access crossed a memory aperture boundary."},
    {HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION,
     "HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION: A wavefront executed an illegal instruction."},
    {HSA_STATUS_ERROR_MEMORY_FAULT,
     "HSA_STATUS_ERROR_MEMORY_FAULT: An agent accessed memory beyond its allowed range."},
    {HSA_STATUS_CU_MASK_REDUCED,
     "HSA_STATUS_CU_MASK_REDUCED: The CU mask was reduced to the compute units that exist."},
    {HSA_EXT_STATUS_ERROR_INVALID_PROGRAM,
     "HSA_EXT_STATUS_ERROR_INVALID_PROGRAM: The HSAIL program is invalid."},
    {HSA_EXT_STATUS_ERROR_INVALID_MODULE,
     "HSA_EXT_STATUS_ERROR_INVALID_MODULE: The HSAIL module is invalid."},
    {HSA_EXT_STATUS_ERROR_INCOMPATIBLE_MODULE,
     "HSA_EXT_STATUS_ERROR_INCOMPATIBLE_MODULE: The machine model or profile of the HSAIL module "
     "does not match the program."},
    {HSA_EXT_STATUS_ERROR_MODULE_ALREADY_INCLUDED,
     "HSA_EXT_STATUS_ERROR_MODULE_ALREADY_INCLUDED: The HSAIL module is already in the program."},
    {HSA_EXT_STATUS_ERROR_SYMBOL_MISMATCH,
     "HSA_EXT_STATUS_ERROR_SYMBOL_MISMATCH: A symbol declaration does not match its definition."},
    {HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED,
     "HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED: The finalizer failed."},
    {HSA_EXT_STATUS_ERROR_DIRECTIVE_MISMATCH,
     "HSA_EXT_STATUS_ERROR_DIRECTIVE_MISMATCH: A control directive does not match another one."},
    {HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED,
     "HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED: The image format is not supported."},
    {HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED,
     "HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED: The image size is not supported."},
    {HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED,
     "HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED: The image pitch is not supported."},
    {HSA_EXT_STATUS_ERROR_SAMPLER_DESCRIPTOR_UNSUPPORTED,
     "HSA_EXT_STATUS_ERROR_SAMPLER_DESCRIPTOR_UNSUPPORTED: The sampler descriptor is not "
     "supported."},
};

}  // namespace

extern "C" hsa_status_t hsa_status_string(hsa_status_t status, const char** status_string) {
  HSART_CHECK_INIT();
  if (!status_string) return HSA_STATUS_ERROR_INVALID_ARGUMENT;
  for (const StatusText& row : kStatusTexts) {
    if (row.status == static_cast<int>(status)) {
      *status_string = row.text;
      return HSA_STATUS_SUCCESS;
    }
  }
  return HSA_STATUS_ERROR_INVALID_ARGUMENT;
}
