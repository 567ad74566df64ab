// Which kernels and functions of a program have module linkage, and in
// which module (HSAIL PRM 4.12): the code object the finalizer makes has
// only ELF symbols, so the runtime reads this from the BRIG it keeps and
// hands it to the code object (executables/module_names.h).
#include <hsail/brig/module.h>

#include "ext/finalizer/finalizer.h"

namespace hsart::finalizer {

v1::ModuleNames module_linkage_names(const std::vector<LoadedModule>& modules) {
  v1::ModuleNames names;
  for (const LoadedModule& m : modules) {
    const hsail::Module& brig = *m.brig;
    const hsail::Section& code = brig.code();
    const uint32_t first = brig.module_directive();
    const auto module = brig.code_entry<fw_brig_directive_module>(first);
    const std::string module_name(brig.data_bytes(module.name));
    // Module-scope entries only: an executable's body is skipped whole.
    for (uint32_t off = first; off < code.size();) {
      const fw_brig_base base = brig.base_at(code, off);
      uint32_t next = off + base.byte_count;
      if (base.kind == FW_BRIG_KIND_DIRECTIVE_KERNEL ||
          base.kind == FW_BRIG_KIND_DIRECTIVE_FUNCTION ||
          base.kind == FW_BRIG_KIND_DIRECTIVE_INDIRECT_FUNCTION) {
        const auto d = brig.code_entry<fw_brig_directive_executable>(off);
        if (d.linkage == FW_BRIG_LINKAGE_MODULE &&
            (d.modifier & FW_BRIG_EXECUTABLE_DEFINITION) != 0)
          names[std::string(brig.data_bytes(d.name))] = module_name;
        if (d.next_module_entry > off) next = d.next_module_entry;
      }
      if (next <= off) break;
      off = next;
    }
  }
  return names;
}

}  // namespace hsart::finalizer
