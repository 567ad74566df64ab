// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * User queues (kernel/queue.c, the vgfx9 backend's debugfs "queues"),
 * checked against Linux 6.1: the errnos of set_queue_properties_from_user,
 * kfd_ioctl_create_queue, the process queue manager (127 queues per process
 * and GPU, ids from 0 up, lowest free first) and the device queue manager
 * (2 SDMA engines x 2 queues, static SOC15 SDMA doorbells), and the MQD
 * fields kfd_mqd_manager_v9.c programs, recomputed here from the ioctl
 * arguments and the register layouts of the gfx9 register headers. The
 * queues never run: ring and pointers are plain process memory.
 */
#include <signal.h>
#include <sys/mman.h>
#include <sys/wait.h>

#include "gcnkfd_test.h"
#include "kselftest_harness.h"

#define RING_BYTES (64 * 1024)
#define DOORBELL_SLICE 8192
#define MAX_QUEUES_PER_GPU 127
#define SDMA_QUEUES 4
#define KERNEL_ADDR 0xffff800000001000ull
/* Linux's kernel-internal ENOTSUPP for an unknown queue type. */
#define KFD_ENOTSUPP 524
/* vgfx9: Vega 10 with 4 shader engines of 16 CUs, one array each. */
#define NUM_SE 4
#define CU_PER_SE 16

/* Register fields (gc_9_0_sh_mask.h, sdma0_4_0_sh_mask.h). */
#define PQ_CONTROL_QUEUE_SIZE(v) ((v) & 0x3f)
#define PQ_CONTROL_RPTR_BLOCK_SIZE(v) (((v) >> 8) & 0x3f)
#define PQ_CONTROL_AQL_BITS ((1u << 27) | (2u << 25) | (1u << 14) | (1u << 16))
#define DOORBELL_CONTROL_OFFSET(v) (((v) >> 2) & 0x3ffffff)
#define DOORBELL_CONTROL_BIF_DROP (1u << 1)
#define SDMA_RB_CNTL_RB_SIZE(v) (((v) >> 1) & 0x1f)
#define SDMA_DOORBELL_OFFSET(v) (((v) >> 2) & 0x3ffffff)

#define MMAP_TYPE(off) ((off) >> 62)
#define MMAP_GPU_ID(off) ((uint32_t)(((off) >> 46) & 0xffff))
#define MMAP_TYPE_DOORBELL 3

struct user_queue {
	void *ring;
	uint64_t *rptr, *wptr;
	void *eop;
};

/* Page-aligned ring, pointers and EOP buffer of one queue. */
static int user_queue_alloc(struct user_queue *u)
{
	char *m = mmap(NULL, RING_BYTES + 2 * 4096, PROT_READ | PROT_WRITE,
		       MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (m == MAP_FAILED)
		return -1;
	u->ring = m;
	u->rptr = (uint64_t *)(m + RING_BYTES);
	u->wptr = (uint64_t *)(m + RING_BYTES + 64);
	u->eop = m + RING_BYTES + 4096;
	return 0;
}

static void user_queue_free(struct user_queue *u)
{
	munmap(u->ring, RING_BYTES + 2 * 4096);
}

static void queue_args(struct kfd_ioctl_create_queue_args *a, uint32_t gpu,
		       uint32_t type, const struct user_queue *u)
{
	memset(a, 0, sizeof(*a));
	a->gpu_id = gpu;
	a->queue_type = type;
	a->ring_base_address = (uintptr_t)u->ring;
	a->ring_size = RING_BYTES;
	a->read_pointer_address = (uintptr_t)u->rptr;
	a->write_pointer_address = (uintptr_t)u->wptr;
	a->queue_percentage = 100;
	a->queue_priority = 7;
	if (type == KFD_IOC_QUEUE_TYPE_COMPUTE_AQL ||
	    type == KFD_IOC_QUEUE_TYPE_COMPUTE) {
		a->eop_buffer_address = (uintptr_t)u->eop;
		a->eop_buffer_size = 4096;
	}
}

static int create_queue(int fd, struct kfd_ioctl_create_queue_args *a)
{
	return kfd_ioctl(fd, AMDKFD_IOC_CREATE_QUEUE, a);
}

static int destroy_queue(int fd, uint32_t id)
{
	struct kfd_ioctl_destroy_queue_args d = { .queue_id = id };

	return kfd_ioctl(fd, AMDKFD_IOC_DESTROY_QUEUE, &d);
}

static int log2u(uint64_t v)
{
	int n = 0;

	while (v > 1) {
		v >>= 1;
		n++;
	}
	return n;
}

/* The doorbell slot a CREATE_QUEUE result names (8-byte doorbells). */
static uint32_t doorbell_slot(uint64_t doorbell_offset)
{
	return (uint32_t)(doorbell_offset & (DOORBELL_SLICE - 1)) / 8;
}

/*
 * The debugfs line of the queue with this id and doorbell on a GPU, copied
 * into line; 0 when found, -1 when not.
 */
static int queue_line(uint32_t gpu, uint32_t queue_id, uint32_t doorbell,
		      char *line, size_t size)
{
	static char buf[1 << 20];
	char path[96], key[64];
	char *s, *end;
	size_t klen;

	snprintf(path, sizeof(path), "/sys/kernel/debug/gcnkfd/gpu%u/queues",
		 gpu);
	if (read_text(path, buf, sizeof(buf)) < 0)
		return -1;
	snprintf(key, sizeof(key), " queue_id=%u type=", queue_id);
	klen = strlen(key);
	for (s = buf; *s; s = end + 1) {
		end = strchr(s, '\n');
		if (!end)
			end = s + strlen(s);
		if ((size_t)(end - s) < size) {
			char *k, db[32];

			memcpy(line, s, end - s);
			line[end - s] = 0;
			snprintf(db, sizeof(db), " doorbell=%u ", doorbell);
			k = strstr(line, key);
			if (k && strstr(line, db) && strncmp(k, key, klen) == 0)
				return 0;
		}
		if (!*end)
			break;
	}
	return -1;
}

/* The value of " key=" in a debugfs line; aborts the test when missing. */
static uint64_t kv(const char *line, const char *key)
{
	char pat[64];
	const char *s;

	snprintf(pat, sizeof(pat), " %s=", key);
	s = strstr(line, pat);
	if (!s) {
		fprintf(stderr, "# no %s in: %s\n", key, line);
		abort();
	}
	return strtoull(s + strlen(pat), NULL, 0);
}

/* kfd_mqd_manager.c's pipe_priority_map: 0-6 low, 7-10 medium, else high. */
static uint32_t pipe_priority(uint32_t prio)
{
	return prio >= 11 ? 2 : prio >= 7 ? 1 : 0;
}

/*
 * The symmetric CU mapping written as its result for 4 SEs of 16 CUs and
 * one array each: user bit i lands on SE i % 4, CU i / 4.
 */
static void expected_se_masks(const uint32_t *mask, uint32_t bits,
			      uint32_t se[NUM_SE])
{
	uint32_t i;

	memset(se, 0, sizeof(uint32_t) * NUM_SE);
	for (i = 0; i < bits && i < NUM_SE * CU_PER_SE; i++)
		if (mask[i / 32] >> (i % 32) & 1)
			se[i % NUM_SE] |= 1u << (i / NUM_SE);
}

FIXTURE(queue)
{
	int fd;
	int ngpus;
	uint32_t gpus[GCNKFD_MAX_TEST_GPUS];
	struct user_queue u;
};

FIXTURE_SETUP(queue)
{
	int i;

	self->fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd);
	self->ngpus = kfd_gpu_ids(self->fd, self->gpus, GCNKFD_MAX_TEST_GPUS);
	ASSERT_LE(1, self->ngpus);
	for (i = 0; i < self->ngpus; i++)
		ASSERT_EQ(0, kfd_acquire_vm(self->fd, self->gpus[i]));
	ASSERT_EQ(0, user_queue_alloc(&self->u));
}

