// AMDGPU ELF constants (AMDGPU usage: "ELF Code Object") that glibc's
// <elf.h> does not carry.
#pragma once

#include <cstdint>

namespace hsart::loader {

constexpr uint8_t kElfOsAbiAmdgpuHsa = 64;
// e_ident[EI_ABIVERSION] for ELFOSABI_AMDGPU_HSA.
constexpr uint8_t kAbiVersionV2 = 0;
constexpr uint8_t kAbiVersionV3 = 1;
constexpr uint8_t kAbiVersionV4 = 2;

constexpr uint32_t kEfMachMask = 0x0ff;
constexpr uint32_t kEfXnackV3 = 0x100;
constexpr uint32_t kEfSramEccV3 = 0x200;
constexpr uint32_t kEfXnackV4Mask = 0x300;  // 0 unsupported, 1 any, 2 off, 3 on
constexpr unsigned kEfXnackV4Shift = 8;
constexpr uint32_t kEfSramEccV4Mask = 0xc00;
constexpr unsigned kEfSramEccV4Shift = 10;

constexpr uint8_t kSttAmdgpuHsaKernel = 10;  // v2 kernel symbols

// Note types: "AMD" owner (v2), "AMDGPU" owner (v3+).
constexpr uint32_t kNtAmdHsaCodeObjectVersion = 1;
constexpr uint32_t kNtAmdHsaIsaVersion = 3;
constexpr uint32_t kNtAmdHsaMetadata = 10;
constexpr uint32_t kNtAmdHsaIsaName = 11;
constexpr uint32_t kNtAmdgpuMetadata = 32;

// Relocation types.
constexpr uint32_t kRNone = 0;
constexpr uint32_t kRAbs32Lo = 1;
constexpr uint32_t kRAbs32Hi = 2;
constexpr uint32_t kRAbs64 = 3;
constexpr uint32_t kRRel32 = 4;
constexpr uint32_t kRRel64 = 5;
constexpr uint32_t kRAbs32 = 6;
constexpr uint32_t kRRel32Lo = 10;
constexpr uint32_t kRRel32Hi = 11;
constexpr uint32_t kRRelative64 = 13;

// kernel_code_properties bit 11 of a v3+ descriptor (LLVM 15+ sets it).
constexpr uint16_t kKdUsesDynamicStack = 1u << 11;

}  // namespace hsart::loader
