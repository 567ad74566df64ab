// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * Work that runs: kernels, PM4 and SDMA packets submitted through /dev/kfd
 * alone, as a runtime does (dispatch_helpers.h), and what the KFD reports
 * when the work goes wrong. A clang-14 code object (kernels/) is loaded
 * into a GPU buffer; results are checked against the CPU's computation;
 * every wait for the GPU has a timeout, so a queue that never runs fails
 * the case instead of hanging the run. On the module the GPU is the
 * device process gcn-vgpud (run-vm.sh --device); the cases that fork, kill
 * a client or kill the device need the module.
 */
#include <signal.h>
#include <sys/wait.h>

#include "dispatch_helpers.h"
#include "kselftest_harness.h"

#define SCALE3_ITEMS 1024u

/* What scale3_run() got to; 0 is success. */
enum scale3_step {
	S3_OK, S3_KERNEL, S3_ALLOC, S3_WAIT, S3_RESULT, S3_SIGNAL, S3_OUTPUT,
	S3_RPTR,
};
static const char *const scale3_steps[] = {
	"ok", "no scale3.kd in the code object", "buffer allocation",
	"WAIT_EVENTS failed", "the completion event did not fire in time",
	"completion signal not 0", "an output differs from the CPU's",
	"read_dispatch_id did not move past the packet",
};

/*
 * One dispatch of scale3 over SCALE3_ITEMS work-items on queue q: input in
 * GTT, output in VRAM, kernel arguments and the completion signal in GTT,
 * the signal's mailbox the context's event. Every output is checked
 * against the CPU's in[i] * 3 + i. Plain C (no harness), so that forked
 * children use it too.
 */
static int scale3_run(struct gpu_ctx *c, struct code_object *co,
		      struct gpu_queue *q, uint32_t seed)
{
	struct fw_aql_kernel_dispatch_packet p;
	const struct fw_kernel_descriptor *kd;
	struct gpu_buf in, out, args;
	struct fw_amd_signal *sig;
	uint32_t *vin, *vout, i, result;
	uint64_t ko = code_object_kernel(co, "scale3", &kd), before;
	int step = S3_OK;

	if (!ko)
		return S3_KERNEL;
	if (gpu_buf_gtt(c, &in, SCALE3_ITEMS * 4))
		return S3_ALLOC;
	if (gpu_buf_alloc(c, &out, SCALE3_ITEMS * 4,
			  KFD_IOC_ALLOC_MEM_FLAGS_VRAM |
			  KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE |
			  KFD_IOC_ALLOC_MEM_FLAGS_PUBLIC)) {
		gpu_buf_free(c, &in);
		return S3_ALLOC;
	}
	if (gpu_buf_gtt(c, &args, DPAGE)) {
		gpu_buf_free(c, &out);
		gpu_buf_free(c, &in);
		return S3_ALLOC;
	}
	vin = in.cpu;
	vout = out.cpu;
	for (i = 0; i < SCALE3_ITEMS; i++) {
		vin[i] = (i + seed) * 2654435761u;
		vout[i] = 0xbad0bad0u;
	}
	/* Kernel arguments at 0 (in, out), the signal at 1 KiB. */
	((uint64_t *)args.cpu)[0] = in.va;
	((uint64_t *)args.cpu)[1] = out.va;
	sig = (struct fw_amd_signal *)((char *)args.cpu + 1024);
	gpu_signal_init(c, sig, 1, c->event_id);
	aql_dispatch_packet(&p, ko, kd, SCALE3_ITEMS, 64, args.va,
			    args.va + 1024);
	before = q->next;
	aql_submit(q, &p);

	if (gpu_wait(c, c->event_id, GPU_WAIT_MS, &result, NULL))
		step = S3_WAIT;
	else if (result != KFD_IOC_WAIT_RESULT_COMPLETE)
		step = S3_RESULT;
	else if (gpu_signal_value(sig) != 0)
		step = S3_SIGNAL;
	for (i = 0; !step && i < SCALE3_ITEMS; i++)
		if (vout[i] != vin[i] * 3u + i)
			step = S3_OUTPUT;
	if (!step && __atomic_load_n(q->rptr, __ATOMIC_ACQUIRE) != before + 1)
		step = S3_RPTR;
	gpu_buf_free(c, &args);
	gpu_buf_free(c, &out);
	gpu_buf_free(c, &in);
	return step;
}

