/* SPDX-License-Identifier: MIT */
/*
 * Common ground for the firmware-interface headers: fixed-width types,
 * static_assert and the bit-field helpers, in a form that compiles in the
 * Linux kernel (Kbuild, gnu11), in user-space C11 and in C++.
 */
#ifndef FW_COMMON_H
#define FW_COMMON_H

#ifdef __KERNEL__
#include <linux/types.h>
#include <linux/stddef.h>
#include <linux/build_bug.h>
#else
#include <stddef.h>
#include <stdint.h>
#ifndef __cplusplus
#include <assert.h>
#endif
#endif

#define FW_ALIGNED(n) __attribute__((aligned(n)))

/*
 * A bit field is named by one macro that expands to "shift, width", so the
 * position of a field is written once and read by the helpers below:
 *   #define FW_EXAMPLE_FIELD 12, 2
 *   FW_FIELD_GET(word, FW_EXAMPLE_FIELD)
 * The helpers take "..." so that they also work when the field name was
 * already expanded by an enclosing macro. FW_FIELD_PREP(field, value).
 */
#define FW_FIELD_SHIFT(...) FW__SHIFT(__VA_ARGS__)
#define FW_FIELD_WIDTH(...) FW__WIDTH(__VA_ARGS__)
#define FW_FIELD_MASK(...) FW__MASK(__VA_ARGS__)
#define FW_FIELD_GET(v, ...) FW__GET(v, __VA_ARGS__)
#define FW_FIELD_PREP(...) FW__PREP(__VA_ARGS__)

#define FW__SHIFT(shift, width) (shift)
#define FW__WIDTH(shift, width) (width)
#define FW__MASK(shift, width) \
	((uint32_t)(((1ull << (width)) - 1) << (shift)))
#define FW__GET(v, shift, width) \
	((uint32_t)(((v) >> (shift)) & ((1ull << (width)) - 1)))
#define FW__PREP(shift, width, x) \
	((uint32_t)(((uint64_t)(x) & ((1ull << (width)) - 1)) << (shift)))

/* Layout checks shared by every header. */
#define FW_ASSERT_SIZE(type, size) \
	static_assert(sizeof(type) == (size), #type " must be " #size " bytes")
#define FW_ASSERT_OFFSET(type, field, off)                  \
	static_assert(offsetof(type, field) == (off),        \
		      #type "." #field " must be at offset " #off)

#endif /* FW_COMMON_H */