FIXTURE_TEARDOWN(queue)
{
	user_queue_free(&self->u);
	close(self->fd);
}

TEST_F(queue, create_destroy_each_type)
{
	static const uint32_t types[] = {
		KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, KFD_IOC_QUEUE_TYPE_COMPUTE,
		KFD_IOC_QUEUE_TYPE_SDMA,
	};
	struct kfd_ioctl_create_queue_args a;
	long long before = gcnkfd_counter("queues");
	uint32_t ids[GCNKFD_MAX_TEST_GPUS][3];
	int g, t, n = 0;

	ON_MODULE(ASSERT_LE(0, before));
	for (g = 0; g < self->ngpus; g++) {
		for (t = 0; t < 3; t++) {
			queue_args(&a, self->gpus[g], types[t], &self->u);
			ASSERT_EQ(0, create_queue(self->fd, &a));
			ids[g][t] = a.queue_id;
			n++;
			/* Ids are per process: 0, 1, 2, ... over all GPUs. */
			EXPECT_EQ((uint32_t)(n - 1), a.queue_id);
			ON_MODULE(EXPECT_EQ(before + n, gcnkfd_counter("queues")));
		}
	}
	for (g = 0; g < self->ngpus; g++)
		for (t = 0; t < 3; t++) {
			ASSERT_EQ(0, destroy_queue(self->fd, ids[g][t]));
			EXPECT_EQ(EINVAL, destroy_queue(self->fd, ids[g][t]));
		}
	ON_MODULE(EXPECT_EQ(before, gcnkfd_counter("queues")));
}

TEST_F(queue, doorbell_offsets)
{
	struct kfd_ioctl_create_queue_args a;
	uint32_t slots[8];
	int g, i, j;

	for (g = 0; g < self->ngpus; g++) {
		for (i = 0; i < 8; i++) {
			uint32_t type = i < 4 ? KFD_IOC_QUEUE_TYPE_COMPUTE_AQL :
						KFD_IOC_QUEUE_TYPE_SDMA;

			queue_args(&a, self->gpus[g], type, &self->u);
			ASSERT_EQ(0, create_queue(self->fd, &a));
			EXPECT_EQ(MMAP_TYPE_DOORBELL,
				  MMAP_TYPE(a.doorbell_offset));
			EXPECT_EQ(self->gpus[g], MMAP_GPU_ID(a.doorbell_offset));
			/* Nothing between the gpu id and the slice offset. */
			EXPECT_EQ(0, a.doorbell_offset & ((1ull << 46) - 1) &
					~(uint64_t)(DOORBELL_SLICE - 1));
			EXPECT_EQ(0, a.doorbell_offset % 8);
			slots[i] = doorbell_slot(a.doorbell_offset);
			for (j = 0; j < i; j++)
				EXPECT_NE(slots[j], slots[i]);
		}
		/*
		 * SOC15 static SDMA doorbells: sdma id n is engine n % 2,
		 * queue n / 2; base 0xf0 / 0xf2, odd queues 512 up.
		 */
		EXPECT_EQ(0xf0, slots[4]);
		EXPECT_EQ(0xf2, slots[5]);
		EXPECT_EQ(0xf0 + 512, slots[6]);
		EXPECT_EQ(0xf2 + 512, slots[7]);
	}
}

