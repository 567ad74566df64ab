// HSA_SYSTEM_INFO_*: what the whole runtime reports.
#include "names.h"
#include "query.h"
#include "sections.h"

namespace hsainfo {

void print_system(Report& r) {
  r.banner("HSA System Attributes");
  const auto major = HSAINFO_SYSTEM(uint16_t, HSA_SYSTEM_INFO_VERSION_MAJOR);
  const auto minor = HSAINFO_SYSTEM(uint16_t, HSA_SYSTEM_INFO_VERSION_MINOR);
  r.field("Runtime Version", std::to_string(major) + "." + std::to_string(minor));
  const auto build = ::hsainfo::maybe<const char*>([](void* v) {
    return hsa_system_get_info(static_cast<hsa_system_info_t>(HSA_AMD_SYSTEM_INFO_BUILD_VERSION),
                               v);
  });
  if (build && *build) r.field("Runtime Build", *build);
  r.field("Timestamp Frequency",
          std::to_string(HSAINFO_SYSTEM(uint64_t, HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY)) + " Hz");
  r.field("Timestamp Now", count(HSAINFO_SYSTEM(uint64_t, HSA_SYSTEM_INFO_TIMESTAMP)));
  r.field("Signal Max Wait",
          count(HSAINFO_SYSTEM(uint64_t, HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT)) + " ticks");
  r.field("Machine Model",
          machine_model_name(HSAINFO_SYSTEM(hsa_machine_model_t, HSA_SYSTEM_INFO_MACHINE_MODEL)));
  r.field("Endianness",
          endianness_name(HSAINFO_SYSTEM(hsa_endianness_t, HSA_SYSTEM_INFO_ENDIANNESS)));
  r.field("Extensions",
          extension_list(HSAINFO_SYSTEM(Bitmask128, HSA_SYSTEM_INFO_EXTENSIONS).data()));
  const auto svm = ::hsainfo::maybe<bool>([](void* v) {
    return hsa_system_get_info(static_cast<hsa_system_info_t>(HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED),
                               v);
  });
  if (svm) r.field("SVM Supported", yes_no(*svm));
  r.blank();
}

}  // namespace hsainfo
