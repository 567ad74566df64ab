// Every family's rows, in one list for the decoder's index.
#include "semantics/opcode_tables.h"

namespace gcn {

extern const OpcodeTable kSop2Table, kSopkTable, kSop1Table, kSopcTable, kSoppTable, kSmemTable;
extern const OpcodeTable kVop1Table, kVop2Table, kVopcTable, kVop3Table, kVop3pTable;
extern const OpcodeTable kDsTable, kMubufTable, kMtbufTable, kFlatTable, kMimgTable;

const OpcodeIndex& gfx9_opcodes() {
  static const OpcodeTable kAll[] = {
      kSop2Table,  kSopkTable,  kSop1Table, kSopcTable, kSoppTable,  kSmemTable,
      kVop1Table,  kVop2Table,  kVopcTable, kVop3Table, kVop3pTable, kDsTable,
      kMubufTable, kMtbufTable, kFlatTable, kMimgTable,
  };
  static const OpcodeIndex kIndex(kAll, sizeof(kAll) / sizeof(kAll[0]));
  return kIndex;
}

}  // namespace gcn