TEST_F(queue, doorbell_mmap_is_the_slice)
{
	struct kfd_ioctl_create_queue_args a;
	volatile uint64_t *db, *db2;
	uint64_t off;
	uint32_t slot;

	queue_args(&a, self->gpus[0], KFD_IOC_QUEUE_TYPE_COMPUTE_AQL,
		   &self->u);
	ASSERT_EQ(0, create_queue(self->fd, &a));
	off = a.doorbell_offset & ~(uint64_t)(DOORBELL_SLICE - 1);
	slot = doorbell_slot(a.doorbell_offset);
	db = mmap(NULL, DOORBELL_SLICE, PROT_READ | PROT_WRITE, MAP_SHARED,
		  self->fd, off);
	ASSERT_NE(MAP_FAILED, (void *)db);
	/* Only the whole 8 KiB slice maps. */
	EXPECT_EQ(MAP_FAILED, mmap(NULL, 4096, PROT_READ | PROT_WRITE,
				   MAP_SHARED, self->fd, off));
	/* A new queue's doorbell reads 0; a ring is seen by a 2nd mapping. */
	EXPECT_EQ(0, db[slot]);
	db[slot] = 0x1234;
	db2 = mmap(NULL, DOORBELL_SLICE, PROT_READ, MAP_SHARED, self->fd, off);
	ASSERT_NE(MAP_FAILED, (void *)db2);
	EXPECT_EQ(0x1234, db2[slot]);
	munmap((void *)db2, DOORBELL_SLICE);
	munmap((void *)db, DOORBELL_SLICE);
}

/* The MQD of a compute queue against what the arguments imply. */
static void check_cp_line(struct __test_metadata *_metadata,
			  const struct kfd_ioctl_create_queue_args *a,
			  uint64_t ring, uint32_t ring_size, uint32_t prio,
			  const char *line)
{
	uint32_t ctl = kv(line, "cp_hqd_pq_control");
	uint32_t dbc = kv(line, "cp_hqd_pq_doorbell_control");
	bool aql = a->queue_type == KFD_IOC_QUEUE_TYPE_COMPUTE_AQL;

	EXPECT_EQ(ring >> 8, kv(line, "cp_hqd_pq_base"));
	EXPECT_EQ((uint32_t)log2u(ring_size / 4) - 1,
		  PQ_CONTROL_QUEUE_SIZE(ctl));
	EXPECT_EQ(5, PQ_CONTROL_RPTR_BLOCK_SIZE(ctl));
	EXPECT_EQ(aql ? PQ_CONTROL_AQL_BITS : 0, ctl & PQ_CONTROL_AQL_BITS);
	EXPECT_EQ(a->read_pointer_address,
		  kv(line, "cp_hqd_pq_rptr_report_addr"));
	EXPECT_EQ(a->write_pointer_address,
		  kv(line, "cp_hqd_pq_wptr_poll_addr"));
	/* The offset counts dwords: twice the 8-byte slot. */
	EXPECT_EQ(doorbell_slot(a->doorbell_offset) * 2,
		  DOORBELL_CONTROL_OFFSET(dbc));
	EXPECT_EQ(aql ? DOORBELL_CONTROL_BIF_DROP : 0,
		  dbc & DOORBELL_CONTROL_BIF_DROP);
	EXPECT_EQ(a->eop_buffer_address >> 8, kv(line, "cp_hqd_eop_base_addr"));
	/* min(0xa, log2(EOP dwords) - 1) */
	EXPECT_EQ(log2u(a->eop_buffer_size / 4) - 1 > 0xa ?
		  0xa : log2u(a->eop_buffer_size / 4) - 1,
		  kv(line, "cp_hqd_eop_control"));
	EXPECT_EQ(pipe_priority(prio), kv(line, "cp_hqd_pipe_priority"));
	EXPECT_EQ(prio, kv(line, "cp_hqd_queue_priority"));
	EXPECT_EQ(0xc0310800u, kv(line, "header"));
	/* PRELOAD_REQ and PRELOAD_SIZE 0x53 */
	EXPECT_EQ(1u | 0x53u << 8, kv(line, "cp_hqd_persistent_state"));
	EXPECT_EQ(aql ? 1 : 0, kv(line, "cp_hqd_aql_control"));
}