/*
 * Dispatches spin(flag) and waits until it wrote flag = 1: the kernel is
 * then running and never ends by itself. 0, or what failed.
 */
static int spin_start(struct gpu_ctx *c, struct code_object *co,
		      struct gpu_queue *q, struct gpu_buf *data)
{
	struct fw_aql_kernel_dispatch_packet p;
	const struct fw_kernel_descriptor *kd;
	uint64_t ko = code_object_kernel(co, "spin", &kd);
	int err;

	if (!ko)
		return ENOENT;
	err = gpu_buf_gtt(c, data, DPAGE);
	if (err)
		return err;
	((uint64_t *)data->cpu)[0] = data->va + 512;	/* the flag */
	aql_dispatch_packet(&p, ko, kd, 1, 1, data->va, 0);
	aql_submit(q, &p);
	return wait_u32((uint32_t *)((char *)data->cpu + 512), 1, GPU_WAIT_MS);
}

/*
 * Dispatches store_to(addr, value) as one work-item with a completion
 * signal (value 1, no event) at sig_page + 1 KiB. 0 or the errno.
 */
static int store_to_submit(struct gpu_ctx *c, struct code_object *co,
			   struct gpu_queue *q, struct gpu_buf *args,
			   uint64_t addr, uint32_t value)
{
	struct fw_aql_kernel_dispatch_packet p;
	const struct fw_kernel_descriptor *kd;
	uint64_t ko = code_object_kernel(co, "store_to", &kd);
	int err;

	if (!ko)
		return ENOENT;
	err = gpu_buf_gtt(c, args, DPAGE);
	if (err)
		return err;
	((uint64_t *)args->cpu)[0] = addr;
	((uint32_t *)args->cpu)[2] = value;
	gpu_signal_init(c, (struct fw_amd_signal *)((char *)args->cpu + 1024),
			1, 0);
	aql_dispatch_packet(&p, ko, kd, 1, 1, args->va, args->va + 1024);
	aql_submit(q, &p);
	return 0;
}

FIXTURE(dispatch)
{
	struct gpu_ctx c;
	struct code_object co;
	bool stop_file;
};

FIXTURE_SETUP(dispatch)
{
	const char *path = dispatch_kernels_path();
	struct gcnkfd_device_state st;
	int err;

	self->c.fd = -1;
	ASSERT_EQ(0, gpu_ctx_open(&self->c, 0));
	if (gcnkfd_test_on_module()) {
		/* Without a device process no queue runs: fail at once. */
		err = gcnkfd_device_state(self->c.gpu_id, &st);
		ASSERT_EQ(0, err) TH_LOG("debugfs device file of gpu %u: %s",
					 self->c.gpu_id, strerror(err));
		ASSERT_EQ(1, st.attached)
			TH_LOG("no device process attached to gpu %u (run-vm.sh --device)",
			       self->c.gpu_id);
	}
	err = code_object_load(&self->c, path, &self->co);
	ASSERT_EQ(0, err) TH_LOG("%s: %s", path, strerror(err));
}

FIXTURE_TEARDOWN(dispatch)
{
	/* Whatever failed, the supervisor may bring the device back. */
	if (self->stop_file)
		unlink(VGPUD_STOP_FILE);
	code_object_free(&self->c, &self->co);
	gpu_ctx_close(&self->c);
}

/* (a) An AQL kernel dispatch, its completion signal and its event. */
TEST_F_TIMEOUT(dispatch, aql_kernel_dispatch, 120)
{
	struct gpu_queue q;
	int step;

	ASSERT_EQ(0, gpu_queue_create(&self->c, &q,
				      KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, 64 * 64));
	step = scale3_run(&self->c, &self->co, &q, 1);
	EXPECT_EQ(0, step) TH_LOG("scale3: %s", scale3_steps[step]);
	/* A second packet on the same queue, other data. */
	step = scale3_run(&self->c, &self->co, &q, 77);
	EXPECT_EQ(0, step) TH_LOG("scale3 again: %s", scale3_steps[step]);
	EXPECT_EQ(0, gpu_queue_destroy(&self->c, &q));
}

