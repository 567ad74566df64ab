/*
 * The firmware-interface headers compiled as C11: the kernel module and any
 * C client see these sizes and offsets. c_language_layout_test.cpp checks
 * that C and C++ agree.
 */
#include "amd_kernel_code.h"
#include "amd_queue.h"
#include "amd_signal.h"
#include "aql_packet.h"
#include "gfx9_mqd.h"
#include "kernel_descriptor.h"

#include "c_language_layout.h"

const struct c_layout_entry c_layout_entries[] = {
    {"fw_aql_kernel_dispatch_packet", sizeof(struct fw_aql_kernel_dispatch_packet),
     offsetof(struct fw_aql_kernel_dispatch_packet, completion_signal)},
    {"fw_aql_barrier_packet", sizeof(struct fw_aql_barrier_packet),
     offsetof(struct fw_aql_barrier_packet, dep_signal)},
    {"fw_amd_pm4_ib_packet", sizeof(struct fw_amd_pm4_ib_packet),
     offsetof(struct fw_amd_pm4_ib_packet, dw_cnt_remain)},
    {"fw_amd_queue", sizeof(struct fw_amd_queue),
     offsetof(struct fw_amd_queue, queue_inactive_signal)},
    {"fw_amd_signal", sizeof(struct fw_amd_signal), offsetof(struct fw_amd_signal, queue_ptr)},
    {"fw_amd_kernel_code", sizeof(struct fw_amd_kernel_code),
     offsetof(struct fw_amd_kernel_code, control_directives)},
    {"fw_kernel_descriptor", sizeof(struct fw_kernel_descriptor),
     offsetof(struct fw_kernel_descriptor, kernel_code_properties)},
    {"fw_v9_mqd", sizeof(struct fw_v9_mqd), offsetof(struct fw_v9_mqd, queue_doorbell_id15)},
    {"fw_v9_sdma_mqd", sizeof(struct fw_v9_sdma_mqd),
     offsetof(struct fw_v9_sdma_mqd, sdma_queue_id)},
};

const unsigned int c_layout_entry_count = sizeof(c_layout_entries) / sizeof(c_layout_entries[0]);