TEST_F(queue, mqd_in_debugfs)
{
	struct kfd_ioctl_create_queue_args a[3];
	static const uint32_t types[] = {
		KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, KFD_IOC_QUEUE_TYPE_COMPUTE,
		KFD_IOC_QUEUE_TYPE_SDMA,
	};
	static const uint32_t prios[] = { 3, 9, 15 };
	char line[2048];
	int g, t;

	SKIP_UNLESS_MODULE("reads the module's debugfs");

	for (g = 0; g < self->ngpus; g++) {
		for (t = 0; t < 3; t++) {
			queue_args(&a[t], self->gpus[g], types[t], &self->u);
			a[t].queue_priority = prios[t];
			ASSERT_EQ(0, create_queue(self->fd, &a[t]));
		}
		for (t = 0; t < 2; t++) {
			ASSERT_EQ(0, queue_line(self->gpus[g], a[t].queue_id,
						doorbell_slot(a[t].doorbell_offset),
						line, sizeof(line)));
			EXPECT_NE(NULL, strstr(line, t ? " type=compute " :
						      " type=compute_aql "));
			for (int se = 0; se < NUM_SE; se++) {
				char key[48];

				snprintf(key, sizeof(key),
					 "compute_static_thread_mgmt_se%d", se);
				EXPECT_EQ(0xffffffffu, kv(line, key));
			}
			check_cp_line(_metadata, &a[t], (uintptr_t)self->u.ring,
				      RING_BYTES, prios[t], line);
		}
		ASSERT_EQ(0, queue_line(self->gpus[g], a[2].queue_id,
					doorbell_slot(a[2].doorbell_offset),
					line, sizeof(line)));
		EXPECT_NE(NULL, strstr(line, " type=sdma "));
		EXPECT_EQ((uintptr_t)self->u.ring >> 8,
			  kv(line, "sdmax_rlcx_rb_base"));
		EXPECT_EQ(log2u(RING_BYTES / 4),
			  SDMA_RB_CNTL_RB_SIZE(kv(line, "sdmax_rlcx_rb_cntl")));
		EXPECT_EQ(a[2].read_pointer_address,
			  kv(line, "sdmax_rlcx_rb_rptr_addr"));
		EXPECT_EQ(doorbell_slot(a[2].doorbell_offset) * 2,
			  SDMA_DOORBELL_OFFSET(kv(line,
					"sdmax_rlcx_doorbell_offset")));
		EXPECT_EQ(0, kv(line, "sdma_engine_id"));
		EXPECT_EQ(0, kv(line, "sdma_queue_id"));

		for (t = 0; t < 3; t++) {
			ASSERT_EQ(0, destroy_queue(self->fd, a[t].queue_id));
			EXPECT_EQ(-1, queue_line(self->gpus[g], a[t].queue_id,
						 doorbell_slot(a[t].doorbell_offset),
						 line, sizeof(line)));
		}
	}
}

TEST_F(queue, small_ring_is_clamped_to_1k)
{
	struct kfd_ioctl_create_queue_args a;
	char line[2048];

	SKIP_UNLESS_MODULE("the clamp shows only in the module's debugfs MQD");

	queue_args(&a, self->gpus[0], KFD_IOC_QUEUE_TYPE_COMPUTE, &self->u);
	a.ring_size = 0;
	ASSERT_EQ(0, create_queue(self->fd, &a));
	/* CREATE_QUEUE is read-write: the clamped size comes back. */
	EXPECT_EQ(1024, a.ring_size);
	ASSERT_EQ(0, queue_line(self->gpus[0], a.queue_id,
				doorbell_slot(a.doorbell_offset), line,
				sizeof(line)));
	EXPECT_EQ(log2u(1024 / 4) - 1,
		  PQ_CONTROL_QUEUE_SIZE(kv(line, "cp_hqd_pq_control")));

	queue_args(&a, self->gpus[0], KFD_IOC_QUEUE_TYPE_COMPUTE, &self->u);
	a.ring_size = 256;
	ASSERT_EQ(0, create_queue(self->fd, &a));
	EXPECT_EQ(1024, a.ring_size);
}

TEST_F(queue, bad_arguments)
{
	struct kfd_ioctl_create_queue_args a;
	uint32_t gpu = self->gpus[0];
	uint32_t bad_gpu = 0;
	int i;

	for (i = 0; i < self->ngpus; i++)
		bad_gpu += self->gpus[i];
	bad_gpu = (bad_gpu | 1) & 0xffff;
	for (i = 0; i < self->ngpus; i++)
		if (self->gpus[i] == bad_gpu)
			bad_gpu ^= 0x8000;

#define EXPECT_CREATE(err, field, value) do {				\
		queue_args(&a, gpu, KFD_IOC_QUEUE_TYPE_COMPUTE_AQL,	\
			   &self->u);					\
		a.field = value;					\
		EXPECT_EQ(err, create_queue(self->fd, &a)) {		\
			TH_LOG(#field " = " #value);			\
		}							\
	} while (0)

	EXPECT_CREATE(EINVAL, queue_percentage, 101);
	EXPECT_CREATE(EINVAL, queue_priority, 16);
	EXPECT_CREATE(EINVAL, ring_size, 3000);
	EXPECT_CREATE(EINVAL, ring_size, RING_BYTES + 1);
	EXPECT_CREATE(EFAULT, ring_base_address, KERNEL_ADDR);
	EXPECT_CREATE(EFAULT, read_pointer_address, KERNEL_ADDR);
	EXPECT_CREATE(EFAULT, write_pointer_address, KERNEL_ADDR);
	EXPECT_CREATE(EFAULT, eop_buffer_address, KERNEL_ADDR);
	EXPECT_CREATE(EFAULT, ctx_save_restore_address, KERNEL_ADDR);
	EXPECT_CREATE(KFD_ENOTSUPP, queue_type, 4);
	EXPECT_CREATE(KFD_ENOTSUPP, queue_type, 0xffffffffu);
	EXPECT_CREATE(EINVAL, gpu_id, bad_gpu);
	EXPECT_CREATE(EINVAL, gpu_id, 0);
	/* Argument checks come before the GPU lookup, as in Linux. */
	queue_args(&a, bad_gpu, 7, &self->u);
	EXPECT_EQ(KFD_ENOTSUPP, create_queue(self->fd, &a));
	/* SDMA_XGMI: Vega 10 has no XGMI SDMA engine. */
	EXPECT_CREATE(ENOMEM, queue_type, KFD_IOC_QUEUE_TYPE_SDMA_XGMI);
	/* NULL pointers pass access_ok (only ranges are checked). */
	EXPECT_CREATE(0, read_pointer_address, 0);
	EXPECT_CREATE(0, ring_base_address, 0);
	EXPECT_CREATE(0, eop_buffer_address, 0);
#undef EXPECT_CREATE
	ON_MODULE(EXPECT_EQ(3, gcnkfd_counter("queues")));
}