/*
 * (b) A PM4 compute queue: WRITE_DATA, then (as ROCr completes an
 * interrupt signal) the event id into the event's mailbox and RELEASE_MEM
 * with an interrupt whose context is the event id.
 */
TEST_F_TIMEOUT(dispatch, pm4_write_data_release_mem, 120)
{
	const uint64_t mailbox = gpu_event_mailbox(&self->c, self->c.event_id);
	struct gpu_buf target;
	struct gpu_queue q;
	volatile uint32_t *t;
	uint32_t result;
	uint64_t tva;

	ASSERT_EQ(0, gpu_buf_gtt(&self->c, &target, DPAGE));
	t = target.cpu;
	tva = target.va;
	ASSERT_EQ(0, gpu_queue_create(&self->c, &q, KFD_IOC_QUEUE_TYPE_COMPUTE,
				      DPAGE));
	{
		const uint32_t cmd[] = {
			FW_PM4_HEADER(FW_PM4_WRITE_DATA, 5),
			FW_FIELD_PREP(FW_PM4_WRITE_DATA_DST_SEL,
				      FW_PM4_WRITE_DATA_DST_MEM) |
			FW_FIELD_PREP(FW_PM4_WRITE_DATA_WR_CONFIRM, 1),
			(uint32_t)tva, (uint32_t)(tva >> 32),
			0x11223344u, 0x55667788u,
			FW_PM4_HEADER(FW_PM4_WRITE_DATA, 5),
			FW_FIELD_PREP(FW_PM4_WRITE_DATA_DST_SEL,
				      FW_PM4_WRITE_DATA_DST_MEM) |
			FW_FIELD_PREP(FW_PM4_WRITE_DATA_WR_CONFIRM, 1),
			(uint32_t)mailbox, (uint32_t)(mailbox >> 32),
			self->c.event_id, 0,
			FW_PM4_HEADER(FW_PM4_RELEASE_MEM,
				      FW_PM4_RELEASE_MEM_DWORDS),
			FW_FIELD_PREP(FW_PM4_EVENT_TYPE,
				      FW_PM4_EVENT_BOTTOM_OF_PIPE_TS) |
			FW_FIELD_PREP(FW_PM4_EVENT_INDEX, 5),
			FW_FIELD_PREP(FW_PM4_RELEASE_MEM_DATA_SEL,
				      FW_PM4_DATA_SEL_64) |
			FW_FIELD_PREP(FW_PM4_RELEASE_MEM_INT_SEL,
				      FW_PM4_INT_SEL_INT_ON_CONFIRM),
			(uint32_t)(tva + 8), (uint32_t)((tva + 8) >> 32),
			0x9abcdef0u, 0x0fedcba9u, self->c.event_id,
		};

		ring_put(&q, cmd, sizeof(cmd) / 4);
	}
	ring_commit(&q);

	ASSERT_EQ(0, gpu_wait(&self->c, self->c.event_id, GPU_WAIT_MS,
			      &result, NULL));
	ASSERT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, result)
		TH_LOG("RELEASE_MEM's interrupt did not raise the event");
	EXPECT_EQ(0x11223344u, t[0]);
	EXPECT_EQ(0x55667788u, t[1]);
	EXPECT_EQ(0x9abcdef0u, t[2]);
	EXPECT_EQ(0x0fedcba9u, t[3]);
	EXPECT_EQ(0, t[4]);	/* nothing beyond the packets' data */
	/* The read pointer passes RELEASE_MEM when it retires. */
	EXPECT_EQ(0, ring_drained(&q, GPU_WAIT_MS));
	EXPECT_EQ(0, gpu_queue_destroy(&self->c, &q));
	gpu_buf_free(&self->c, &target);
}

/*
 * (c) An SDMA queue: COPY_LINEAR GTT -> VRAM, a FENCE, then ROCr's
 * interrupt signal: FENCE of the event id into the mailbox and TRAP.
 */
