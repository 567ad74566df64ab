// Our HSA headers, through hsa_headers' include path in both spellings
// programs use.
#include <hsa/hsa.h>
#include <hsa/hsa_ext_finalize.h>

#include "hsa_ext_amd.h"
#include "hsa_ext_image.h"

#include "hsa_abi_rows.inc"
HSA_ABI_DEFINE_TABLES(kOurHsaAbiInC);
