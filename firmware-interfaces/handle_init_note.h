/* SPDX-License-Identifier: MIT */
/*
 * The handle-initializer note: how our HSAIL finalizer tells our HSA
 * runtime's loader which image and sampler handles of a code object it
 * must fill when it loads the code object for an agent (HSA PRM 7.1: an
 * image or sampler variable with an initializer names an object the
 * runtime creates at load time; the image's data is undefined, ours is
 * zero).
 *
 * This project's own format, not AMD's: AMD's code object v1 described
 * each handle with an R_AMDGPU_V1_INIT_IMAGE / _SAMPLER relocation
 * against a descriptor record, which neither code object v2-v4 nor ROCr's
 * current loader know; a loader that does not know this note leaves the
 * handles zero.
 *
 * An ELF note (SHT_NOTE section FW_HANDLE_INIT_SECTION, so in a PT_NOTE
 * segment), owner FW_HANDLE_INIT_NOTE_NAME, type FW_HANDLE_INIT_NOTE_TYPE.
 * Its descriptor, little-endian, 8-byte fields naturally aligned within it:
 *   struct fw_handle_init_header
 *   struct fw_handle_init_record  records[record_count]
 *   char                          strings[strings_size]
 * One record per handle (an array variable has one per initialized
 * element); each names its variable by the ELF symbol (.symtab, local
 * symbols included) whose name starts at byte `symbol` of strings
 * (NUL-terminated), and the handle's byte offset from that symbol's
 * address. The loader writes the 64-bit handle there.
 *
 * Versioning: version 1 is this layout with record_size 64. A later
 * version may append fields to the record (record_size grows, the fields
 * here keep their offsets) or change meanings (version grows); a loader
 * refuses a version it does not know.
 */
#ifndef FW_HANDLE_INIT_NOTE_H
#define FW_HANDLE_INIT_NOTE_H

#include "fw_common.h"

#define FW_HANDLE_INIT_SECTION ".note.hsa-gcn.handle-init"
#define FW_HANDLE_INIT_NOTE_NAME "hsa-gcn" /* n_namesz 8, with the NUL */
#define FW_HANDLE_INIT_NOTE_TYPE 1
#define FW_HANDLE_INIT_VERSION 1

enum fw_handle_init_kind {
	FW_HANDLE_INIT_IMAGE = 1,
	FW_HANDLE_INIT_SAMPLER = 2,
};

/*
 * Image access, the HSA runtime's hsa_access_permission_t values: roimg
 * is read-only, woimg write-only, rwimg read-write.
 */
enum fw_handle_init_access {
	FW_HANDLE_INIT_ACCESS_RO = 1,
	FW_HANDLE_INIT_ACCESS_WO = 2,
	FW_HANDLE_INIT_ACCESS_RW = 3,
};

struct fw_handle_init_header {
	uint32_t version;	/* FW_HANDLE_INIT_VERSION */
	uint32_t record_size;	/* bytes per record: 64 in version 1 */
	uint32_t record_count;
	uint32_t strings_size;	/* bytes of the string area after the records */
};

/*
 * The enumerations are BRIG's (brig.h), which are also the values of the
 * HSA images extension (hsa_ext_image_geometry_t, _channel_order_t,
 * _channel_type_t, hsa_ext_sampler_coordinate_mode_t, _filter_mode_t,
 * _addressing_mode_t). Fields of the other kind are zero.
 */
struct fw_handle_init_record {
	uint32_t symbol;	/* offset of the variable's name in strings */
	uint16_t kind;		/* enum fw_handle_init_kind */
	uint16_t reserved0;
	uint64_t offset;	/* of the 8-byte handle from the symbol */
	/* image */
	uint8_t geometry;	/* fw_brig_image_geometry */
	uint8_t channel_order;	/* fw_brig_image_channel_order */
	uint8_t channel_type;	/* fw_brig_image_channel_type */
	uint8_t access;		/* enum fw_handle_init_access */
	/* sampler */
	uint8_t coord;		/* fw_brig_sampler_coord_normalization */
	uint8_t filter;		/* fw_brig_sampler_filter */
	uint8_t addressing;	/* fw_brig_sampler_addressing */
	uint8_t reserved1;
	/* image sizes as the HSAIL initializer gives them (0: not given) */
	uint64_t width;
	uint64_t height;
	uint64_t depth;
	uint64_t array_size;
	uint64_t reserved2;
};

FW_ASSERT_SIZE(struct fw_handle_init_header, 16);
FW_ASSERT_OFFSET(struct fw_handle_init_header, record_count, 8);
FW_ASSERT_OFFSET(struct fw_handle_init_header, strings_size, 12);
FW_ASSERT_SIZE(struct fw_handle_init_record, 64);
FW_ASSERT_OFFSET(struct fw_handle_init_record, kind, 4);
FW_ASSERT_OFFSET(struct fw_handle_init_record, offset, 8);
FW_ASSERT_OFFSET(struct fw_handle_init_record, geometry, 16);
FW_ASSERT_OFFSET(struct fw_handle_init_record, access, 19);
FW_ASSERT_OFFSET(struct fw_handle_init_record, coord, 20);
FW_ASSERT_OFFSET(struct fw_handle_init_record, addressing, 22);
FW_ASSERT_OFFSET(struct fw_handle_init_record, width, 24);
FW_ASSERT_OFFSET(struct fw_handle_init_record, height, 32);
FW_ASSERT_OFFSET(struct fw_handle_init_record, depth, 40);
FW_ASSERT_OFFSET(struct fw_handle_init_record, array_size, 48);
FW_ASSERT_OFFSET(struct fw_handle_init_record, reserved2, 56);

#endif /* FW_HANDLE_INIT_NOTE_H */