TEST_F_TIMEOUT(dispatch, sdma_copy_fence_trap, 120)
{
	const uint64_t mailbox = gpu_event_mailbox(&self->c, self->c.event_id);
	struct gpu_buf src, dst, fence;
	struct gpu_queue q;
	uint32_t *s, result, i;
	uint64_t fva;

	ASSERT_EQ(0, gpu_buf_gtt(&self->c, &src, 4 * DPAGE));
	ASSERT_EQ(0, gpu_buf_alloc(&self->c, &dst, 4 * DPAGE,
				   KFD_IOC_ALLOC_MEM_FLAGS_VRAM |
				   KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE |
				   KFD_IOC_ALLOC_MEM_FLAGS_PUBLIC));
	ASSERT_EQ(0, gpu_buf_gtt(&self->c, &fence, DPAGE));
	s = src.cpu;
	for (i = 0; i < 4 * DPAGE / 4; i++)
		s[i] = i * 2654435761u + 7;
	fva = fence.va;
	ASSERT_EQ(0, gpu_queue_create(&self->c, &q, KFD_IOC_QUEUE_TYPE_SDMA,
				      DPAGE));
	{
		/* 12 KiB from src + 4 to dst + 8: unaligned both ends. */
		const uint64_t from = src.va + 4, to = dst.va + 8;
		const uint32_t cmd[] = {
			FW_SDMA_HEADER(FW_SDMA_OP_COPY,
				       FW_SDMA_SUBOP_COPY_LINEAR),
			FW_FIELD_PREP(FW_SDMA_COPY_LINEAR_COUNT,
				      3 * DPAGE - 1),
			0, (uint32_t)from, (uint32_t)(from >> 32),
			(uint32_t)to, (uint32_t)(to >> 32),
			FW_SDMA_HEADER(FW_SDMA_OP_FENCE, 0),
			(uint32_t)fva, (uint32_t)(fva >> 32), 0xfe11ce01u,
			FW_SDMA_HEADER(FW_SDMA_OP_FENCE, 0),
			(uint32_t)mailbox, (uint32_t)(mailbox >> 32),
			self->c.event_id,
			FW_SDMA_HEADER(FW_SDMA_OP_TRAP, 0),
			FW_FIELD_PREP(FW_SDMA_TRAP_INT_CONTEXT,
				      self->c.event_id),
		};

		ring_put(&q, cmd, sizeof(cmd) / 4);
	}
	ring_commit(&q);

	ASSERT_EQ(0, gpu_wait(&self->c, self->c.event_id, GPU_WAIT_MS,
			      &result, NULL));
	ASSERT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, result)
		TH_LOG("the SDMA trap did not raise the event");
	EXPECT_EQ(0xfe11ce01u, *(volatile uint32_t *)fence.cpu);
	EXPECT_EQ(0, memcmp((char *)dst.cpu + 8, (char *)src.cpu + 4,
			    3 * DPAGE));
	/* Nothing around the copy. */
	EXPECT_EQ(0, ((uint32_t *)dst.cpu)[0]);
	EXPECT_EQ(0, ((uint32_t *)dst.cpu)[1]);
	EXPECT_EQ(0, ((uint32_t *)dst.cpu)[(3 * DPAGE + 8) / 4]);
	EXPECT_EQ(0, ring_drained(&q, GPU_WAIT_MS));
	EXPECT_EQ(0, gpu_queue_destroy(&self->c, &q));
	gpu_buf_free(&self->c, &fence);
	gpu_buf_free(&self->c, &dst);
	gpu_buf_free(&self->c, &src);
}

/*
 * (d) A store to an address the process never gave the KFD: a VM fault,
 * reported by the memory event with the page and the gpu id; the
 * dispatch never completes.
 */
TEST_F_TIMEOUT(dispatch, fault_fires_memory_event, 120)
{
	uint32_t mem = gpu_event(&self->c, KFD_IOC_EVENT_MEMORY, 1), result;
	uint64_t bad = reserve_gpu_va(DPAGE) + 0x140;
	struct kfd_event_data data;
	struct gpu_buf args;
	struct gpu_queue q;

	ASSERT_NE(0, mem);
	ASSERT_LT(0x140, bad);
	ASSERT_EQ(0, gpu_queue_create(&self->c, &q,
				      KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, 64 * 64));
	ASSERT_EQ(0, store_to_submit(&self->c, &self->co, &q, &args, bad,
				     0xdeadbeef));
	ASSERT_EQ(0, gpu_wait(&self->c, mem, GPU_WAIT_MS, &result, &data));
	ASSERT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, result)
		TH_LOG("no memory event for the store to %#llx",
		       (unsigned long long)bad);
	EXPECT_EQ(bad & ~(DPAGE - 1), data.memory_exception_data.va);
	EXPECT_EQ(self->c.gpu_id, data.memory_exception_data.gpu_id);
	EXPECT_EQ(1, data.memory_exception_data.failure.NotPresent);
	/* The faulting dispatch never completed. */
	EXPECT_EQ(1, gpu_signal_value((struct fw_amd_signal *)
				      ((char *)args.cpu + 1024)));
	EXPECT_EQ(0, gpu_queue_destroy(&self->c, &q));
	gpu_buf_free(&self->c, &args);
	munmap((void *)(uintptr_t)(bad & ~(DPAGE - 1)), DPAGE);
}