TEST(create_queue_needs_acquire_vm)
{
	struct kfd_ioctl_create_queue_args a;
	struct user_queue u;
	uint32_t gpu;
	int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);

	ASSERT_LE(0, fd);
	gpu = kfd_first_gpu(fd);
	ASSERT_NE(0, gpu);
	ASSERT_EQ(0, user_queue_alloc(&u));
	queue_args(&a, gpu, KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, &u);
	/* kfd_bind_process_to_device fails without a VM: -ESRCH. */
	EXPECT_EQ(ESRCH, create_queue(fd, &a));
	ASSERT_EQ(0, kfd_acquire_vm(fd, gpu));
	EXPECT_EQ(0, create_queue(fd, &a));
	kfd_close_process(fd);
	ON_MODULE(EXPECT_EQ(0, gcnkfd_counter("queues")));
	user_queue_free(&u);
}

TEST_F(queue, unknown_queue_ids)
{
	struct kfd_ioctl_update_queue_args up = { .queue_id = 5 };
	struct kfd_ioctl_get_queue_wave_state_args ws = { .queue_id = 5 };
	uint32_t mask[2] = { 0xff, 0 };
	struct kfd_ioctl_set_cu_mask_args cm = {
		.queue_id = 5, .num_cu_mask = 64, .cu_mask_ptr = (uintptr_t)mask,
	};

	EXPECT_EQ(EINVAL, destroy_queue(self->fd, 5));
	EXPECT_EQ(EINVAL, destroy_queue(self->fd, 0xffffffffu));
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_UPDATE_QUEUE, &up));
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_SET_CU_MASK, &cm));
	EXPECT_EQ(EFAULT,
		  kfd_ioctl(self->fd, AMDKFD_IOC_GET_QUEUE_WAVE_STATE, &ws));
}

TEST_F(queue, wave_state_without_cwsr)
{
	struct kfd_ioctl_create_queue_args a;
	struct kfd_ioctl_get_queue_wave_state_args ws = { 0 };
	static char ctl[4096];

	queue_args(&a, self->gpus[0], KFD_IOC_QUEUE_TYPE_COMPUTE_AQL,
		   &self->u);
	ASSERT_EQ(0, create_queue(self->fd, &a));
	ws.queue_id = a.queue_id;
	ws.ctl_stack_address = (uintptr_t)ctl;
	/* get_wave_state needs CWSR, which the virtual GPU lacks. */
	EXPECT_EQ(EINVAL,
		  kfd_ioctl(self->fd, AMDKFD_IOC_GET_QUEUE_WAVE_STATE, &ws));
}

TEST_F(queue, limit_127_per_gpu_and_id_reuse)
{
	struct kfd_ioctl_create_queue_args a;
	long long before = gcnkfd_counter("queues");
	int g, i, total = 0;

	for (g = 0; g < self->ngpus; g++) {
		for (i = 0; i < MAX_QUEUES_PER_GPU; i++) {
			queue_args(&a, self->gpus[g],
				   KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, &self->u);
			ASSERT_EQ(0, create_queue(self->fd, &a));
			EXPECT_EQ((uint32_t)total, a.queue_id);
			total++;
		}
		queue_args(&a, self->gpus[g], KFD_IOC_QUEUE_TYPE_COMPUTE,
			   &self->u);
		EXPECT_EQ(ENOSPC, create_queue(self->fd, &a));
		queue_args(&a, self->gpus[g], KFD_IOC_QUEUE_TYPE_SDMA,
			   &self->u);
		EXPECT_EQ(ENOSPC, create_queue(self->fd, &a));
	}
	ON_MODULE(EXPECT_EQ(before + total, gcnkfd_counter("queues")));

	/* A freed id and slot are the first reused (lowest free first). */
	ASSERT_EQ(0, destroy_queue(self->fd, 5));
	ASSERT_EQ(0, destroy_queue(self->fd, 3));
	queue_args(&a, self->gpus[0], KFD_IOC_QUEUE_TYPE_COMPUTE, &self->u);
	ASSERT_EQ(0, create_queue(self->fd, &a));
	EXPECT_EQ(3, a.queue_id);
	ASSERT_EQ(0, create_queue(self->fd, &a));
	EXPECT_EQ(5, a.queue_id);
	EXPECT_EQ(ENOSPC, create_queue(self->fd, &a));
	ON_MODULE(EXPECT_EQ(before + total, gcnkfd_counter("queues")));
}

