// Control directives (PRM 13.5) of a kernel or function code block. The
// work-group size limits become the backend's kernel attributes, which it
// writes to the code object metadata (.reqd_workgroup_size,
// .max_flat_workgroup_size) and uses to bound registers and barriers. The
// other limits are hints this finalizer is allowed to ignore. Exception
// policies are the exception: the agent supports neither BREAK nor DETECT
// (hsa_agent_get_exception_policies reports an empty mask), and PRM 13.5
// requires an error when a directive enables one.
#include <algorithm>
#include <string>

#include "translate_impl.h"

namespace hsail::finalizer::translate_detail {

namespace {

// The backend's limit on work-items per work-group (amdgpu-usage,
// "amdgpu-flat-work-group-size").
constexpr uint64_t kMaxWorkGroup = 1024;
constexpr uint32_t kExceptionBits = 0x1f;

// Function metadata recording what the directives fix, by Required; the
// first is the one the backend reads.
const char* const kRequiredNames[] = {"reqd_work_group_size", "hsail.required_grid_size",
                                      "hsail.required_dim", "hsail.no_partial_workgroups"};
const char* name_of(Required r) { return kRequiredNames[static_cast<unsigned>(r)]; }

// An integer literal or WAVESIZE operand of a directive.
uint64_t literal(KernelTranslator& k, uint32_t operand) {
  switch (k.operand_kind(operand)) {
    case FW_BRIG_KIND_OPERAND_WAVESIZE:
      return 64;
    case FW_BRIG_KIND_OPERAND_CONSTANT_BYTES: {
      auto c = k.brig.operand_entry<fw_brig_operand_constant_bytes>(operand);
      std::string_view bytes = k.brig.data_bytes(c.bytes);
      uint64_t v = 0;
      for (size_t i = 0; i < bytes.size() && i < 8; ++i)
        v |= uint64_t(uint8_t(bytes[i])) << (8 * i);
      return v;
    }
    default:
      k.fail("a control directive operand must be an integer constant");
  }
}

struct Limits {
  uint64_t required[3] = {0, 0, 0};  // requiredworkgroupsize, 0 if absent
  uint64_t grid[3] = {0, 0, 0};      // requiredgridsize, 0 if absent
  uint64_t dim = 0;                  // requireddim, 0 if absent
  uint64_t max_flat = 0;             // maxflatworkgroupsize, 0 if absent
  bool no_partial = false;           // requirenopartialworkgroups
};

void read_directive(KernelTranslator& k, Limits* l) {
  auto d = k.entry<fw_brig_directive_control>();
  std::vector<uint32_t> ops = k.brig.data_list(d.operands);
  auto arg = [&](size_t i) {
    if (i >= ops.size()) k.fail("a control directive lacks an operand");
    return literal(k, ops[i]);
  };
  switch (d.control) {
    case FW_BRIG_CONTROL_ENABLEBREAKEXCEPTIONS:
      if (arg(0) & kExceptionBits) {
        k.unsupported("enablebreakexceptions: the agent supports no exception for the BREAK policy",
                      "12.3, 13.5");
      }
      break;
    case FW_BRIG_CONTROL_ENABLEDETECTEXCEPTIONS:
      if (arg(0) & kExceptionBits) {
        k.unsupported(
            "enabledetectexceptions: the agent supports no exception for the DETECT policy",
            "12.3, 13.5");
      }
      break;
    case FW_BRIG_CONTROL_REQUIREDWORKGROUPSIZE:
      for (size_t i = 0; i < 3; ++i) l->required[i] = arg(i);
      if (l->required[0] * l->required[1] * l->required[2] > kMaxWorkGroup) {
        k.unsupported("work-groups of more than 1024 work-items", "13.5");
      }
      break;
    case FW_BRIG_CONTROL_MAXFLATWORKGROUPSIZE:
      l->max_flat = arg(0);
      break;
    case FW_BRIG_CONTROL_REQUIREDGRIDSIZE:
      for (size_t i = 0; i < 3; ++i) l->grid[i] = arg(i);
      break;
    case FW_BRIG_CONTROL_REQUIREDDIM:
      l->dim = arg(0);
      break;
    case FW_BRIG_CONTROL_REQUIRENOPARTIALWORKGROUPS:
      l->no_partial = true;
      break;
    default:
      // maxdynamicgroupsize, maxflatgridsize, requiredgroupbaseptralign and
      // requirenopartialwavefronts are hints (PRM 13.5) the code does not
      // need: it is correct for every dispatch they allow.
      break;
  }
}

}  // namespace

void apply_control_directives(KernelTranslator& k, uint32_t exec_at) {
  auto d = k.brig.code_entry<fw_brig_directive_executable>(exec_at);
  const Section& code = k.brig.code();
  Limits l;
  uint32_t saved = k.at;
  for (uint32_t off = d.first_code_block_entry; off != 0 && off < d.next_module_entry;) {
    fw_brig_base base = k.brig.base_at(code, off);
    if (base.kind == FW_BRIG_KIND_DIRECTIVE_CONTROL) {
      k.at = off;
      read_directive(k, &l);
    }
    off += base.byte_count;
  }
  k.at = saved;

  // What the dispatch queries may take as known (translate_dispatch.cpp).
  auto constants = [&](Required r, const uint64_t* v, size_t n) {
    std::vector<llvm::Metadata*> ops;
    for (size_t i = 0; i < n; ++i) {
      ops.push_back(llvm::ConstantAsMetadata::get(k.b.getInt32(static_cast<uint32_t>(v[i]))));
    }
    k.fn->setMetadata(name_of(r), llvm::MDNode::get(k.ctx, ops));
  };
  if (l.required[0] != 0) constants(Required::kWorkGroupSize, l.required, 3);
  if (l.grid[0] != 0) constants(Required::kGridSize, l.grid, 3);
  if (l.dim != 0) constants(Required::kDim, &l.dim, 1);
  if (l.no_partial) constants(Required::kNoPartialWorkGroups, nullptr, 0);
  if (k.fn->getCallingConv() != llvm::CallingConv::AMDGPU_KERNEL) return;

  uint64_t lo = 1, hi = kMaxWorkGroup;
  if (l.max_flat != 0) hi = std::min(hi, l.max_flat);
  if (l.required[0] != 0) lo = hi = l.required[0] * l.required[1] * l.required[2];
  if (l.max_flat != 0 || l.required[0] != 0) {
    k.fn->addFnAttr("amdgpu-flat-work-group-size", std::to_string(lo) + "," + std::to_string(hi));
  }
}

llvm::ConstantInt* required_value(const KernelTranslator& k, Required what, unsigned i) {
  llvm::MDNode* md = k.fn->getMetadata(name_of(what));
  if (md == nullptr) return nullptr;
  if (what == Required::kNoPartialWorkGroups) return llvm::ConstantInt::getTrue(k.ctx);
  if (i >= md->getNumOperands()) return nullptr;
  return llvm::mdconst::dyn_extract<llvm::ConstantInt>(md->getOperand(i));
}

}  // namespace hsail::finalizer::translate_detail
