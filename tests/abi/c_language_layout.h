/* Sizes and one offset per struct, as a C compiler lays them out. */
#ifndef C_LANGUAGE_LAYOUT_H
#define C_LANGUAGE_LAYOUT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

struct c_layout_entry {
  const char* name;
  size_t size;
  size_t offset; /* of the last member the entry names */
};

extern const struct c_layout_entry c_layout_entries[];
extern const unsigned int c_layout_entry_count;

#ifdef __cplusplus
}
#endif

#endif /* C_LANGUAGE_LAYOUT_H */