TEST_F(queue, four_sdma_queues_per_gpu)
{
	struct kfd_ioctl_create_queue_args a;
	uint32_t first = 0;
	int g, i;

	for (g = 0; g < self->ngpus; g++) {
		for (i = 0; i < SDMA_QUEUES; i++) {
			queue_args(&a, self->gpus[g], KFD_IOC_QUEUE_TYPE_SDMA,
				   &self->u);
			ASSERT_EQ(0, create_queue(self->fd, &a));
			if (!i)
				first = a.queue_id;
		}
		EXPECT_EQ(ENOMEM, create_queue(self->fd, &a));
		/* Compute queues are not affected. */
		queue_args(&a, self->gpus[g], KFD_IOC_QUEUE_TYPE_COMPUTE_AQL,
			   &self->u);
		EXPECT_EQ(0, create_queue(self->fd, &a));
		/* A freed SDMA slot is taken again, with its doorbell. */
		ASSERT_EQ(0, destroy_queue(self->fd, first));
		queue_args(&a, self->gpus[g], KFD_IOC_QUEUE_TYPE_SDMA,
			   &self->u);
		ASSERT_EQ(0, create_queue(self->fd, &a));
		EXPECT_EQ(0xf0, doorbell_slot(a.doorbell_offset));
	}
}

TEST(sdma_slots_are_per_gpu_not_per_process)
{
	struct kfd_ioctl_create_queue_args a;
	struct user_queue u;
	int fd, i, status;
	uint32_t gpu;
	pid_t pid;

	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	ASSERT_EQ(0, user_queue_alloc(&u));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
		gpu = kfd_first_gpu(fd);
		if (fd < 0 || kfd_acquire_vm(fd, gpu))
			_exit(1);
		for (i = 0; i < SDMA_QUEUES; i++) {
			queue_args(&a, gpu, KFD_IOC_QUEUE_TYPE_SDMA, &u);
			if (create_queue(fd, &a))
				_exit(2);
		}
		pause();
		_exit(0);
	}
	/* Wait until the child holds all four. */
	for (i = 0; i < 500 && gcnkfd_counter("queues") < SDMA_QUEUES; i++)
		usleep(10000);
	ASSERT_EQ(SDMA_QUEUES, gcnkfd_counter("queues"));
	fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, fd);
	gpu = kfd_first_gpu(fd);
	ASSERT_EQ(0, kfd_acquire_vm(fd, gpu));
	queue_args(&a, gpu, KFD_IOC_QUEUE_TYPE_SDMA, &u);
	/* The device queue manager's SDMA slots are shared by all. */
	EXPECT_EQ(ENOMEM, create_queue(fd, &a));
	kill(pid, SIGKILL);
	ASSERT_EQ(pid, waitpid(pid, &status, 0));
	EXPECT_EQ(0, create_queue(fd, &a));
	close(fd);
	user_queue_free(&u);
}

/*
 * The MQD a queue's UPDATE_QUEUE left, as debugfs lists it: the CP fields,
 * or the SDMA ring. The emulated KFD has no debugfs: not checked there.
 */
static void check_updated_mqd(struct __test_metadata *_metadata,
			      uint32_t gpu,
			      const struct kfd_ioctl_create_queue_args *a,
			      uint32_t slot, uint64_t ring, uint32_t size,
			      uint32_t priority)
{
	char line[2048];

	if (!gcnkfd_test_on_module())
		return;
	ASSERT_EQ(0, queue_line(gpu, a->queue_id, slot, line, sizeof(line)));
	if (a->queue_type != KFD_IOC_QUEUE_TYPE_SDMA) {
		check_cp_line(_metadata, a, ring, size, priority, line);
		return;
	}
	EXPECT_EQ(ring >> 8, kv(line, "sdmax_rlcx_rb_base"));
	EXPECT_EQ(log2u(size / 4),
		  SDMA_RB_CNTL_RB_SIZE(kv(line, "sdmax_rlcx_rb_cntl")));
}

