// The size of an address (PRM 2.9), the one rule the parser (address
// operands, lda), the validator (address registers and offsets, lda,
// nullptr, ftos, stof, segmentp, kernargbaseptr) and the disassembler
// (how an address offset is printed) all apply.
#pragma once

#include <cstdint>

#include "brig.h"

namespace hsail {

// Flat addresses have the machine model's size: 32 bits in the small
// model, 64 in the large one. A module byte other than SMALL counts as
// large, the default (the disassembler refuses such a module before it
// prints an address; the validator judges it as large).
constexpr unsigned model_address_bits(uint8_t machine_model) {
  return machine_model == FW_BRIG_MACHINE_SMALL ? 32 : 64;
}

// Group, private, spill and arg addresses are 32-bit offsets in both
// models; flat, global, readonly and kernarg addresses have the model's
// size.
constexpr unsigned segment_address_bits(uint8_t segment, uint8_t machine_model) {
  switch (segment) {
    case FW_BRIG_SEGMENT_GROUP:
    case FW_BRIG_SEGMENT_PRIVATE:
    case FW_BRIG_SEGMENT_SPILL:
    case FW_BRIG_SEGMENT_ARG:
      return 32;
    default:
      return model_address_bits(machine_model);
  }
}

}  // namespace hsail
