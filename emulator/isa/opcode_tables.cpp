// Every family's rows, in one list for the decoder's index.
#include "instruction.h"

namespace gcn {

extern const OpcodeTable kSop2Table, kSopkTable, kSop1Table, kSopcTable, kSoppTable, kSmemTable;
extern const OpcodeTable kVop1Table, kVop2Table, kVopcTable, kVop3Table, kVop3pTable;
extern const OpcodeTable kDsTable, kMubufTable, kMtbufTable, kFlatTable;

const OpcodeTable* all_opcode_tables(size_t* count) {
  static const OpcodeTable kAll[] = {
      kSop2Table,  kSopkTable, kSop1Table,  kSopcTable,  kSoppTable,
      kSmemTable,  kVop1Table, kVop2Table,  kVopcTable,  kVop3Table,
      kVop3pTable, kDsTable,   kMubufTable, kMtbufTable, kFlatTable,
  };
  *count = sizeof(kAll) / sizeof(kAll[0]);
  return kAll;
}

}  // namespace gcn