TEST_F(queue, update_queue)
{
	struct kfd_ioctl_create_queue_args a;
	struct kfd_ioctl_update_queue_args up;
	uint64_t ring2 = (uintptr_t)self->u.ring + 0x4000;
	uint32_t slot;
	int t;

	for (t = 0; t < 2; t++) {
		uint32_t type = t ? KFD_IOC_QUEUE_TYPE_SDMA :
				    KFD_IOC_QUEUE_TYPE_COMPUTE_AQL;

		queue_args(&a, self->gpus[0], type, &self->u);
		ASSERT_EQ(0, create_queue(self->fd, &a));
		slot = doorbell_slot(a.doorbell_offset);
		memset(&up, 0, sizeof(up));
		up.queue_id = a.queue_id;
		up.ring_base_address = ring2;
		up.ring_size = 4096;
		up.queue_percentage = 50;
		up.queue_priority = 12;
		ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_UPDATE_QUEUE, &up));
		check_updated_mqd(_metadata, self->gpus[0], &a, slot, ring2,
				  4096, 12);

		/* Re-validated as at creation; nothing changes on error. */
		up.queue_percentage = 101;
		EXPECT_EQ(EINVAL,
			  kfd_ioctl(self->fd, AMDKFD_IOC_UPDATE_QUEUE, &up));
		up.queue_percentage = 0;
		up.queue_priority = 16;
		EXPECT_EQ(EINVAL,
			  kfd_ioctl(self->fd, AMDKFD_IOC_UPDATE_QUEUE, &up));
		up.queue_priority = 0;
		up.ring_size = 4097;
		EXPECT_EQ(EINVAL,
			  kfd_ioctl(self->fd, AMDKFD_IOC_UPDATE_QUEUE, &up));
		up.ring_size = 4096;
		up.ring_base_address = KERNEL_ADDR;
		EXPECT_EQ(EFAULT,
			  kfd_ioctl(self->fd, AMDKFD_IOC_UPDATE_QUEUE, &up));
		check_updated_mqd(_metadata, self->gpus[0], &a, slot, ring2,
				  4096, 12);

		/* Size 0 means the 1 KiB minimum. */
		up.ring_base_address = (uintptr_t)self->u.ring;
		up.ring_size = 0;
		ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_UPDATE_QUEUE, &up));
		check_updated_mqd(_metadata, self->gpus[0], &a, slot,
				  (uintptr_t)self->u.ring, 1024, 0);
	}
}

static void check_se(struct __test_metadata *_metadata, const char *line,
		     const uint32_t want[NUM_SE])
{
	int se;

	for (se = 0; se < NUM_SE; se++) {
		char key[48];

		snprintf(key, sizeof(key), "compute_static_thread_mgmt_se%d",
			 se);
		EXPECT_EQ(want[se], kv(line, key)) {
			TH_LOG("SE%d", se);
		}
	}
}

/*
 * The queue's COMPUTE_STATIC_THREAD_MGMT_SEn as debugfs lists its MQD. The
 * emulated KFD has no debugfs: not checked there (the CP's placement tests
 * cover its masks).
 */
static void check_queue_se(struct __test_metadata *_metadata, uint32_t gpu,
			   uint32_t queue_id, uint32_t slot,
			   const uint32_t want[NUM_SE])
{
	char line[2048];

	if (!gcnkfd_test_on_module())
		return;
	ASSERT_EQ(0, queue_line(gpu, queue_id, slot, line, sizeof(line)));
	check_se(_metadata, line, want);
}

TEST_F(queue, set_cu_mask)
{
	struct kfd_ioctl_create_queue_args a, s;
	struct kfd_ioctl_set_cu_mask_args cm = { 0 };
	struct kfd_ioctl_update_queue_args up = { 0 };
	uint32_t mask[32], want[NUM_SE], slot;
	char *pages;
	int i;

	queue_args(&a, self->gpus[0], KFD_IOC_QUEUE_TYPE_COMPUTE_AQL,
		   &self->u);
	ASSERT_EQ(0, create_queue(self->fd, &a));
	slot = doorbell_slot(a.doorbell_offset);
	cm.queue_id = a.queue_id;
	cm.cu_mask_ptr = (uintptr_t)mask;

	/* Bit counts: none, or not a multiple of 32, is -EINVAL. */
	memset(mask, 0xff, sizeof(mask));
	cm.num_cu_mask = 0;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_SET_CU_MASK, &cm));
	cm.num_cu_mask = 33;
	EXPECT_EQ(EINVAL, kfd_ioctl(self->fd, AMDKFD_IOC_SET_CU_MASK, &cm));
	cm.num_cu_mask = 64;
	cm.cu_mask_ptr = KERNEL_ADDR;
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_SET_CU_MASK, &cm));
	cm.cu_mask_ptr = (uintptr_t)mask;

	/* Patterns, each against the mapping written as its result. */
	{
		static const uint32_t pats[][2] = {
			{ 0x1, 0 }, { 0xf, 0 }, { 0x11111111, 0x11111111 },
			{ 0xdeadbeef, 0x0badf00d }, { 0xffffffff, 0 },
			{ 0, 0x80000001 }, { 0xffffffff, 0xffffffff },
		};

		for (i = 0; i < (int)(sizeof(pats) / sizeof(pats[0])); i++) {
			mask[0] = pats[i][0];
			mask[1] = pats[i][1];
			cm.num_cu_mask = 64;
			ASSERT_EQ(0, kfd_ioctl(self->fd,
					       AMDKFD_IOC_SET_CU_MASK, &cm));
			expected_se_masks(mask, 64, want);
			check_queue_se(_metadata, self->gpus[0], a.queue_id,
				       slot, want);
		}
	}

	/* 32 bits name the first 32 CUs only: the rest are off. */
	mask[0] = 0xffffffff;
	mask[1] = 0xffffffff;
	cm.num_cu_mask = 32;
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_CU_MASK, &cm));
	for (i = 0; i < NUM_SE; i++)
		want[i] = 0xff;
	check_queue_se(_metadata, self->gpus[0], a.queue_id, slot, want);

	/* A mask with no CU is accepted (the queue would not launch). */
	memset(mask, 0, sizeof(mask));
	cm.num_cu_mask = 64;
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_CU_MASK, &cm));
	memset(want, 0, sizeof(want));
	check_queue_se(_metadata, self->gpus[0], a.queue_id, slot, want);

	/*
	 * Past 1024 bits nothing is read: 2048 bits whose second half would
	 * lie in an inaccessible page still work. Bits past the 64 CUs are
	 * ignored.
	 */
	pages = mmap(NULL, 8192, PROT_READ | PROT_WRITE,
		     MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	ASSERT_NE(MAP_FAILED, pages);
	ASSERT_EQ(0, mprotect(pages + 4096, 4096, PROT_NONE));
	memset(pages + 4096 - 128, 0xff, 128);
	((uint32_t *)(pages + 4096 - 128))[0] = 0x12345678;
	((uint32_t *)(pages + 4096 - 128))[1] = 0x9abcdef0;
	cm.cu_mask_ptr = (uintptr_t)(pages + 4096 - 128);
	cm.num_cu_mask = 2048;
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_CU_MASK, &cm));
	expected_se_masks((uint32_t *)(pages + 4096 - 128), 1024, want);
	check_queue_se(_metadata, self->gpus[0], a.queue_id, slot, want);
	/* ... but 1024 bits starting 64 bytes before the hole fault. */
	cm.cu_mask_ptr = (uintptr_t)(pages + 4096 - 64);
	cm.num_cu_mask = 1024;
	EXPECT_EQ(EFAULT, kfd_ioctl(self->fd, AMDKFD_IOC_SET_CU_MASK, &cm));

	/* UPDATE_QUEUE keeps the mask. */
	up.queue_id = a.queue_id;
	up.ring_base_address = (uintptr_t)self->u.ring;
	up.ring_size = RING_BYTES;
	up.queue_percentage = 100;
	ASSERT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_UPDATE_QUEUE, &up));
	check_queue_se(_metadata, self->gpus[0], a.queue_id, slot, want);
	munmap(pages, 8192);

	/* An SDMA queue takes a mask without effect. */
	queue_args(&s, self->gpus[0], KFD_IOC_QUEUE_TYPE_SDMA, &self->u);
	ASSERT_EQ(0, create_queue(self->fd, &s));
	mask[0] = 1;
	cm.queue_id = s.queue_id;
	cm.cu_mask_ptr = (uintptr_t)mask;
	cm.num_cu_mask = 32;
	EXPECT_EQ(0, kfd_ioctl(self->fd, AMDKFD_IOC_SET_CU_MASK, &cm));
}

