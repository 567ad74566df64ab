// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * The gfx9 ASIC table: its MQD managers (amdkfd's kfd_mqd_manager_v9.c:
 * MQD size, init, update and CU mask per queue kind), its doorbell layout,
 * flat apertures and tile configuration. The MQDs themselves are built by
 * kfd-common/kfd_mqd_v9.h, which the emulated KFD uses too; a gfx8 device
 * would be a second table.
 */
#include "gcnkfd.h"
#include "kfd_device_vega10.h"
#include "kfd_mqd_v9.h"

static void gcnkfd_v9_cp_init(void *mqd, const struct kfdc_queue_props *q)
{
	kfdc_v9_mqd_init(mqd, q);
}

static void gcnkfd_v9_cp_update(void *mqd, const struct kfdc_queue_props *q)
{
	kfdc_v9_mqd_update(mqd, q);
}

static void gcnkfd_v9_cp_set_cu_mask(void *mqd,
				     const struct kfdc_gpu_props *pr,
				     const u32 *mask, u32 bits)
{
	u32 se_mask[FW_GFX9_MAX_SE];

	kfdc_map_cu_mask(pr, mask, bits, se_mask);
	kfdc_v9_mqd_set_cu_mask(mqd, se_mask);
}

static void gcnkfd_v9_sdma_init(void *mqd, const struct kfdc_queue_props *q)
{
	kfdc_v9_sdma_mqd_init(mqd, q);
}

static void gcnkfd_v9_sdma_update(void *mqd,
				  const struct kfdc_queue_props *q)
{
	kfdc_v9_sdma_mqd_update(mqd, q);
}

static const struct gcnkfd_mqd_manager gcnkfd_v9_cp_mqd = {
	.mqd_size = sizeof(struct fw_v9_mqd),
	.init = gcnkfd_v9_cp_init,
	.update = gcnkfd_v9_cp_update,
	.set_cu_mask = gcnkfd_v9_cp_set_cu_mask,
};

/* The SDMA MQD has no CU mask: SET_CU_MASK is accepted without effect. */
static const struct gcnkfd_mqd_manager gcnkfd_v9_sdma_mqd = {
	.mqd_size = sizeof(struct fw_v9_sdma_mqd),
	.init = gcnkfd_v9_sdma_init,
	.update = gcnkfd_v9_sdma_update,
};

static bool gcnkfd_v9_doorbell_reserved(const struct kfdc_gpu_props *pr,
					u32 slot)
{
	return kfdc_vega10_doorbell_is_sdma(pr, slot);
}

const struct gcnkfd_asic gcnkfd_asic_v9 = {
	.mqd = {
		[GCNKFD_MQD_TYPE_CP] = &gcnkfd_v9_cp_mqd,
		[GCNKFD_MQD_TYPE_SDMA] = &gcnkfd_v9_sdma_mqd,
	},
	.sdma_doorbell = kfdc_vega10_sdma_doorbell,
	.doorbell_reserved = gcnkfd_v9_doorbell_reserved,
	.apertures = kfdc_gfx9_apertures,
	.gb_addr_config = KFDC_VEGA10_GB_ADDR_CONFIG,
	.num_tile_configs = KFDC_NUM_TILE_CONFIGS,
	.num_macro_tile_configs = KFDC_NUM_MACRO_TILE_CONFIGS,
};