/*
 * (e) A packet of no AQL type: the CP puts the queue in error (the queue's
 * inactive signal says INVALID_PACKET, as the CP's bad-opcode path writes
 * it) and raises CP_BAD_OPCODE, which the KFD turns into the
 * hardware-exception events.
 */
TEST_F_TIMEOUT(dispatch, bad_packet_fires_hw_exception, 120)
{
	uint32_t hw = gpu_event(&self->c, KFD_IOC_EVENT_HW_EXCEPTION, 1);
	struct fw_aql_kernel_dispatch_packet p;
	struct fw_amd_signal *inactive;
	struct gpu_buf sig;
	struct gpu_queue q;
	uint32_t result;

	ASSERT_NE(0, hw);
	ASSERT_EQ(0, gpu_buf_gtt(&self->c, &sig, DPAGE));
	inactive = sig.cpu;
	gpu_signal_init(&self->c, inactive, 0, 0);
	ASSERT_EQ(0, gpu_queue_create(&self->c, &q,
				      KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, 64 * 64));
	q.aql->queue_inactive_signal = sig.va;
	memset(&p, 0, sizeof(p));
	p.header = (uint16_t)FW_FIELD_PREP(FW_AQL_HEADER_TYPE, 0x7f);
	aql_submit(&q, &p);

	ASSERT_EQ(0, gpu_wait(&self->c, hw, GPU_WAIT_MS, &result, NULL));
	ASSERT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, result)
		TH_LOG("no hardware-exception event for a bad packet");
	EXPECT_EQ(FW_AMD_QUEUE_ERROR_INVALID_PACKET, gpu_signal_value(inactive));
	/* The queue stopped at the packet. */
	EXPECT_EQ(0, *q.rptr);
	EXPECT_EQ(0, gpu_queue_destroy(&self->c, &q));
	gpu_buf_free(&self->c, &sig);
}

/*
 * A queue torn down under a kernel that never ends: DESTROY_QUEUE returns,
 * and the next queue runs work.
 */
TEST_F_TIMEOUT(dispatch, destroy_queue_ends_endless_kernel, 120)
{
	struct gpu_buf data;
	struct gpu_queue q;
	int err, step;

	ASSERT_EQ(0, gpu_queue_create(&self->c, &q,
				      KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, 64 * 64));
	err = spin_start(&self->c, &self->co, &q, &data);
	ASSERT_EQ(0, err) TH_LOG("spin did not start: %s", strerror(err));
	ASSERT_EQ(0, gpu_queue_destroy(&self->c, &q));
	gpu_buf_free(&self->c, &data);
	ASSERT_EQ(0, gpu_queue_create(&self->c, &q,
				      KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, 64 * 64));
	step = scale3_run(&self->c, &self->co, &q, 3);
	EXPECT_EQ(0, step) TH_LOG("scale3 after: %s", scale3_steps[step]);
	EXPECT_EQ(0, gpu_queue_destroy(&self->c, &q));
}

/* What the child of two_processes_dispatch_at_once reports. */
enum peer_step {
	PEER_OK, PEER_OPEN, PEER_CODE, PEER_QUEUE, PEER_PIPE,
	PEER_SCALE3 = 10,	/* + scale3_run()'s step */
	PEER_MEM_EVENT = 30, PEER_SUBMIT, PEER_NO_FAULT, PEER_FAULT_VA,
	PEER_FAULT_GPU,
};

/*
 * The child's side: its own file, code object and queue; says it is
 * ready, takes the parent's address, runs scale3 with its own data, then
 * stores to the parent's address and must see its own memory event.
 */