/* A process with queues on every GPU, ended by close or by a signal. */
static void queues_go_with_process(struct __test_metadata *_metadata,
				   bool kill_it)
{
	int sync[2], go[2], status, i;
	pid_t pid;
	char c;

	ASSERT_EQ(0, pipe(sync));
	ASSERT_EQ(0, pipe(go));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		struct kfd_ioctl_create_queue_args a;
		uint32_t gpus[GCNKFD_MAX_TEST_GPUS];
		struct user_queue u;
		int fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
		int n = kfd_gpu_ids(fd, gpus, GCNKFD_MAX_TEST_GPUS), g;

		if (fd < 0 || n < 1 || user_queue_alloc(&u))
			_exit(1);
		for (g = 0; g < n; g++) {
			if (kfd_acquire_vm(fd, gpus[g]))
				_exit(2);
			for (i = 0; i < 10; i++) {
				queue_args(&a, gpus[g], i % 3 ?
					   KFD_IOC_QUEUE_TYPE_COMPUTE_AQL :
					   KFD_IOC_QUEUE_TYPE_SDMA, &u);
				if (create_queue(fd, &a))
					_exit(3);
			}
		}
		c = 'r';
		if (write(sync[1], &c, 1) != 1)
			_exit(4);
		/* Queues counted by the parent: wait for its go (or kill). */
		if (read(go[0], &c, 1) != 1)
			_exit(6);
		kfd_close_process(fd);
		c = 'c';
		if (write(sync[1], &c, 1) != 1)
			_exit(5);
		pause();
		_exit(0);
	}
	close(sync[1]);
	close(go[0]);
	ASSERT_EQ(1, read(sync[0], &c, 1));
	EXPECT_LT(0, gcnkfd_counter("queues"));
	ON_MODULE(EXPECT_EQ(0, gcnkfd_counter("queues") % 10));
	if (kill_it) {
		kill(pid, SIGKILL);
		ASSERT_EQ(pid, waitpid(pid, &status, 0));
		EXPECT_TRUE(WIFSIGNALED(status));
	} else {
		/* Closed, the process still alive: released all the same. */
		c = 'g';
		ASSERT_EQ(1, write(go[1], &c, 1));
		ASSERT_EQ(1, read(sync[0], &c, 1));
		EXPECT_EQ('c', c);
	}
	ON_MODULE(EXPECT_EQ(0, gcnkfd_counter("queues")));
	if (!kill_it) {
		kill(pid, SIGKILL);
		waitpid(pid, &status, 0);
	}
	close(sync[0]);
	close(go[1]);
}

TEST(queues_of_killed_process_are_gone)
{
	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	queues_go_with_process(_metadata, true);
}

TEST(queues_of_closed_file_are_gone)
{
	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");

	queues_go_with_process(_metadata, false);
}

TEST_HARNESS_MAIN
