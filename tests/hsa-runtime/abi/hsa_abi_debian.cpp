// Debian's HSA headers (ROCm 5.2.3), included by absolute path so that the
// include path, which finds ours, plays no part.
#include "/usr/include/hsa/hsa.h"
#include "/usr/include/hsa/hsa_ext_amd.h"
#include "/usr/include/hsa/hsa_ext_finalize.h"
#include "/usr/include/hsa/hsa_ext_image.h"

#include "hsa_abi_rows.inc"
HSA_ABI_DEFINE_TABLES(kDebianHsaAbi);