static int peer_child(int ready_fd, int addr_fd, int parent_fd)
{
	struct kfd_event_data data;
	struct code_object co;
	struct gpu_buf args;
	struct gpu_queue q;
	struct gpu_ctx c;
	uint32_t mem, result;
	uint64_t addr;
	int step;

	/* The parent's file means nothing here (another mm). */
	close(parent_fd);
	if (gpu_ctx_open(&c, 0))
		return PEER_OPEN;
	if (code_object_load(&c, dispatch_kernels_path(), &co))
		return PEER_CODE;
	if (gpu_queue_create(&c, &q, KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, 64 * 64))
		return PEER_QUEUE;
	mem = gpu_event(&c, KFD_IOC_EVENT_MEMORY, 1);
	if (!mem)
		return PEER_MEM_EVENT;
	if (write(ready_fd, "r", 1) != 1 ||
	    read(addr_fd, &addr, sizeof(addr)) != sizeof(addr))
		return PEER_PIPE;
	step = scale3_run(&c, &co, &q, 1000);
	if (step)
		return PEER_SCALE3 + step;
	if (store_to_submit(&c, &co, &q, &args, addr, 0x0badf00d))
		return PEER_SUBMIT;
	if (gpu_wait(&c, mem, GPU_WAIT_MS, &result, &data) ||
	    result != KFD_IOC_WAIT_RESULT_COMPLETE)
		return PEER_NO_FAULT;
	if (data.memory_exception_data.va != (addr & ~(DPAGE - 1)))
		return PEER_FAULT_VA;
	if (data.memory_exception_data.gpu_id != c.gpu_id)
		return PEER_FAULT_GPU;
	gpu_ctx_close(&c);
	return PEER_OK;
}

/* waitpid with a deadline; a child still there then is killed. */
static int wait_child(pid_t pid, int *status, uint32_t timeout_ms)
{
	double end = gcnkfd_ms() + timeout_ms;
	pid_t r;

	while ((r = waitpid(pid, status, WNOHANG)) == 0) {
		if (gcnkfd_ms() > end) {
			kill(pid, SIGKILL);
			waitpid(pid, status, 0);
			return ETIMEDOUT;
		}
		usleep(10000);
	}
	return r == pid ? 0 : errno;
}

/*
 * (f) Two processes dispatch at once, each on its own data; the child's
 * store to an address only the parent mapped faults in the child (its
 * memory event, not the parent's), and the parent's data is intact.
 */
TEST_F_TIMEOUT(dispatch, two_processes_dispatch_at_once, 180)
{
	uint32_t mem = gpu_event(&self->c, KFD_IOC_EVENT_MEMORY, 1), result;
	int ready[2], addr[2], status, step, i;
	struct gpu_buf mine;
	struct gpu_queue q;
	uint64_t target;
	char c;
	pid_t pid;

	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");
	ASSERT_NE(0, mem);
	ASSERT_EQ(0, gpu_buf_gtt(&self->c, &mine, DPAGE));
	for (i = 0; i < (int)(DPAGE / 4); i++)
		((uint32_t *)mine.cpu)[i] = 0x5eed0000u + i;
	target = mine.va + 0x100;
	ASSERT_EQ(0, gpu_queue_create(&self->c, &q,
				      KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, 64 * 64));
	ASSERT_EQ(0, pipe(ready));
	ASSERT_EQ(0, pipe(addr));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		close(ready[0]);
		close(addr[1]);
		/*
		 * The parent's buffer is not in the child (VM_DONTCOPY), so
		 * the child's own buffers could land at its address; keep the
		 * page free, so that the store hits nothing of the child's.
		 */
		if (mmap((void *)(target & ~(DPAGE - 1)), DPAGE, PROT_NONE,
			 MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE,
			 -1, 0) == MAP_FAILED)
			_exit(PEER_OPEN);
		_exit(peer_child(ready[1], addr[0], self->c.fd));
	}
	close(ready[1]);
	close(addr[0]);
	EXPECT_EQ(1, read(ready[0], &c, 1)) TH_LOG("child did not get ready");
	/* Go: both dispatch now. */
	EXPECT_EQ(sizeof(target), write(addr[1], &target, sizeof(target)));
	step = scale3_run(&self->c, &self->co, &q, 1);
	EXPECT_EQ(0, step) TH_LOG("parent's scale3: %s", scale3_steps[step]);
	ASSERT_EQ(0, wait_child(pid, &status, 2 * GPU_WAIT_MS + 20000));
	ASSERT_TRUE(WIFEXITED(status));
	EXPECT_EQ(PEER_OK, WEXITSTATUS(status)) {
		int s = WEXITSTATUS(status);

		if (s > PEER_SCALE3 && s < PEER_MEM_EVENT)
			TH_LOG("child's scale3: %s", scale3_steps[s - PEER_SCALE3]);
		else
			TH_LOG("child failed at step %d (enum peer_step)", s);
	}
	/* The parent's buffer is as it left it; its memory event is quiet. */
	for (i = 0; i < (int)(DPAGE / 4); i++)
		if (((uint32_t *)mine.cpu)[i] != 0x5eed0000u + i)
			break;
	EXPECT_EQ(DPAGE / 4, i);
	EXPECT_EQ(0, gpu_wait(&self->c, mem, 0, &result, NULL));
	EXPECT_EQ(KFD_IOC_WAIT_RESULT_TIMEOUT, result);
	/* And its queue still runs. */
	step = scale3_run(&self->c, &self->co, &q, 2);
	EXPECT_EQ(0, step) TH_LOG("parent's scale3 after: %s", scale3_steps[step]);
	EXPECT_EQ(0, gpu_queue_destroy(&self->c, &q));
	gpu_buf_free(&self->c, &mine);
	close(ready[0]);
	close(addr[1]);
}

/*
 * (g) A client SIGKILLed while its kernel runs for ever: everything it held
 * goes (the module's counters return to their baseline) and the GPU runs
 * the next dispatch.
 */
TEST_F_TIMEOUT(dispatch, client_killed_mid_dispatch, 180)
{
	long long base[GCNKFD_NCOUNTERS], now[GCNKFD_NCOUNTERS];
	int ready[2], status, step, i;
	struct gpu_queue q;
	char c = 0;
	pid_t pid;

	SKIP_UNLESS_MODULE("needs a second process (the emulated KFD lives in this one)");
	gcnkfd_read_counters(base);
	ASSERT_LE(0, base[0]) TH_LOG("no %s", GCNKFD_COUNTERS);
	ASSERT_EQ(0, pipe(ready));
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		struct code_object co;
		struct gpu_buf data;
		struct gpu_ctx cc;

		close(ready[0]);
		close(self->c.fd);
		if (gpu_ctx_open(&cc, 0) ||
		    code_object_load(&cc, dispatch_kernels_path(), &co) ||
		    gpu_queue_create(&cc, &q, KFD_IOC_QUEUE_TYPE_COMPUTE_AQL,
				     64 * 64))
			_exit(1);
		if (spin_start(&cc, &co, &q, &data))
			_exit(2);
		if (write(ready[1], "r", 1) != 1)
			_exit(3);
		for (;;)
			pause();
	}
	close(ready[1]);
	EXPECT_EQ(1, read(ready[0], &c, 1)) {
		wait_child(pid, &status, 1000);
		TH_LOG("child's spin did not start (exit %d)",
		       WIFEXITED(status) ? WEXITSTATUS(status) : -1);
	}
	close(ready[0]);
	if (c == 'r') {
		gcnkfd_read_counters(now);
		EXPECT_EQ(base[0] + 1, now[0]);
		EXPECT_EQ(base[2] + 1, now[2]);
	}
	kill(pid, SIGKILL);
	ASSERT_EQ(0, wait_child(pid, &status, 20000));
	EXPECT_TRUE(WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL);
	EXPECT_EQ(0, gcnkfd_wait_counters(base, now, 20000)) {
		for (i = 0; i < (int)GCNKFD_NCOUNTERS; i++)
			TH_LOG("%s: %lld before, %lld after",
			       gcnkfd_counter_names[i], base[i], now[i]);
	}
	ASSERT_EQ(0, gpu_queue_create(&self->c, &q,
				      KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, 64 * 64));
	step = scale3_run(&self->c, &self->co, &q, 5);
	EXPECT_EQ(0, step) TH_LOG("scale3 after the kill: %s", scale3_steps[step]);
	EXPECT_EQ(0, gpu_queue_destroy(&self->c, &q));
}

static long read_pid_file(const char *path)
{
	char buf[32];

	return read_text(path, buf, sizeof(buf)) > 0 ? strtol(buf, NULL, 10) :
						       -1;
}

/*
 * (h) The device process SIGKILLed under an endless kernel: the client's
 * hardware-exception event fires (no hang); while no device is attached
 * CREATE_QUEUE fails with EIO; the supervisor (run-vm.sh) starts the
 * device again once the stop file goes, and a new dispatch works.
 */
TEST_F_TIMEOUT(dispatch, device_killed_mid_dispatch, 240)
{
	uint32_t hw = gpu_event(&self->c, KFD_IOC_EVENT_HW_EXCEPTION, 1), result;
	struct gcnkfd_device_state st, after;
	struct gpu_queue q, q2;
	struct gpu_buf data;
	int err, step, fd, status;
	pid_t pid;
	long dev;

	SKIP_UNLESS_MODULE("the device process is the module's GPU");
	ASSERT_NE(0, hw);
	dev = read_pid_file(VGPUD_PID_FILE);
	ASSERT_LT(0, dev) TH_LOG("no %s: run-vm.sh --device starts the device",
				 VGPUD_PID_FILE);
	ASSERT_EQ(0, gcnkfd_device_state(self->c.gpu_id, &st));
	EXPECT_EQ(dev, st.pid);
	ASSERT_EQ(0, gpu_queue_create(&self->c, &q,
				      KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, 64 * 64));
	err = spin_start(&self->c, &self->co, &q, &data);
	ASSERT_EQ(0, err) TH_LOG("spin did not start: %s", strerror(err));

	/* Keep the supervisor from restarting it until the checks are done. */
	fd = open(VGPUD_STOP_FILE, O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
	ASSERT_LE(0, fd);
	close(fd);
	self->stop_file = true;
	ASSERT_EQ(0, kill((pid_t)dev, SIGKILL));

	ASSERT_EQ(0, gpu_wait(&self->c, hw, GPU_WAIT_MS, &result, NULL));
	ASSERT_EQ(KFD_IOC_WAIT_RESULT_COMPLETE, result)
		TH_LOG("no hardware-exception event after the device died");
	ASSERT_EQ(0, gcnkfd_wait_device(self->c.gpu_id, 0, 10000, &after))
		TH_LOG("the module still says attached");
	EXPECT_EQ(EIO, gpu_queue_create(&self->c, &q2,
					KFD_IOC_QUEUE_TYPE_COMPUTE_AQL, 64 * 64));

	unlink(VGPUD_STOP_FILE);
	self->stop_file = false;
	ASSERT_EQ(0, gcnkfd_wait_device(self->c.gpu_id, 1, 20000, &after))
		TH_LOG("the supervisor did not bring the device back in 20 s");
	EXPECT_NE(dev, after.pid);

	/* The dead queue is still the process's to destroy. */
	EXPECT_EQ(0, gpu_queue_destroy(&self->c, &q));
	gpu_buf_free(&self->c, &data);

	/*
	 * A new process's dispatch runs on the new device (this process's
	 * KFD state lives on with its mappings, so a second /dev/kfd file
	 * here could not acquire the VM: -EBUSY, as in Linux).
	 */
	pid = fork();
	ASSERT_LE(0, pid);
	if (!pid) {
		struct code_object co;
		struct gpu_ctx c;

		close(self->c.fd);
		if (gpu_ctx_open(&c, 0))
			_exit(100);
		if (code_object_load(&c, dispatch_kernels_path(), &co))
			_exit(101);
		if (gpu_queue_create(&c, &q, KFD_IOC_QUEUE_TYPE_COMPUTE_AQL,
				     64 * 64))
			_exit(102);
		_exit(scale3_run(&c, &co, &q, 9));
	}
	ASSERT_EQ(0, wait_child(pid, &status, GPU_WAIT_MS + 20000));
	ASSERT_TRUE(WIFEXITED(status));
	step = WEXITSTATUS(status);
	EXPECT_EQ(0, step) TH_LOG("the new process on the new device: %s",
				  step < 100 ? scale3_steps[step] :
				  step == 100 ? "open" : step == 101 ? "code" :
				  "queue");
}

TEST_HARNESS_MAIN
