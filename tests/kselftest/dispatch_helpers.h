/* SPDX-License-Identifier: GPL-2.0 OR MIT */
/*
 * Running work on a GPU through the bare /dev/kfd uAPI, as a runtime does,
 * for the kselftests that dispatch (dispatch_test.c): buffers mapped to the
 * GPU at their CPU address, a code object loaded into one, AQL, PM4 and
 * SDMA queues with their doorbells, amd_signal_t completion signals whose
 * mailbox is a slot of a KFD signal event in a user event page, and
 * WAIT_EVENTS with a timeout. Helpers return 0 or a positive errno; the
 * tests assert. The byte layouts are firmware-interfaces/'s.
 */
#ifndef DISPATCH_HELPERS_H
#define DISPATCH_HELPERS_H

#include <elf.h>
#include <stdbool.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <time.h>

#include "amd_queue.h"
#include "amd_signal.h"
#include "aql_packet.h"
#include "kernel_descriptor.h"
#include "pm4_packets.h"
#include "sdma_packets.h"
#include "gcnkfd_test.h"

#define DPAGE 4096ul
#define DOORBELL_SLICE_BYTES 8192ul
/* The user event page holds every signal slot (Linux refuses less). */
#define EVENT_PAGE_SLOTS KFD_SIGNAL_EVENT_LIMIT
#define EVENT_SLOT_UNSIGNALED (~0ull)
/*
 * How long a wait for the GPU may take: generous, since the kselftest VM
 * runs under TCG and the device is an emulator inside it.
 */
#define GPU_WAIT_MS 30000u
/* The code object the CMake rule builds (kernels/dispatch_kernels.cl). */
#ifndef DISPATCH_KERNELS_CO
#define DISPATCH_KERNELS_CO "dispatch_kernels.co"
#endif
#define DISPATCH_KERNELS_ENV "GCNKFD_DISPATCH_KERNELS"

/* A buffer object mapped to one GPU, the CPU seeing it at the same VA. */
struct gpu_buf {
	uint64_t handle;
	uint64_t va;
	uint64_t size;
	void *cpu;
};

/* One /dev/kfd file on one GPU, with its user event page. */
struct gpu_ctx {
	int fd;
	uint32_t gpu_id;
	struct gpu_buf events;
	volatile uint64_t *slots;
	/* The first signal event: the one that installed the event page. */
	uint32_t event_id;
	void *doorbells;	/* the 8 KiB doorbell slice, once a queue exists */
};

/* A CPU range to use as a GPU VA: reserved, not backed. 0 on failure. */
static inline uint64_t reserve_gpu_va(uint64_t size)
{
	void *p = mmap(NULL, size, PROT_NONE,
		       MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);

	return p == MAP_FAILED ? 0 : (uintptr_t)p;
}

static inline int gpu_map(struct gpu_ctx *c, uint64_t handle, int unmap)
{
	uint32_t gpu = c->gpu_id;
	struct kfd_ioctl_map_memory_to_gpu_args a = {
		.handle = handle,
		.device_ids_array_ptr = (uintptr_t)&gpu,
		.n_devices = 1,
	};

	return kfd_ioctl(c->fd, unmap ? AMDKFD_IOC_UNMAP_MEMORY_FROM_GPU :
					AMDKFD_IOC_MAP_MEMORY_TO_GPU, &a);
}

/*
 * A GTT or VRAM buffer (flags: the domain and WRITABLE/EXECUTABLE/PUBLIC)
 * at a VA reserved for it, mmapped there through the GPU's render file
 * (kfd_vm_fd, as the thunk maps it) and mapped to the GPU, zeroed.
 */
static inline int gpu_buf_alloc(struct gpu_ctx *c, struct gpu_buf *b,
				uint64_t size, uint32_t flags)
{
	struct kfd_ioctl_alloc_memory_of_gpu_args a = { 0 };
	struct kfd_ioctl_free_memory_of_gpu_args f = { 0 };
	void *p;
	int err;

	memset(b, 0, sizeof(*b));
	size = (size + DPAGE - 1) & ~(DPAGE - 1);
	a.va_addr = reserve_gpu_va(size);
	if (!a.va_addr)
		return ENOMEM;
	a.size = size;
	a.gpu_id = c->gpu_id;
	a.flags = flags;
	err = kfd_ioctl(c->fd, AMDKFD_IOC_ALLOC_MEMORY_OF_GPU, &a);
	if (err) {
		munmap((void *)(uintptr_t)a.va_addr, size);
		return err;
	}
	p = mmap((void *)(uintptr_t)a.va_addr, size, PROT_READ | PROT_WRITE,
		 MAP_SHARED | MAP_FIXED, kfd_vm_fd(c->gpu_id),
		 (off_t)a.mmap_offset);
	if (p == MAP_FAILED) {
		err = errno;
		goto fail;
	}
	err = gpu_map(c, a.handle, 0);
	if (err)
		goto fail;
	b->handle = a.handle;
	b->va = a.va_addr;
	b->size = size;
	b->cpu = p;
	memset(p, 0, size);
	return 0;
fail:
	f.handle = a.handle;
	kfd_ioctl(c->fd, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &f);
	munmap((void *)(uintptr_t)a.va_addr, size);
	return err;
}

static inline int gpu_buf_gtt(struct gpu_ctx *c, struct gpu_buf *b,
			      uint64_t size)
{
	return gpu_buf_alloc(c, b, size, KFD_IOC_ALLOC_MEM_FLAGS_GTT |
				 KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE);
}

static inline void gpu_buf_free(struct gpu_ctx *c, struct gpu_buf *b)
{
	struct kfd_ioctl_free_memory_of_gpu_args f = { .handle = b->handle };

	if (!b->cpu)
		return;
	gpu_map(c, b->handle, 1);
	munmap(b->cpu, b->size);
	kfd_ioctl(c->fd, AMDKFD_IOC_FREE_MEMORY_OF_GPU, &f);
	memset(b, 0, sizeof(*b));
}

/* A KFD event; with auto_reset a wait consumes it. Its id or 0. */
static inline uint32_t gpu_event(struct gpu_ctx *c, uint32_t type,
				 int auto_reset)
{
	struct kfd_ioctl_create_event_args a = {
		.event_type = type,
		.auto_reset = auto_reset,
	};

	return kfd_ioctl(c->fd, AMDKFD_IOC_CREATE_EVENT, &a) ? 0 : a.event_id;
}

/*
 * Opens /dev/kfd on the first GPU (or the gpu_index-th), acquires its VM
 * and installs a GTT buffer of all the signal slots as the event page (the
 * dGPU way: the GPU writes its mailboxes there), with one signal event.
 */
static inline int gpu_ctx_open(struct gpu_ctx *c, int gpu_index)
{
	uint32_t ids[GCNKFD_MAX_TEST_GPUS];
	struct kfd_ioctl_create_event_args e = {
		.event_type = KFD_IOC_EVENT_SIGNAL,
		.auto_reset = 1,
	};
	int n, err;

	memset(c, 0, sizeof(*c));
	c->fd = open(KFD_PATH, O_RDWR | O_CLOEXEC);
	if (c->fd < 0)
		return errno;
	n = kfd_gpu_ids(c->fd, ids, GCNKFD_MAX_TEST_GPUS);
	if (n <= gpu_index)
		return n < 0 ? -n : ENODEV;
	c->gpu_id = ids[gpu_index];
	err = kfd_acquire_vm(c->fd, c->gpu_id);
	if (err)
		return err;
	err = gpu_buf_gtt(c, &c->events, EVENT_PAGE_SLOTS * 8ul);
	if (err)
		return err;
	c->slots = c->events.cpu;
	e.event_page_offset = c->events.handle;
	err = kfd_ioctl(c->fd, AMDKFD_IOC_CREATE_EVENT, &e);
	if (err)
		return err;
	c->event_id = e.event_id;
	return 0;
}

/*
 * Closing the file releases everything the process holds (queues, events,
 * buffers); the CPU mappings of the buffers go with munmap.
 */
static inline void gpu_ctx_close(struct gpu_ctx *c)
{
	if (c->doorbells)
		munmap(c->doorbells, DOORBELL_SLICE_BYTES);
	if (c->events.cpu)
		munmap(c->events.cpu, c->events.size);
	/* The process's render files hold it too (kfd_close_process). */
	kfd_close_process(c->fd);
	memset(c, 0, sizeof(*c));
	c->fd = -1;
}

/* The GPU address of an event's mailbox slot in the user event page. */
static inline uint64_t gpu_event_mailbox(const struct gpu_ctx *c, uint32_t id)
{
	return c->events.va + (uint64_t)id * 8;
}

/*
 * WAIT_EVENTS on one event for up to timeout_ms; the errno, with the wait
 * result and the event's data (memory or hardware exception) when asked.
 */
static inline int gpu_wait(struct gpu_ctx *c, uint32_t id, uint32_t timeout_ms,
			   uint32_t *result, struct kfd_event_data *data)
{
	struct kfd_event_data d = { .event_id = id };
	struct kfd_ioctl_wait_events_args a = {
		.events_ptr = (uintptr_t)&d,
		.num_events = 1,
		.wait_for_all = 1,
		.timeout = timeout_ms,
		.wait_result = 0xdead,
	};
	int err = kfd_ioctl(c->fd, AMDKFD_IOC_WAIT_EVENTS, &a);

	if (result)
		*result = a.wait_result;
	if (data)
		*data = d;
	return err;
}

/* Polls a 32-bit word until it equals want; 0, or ETIMEDOUT. */
static inline int wait_u32(const volatile uint32_t *p, uint32_t want,
			   uint32_t timeout_ms)
{
	double end = gcnkfd_ms() + timeout_ms;

	while (__atomic_load_n(p, __ATOMIC_ACQUIRE) != want) {
		if (gcnkfd_ms() > end)
			return ETIMEDOUT;
		usleep(1000);
	}
	return 0;
}

/* A user-mode signal (amd_signal_t) that interrupts with an event. */
static inline void gpu_signal_init(const struct gpu_ctx *c,
				   struct fw_amd_signal *s, int64_t value,
				   uint32_t event_id)
{
	memset(s, 0, sizeof(*s));
	s->kind = FW_AMD_SIGNAL_KIND_USER;
	s->value = value;
	if (event_id) {
		s->event_mailbox_ptr = gpu_event_mailbox(c, event_id);
		s->event_id = event_id;
	}
}

static inline int64_t gpu_signal_value(const struct fw_amd_signal *s)
{
	return __atomic_load_n(&s->value, __ATOMIC_ACQUIRE);
}

/* A code object's loaded image in a GPU buffer, and its symbols. */
struct code_object {
	struct gpu_buf image;
	unsigned char *file;
	size_t file_size;
};

/* Where the code object is: the environment's path, else the build's. */
static inline const char *dispatch_kernels_path(void)
{
	const char *p = getenv(DISPATCH_KERNELS_ENV);

	return p && *p ? p : DISPATCH_KERNELS_CO;
}

static inline int read_whole_file(const char *path, unsigned char **data,
				  size_t *size)
{
	struct stat st;
	ssize_t n;
	size_t got = 0;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return errno;
	if (fstat(fd, &st) || st.st_size <= 0) {
		close(fd);
		return EINVAL;
	}
	*data = malloc(st.st_size);
	if (!*data) {
		close(fd);
		return ENOMEM;
	}
	while (got < (size_t)st.st_size &&
	       (n = read(fd, *data + got, st.st_size - got)) > 0)
		got += n;
	close(fd);
	*size = got;
	return got == (size_t)st.st_size ? 0 : EIO;
}

/* The ELF header and section headers, checked against the file's size. */
static inline const Elf64_Shdr *co_sections(const struct code_object *co,
					    unsigned int *count)
{
	const Elf64_Ehdr *eh = (const Elf64_Ehdr *)co->file;

	if (eh->e_shoff + (uint64_t)eh->e_shnum * sizeof(Elf64_Shdr) >
	    co->file_size)
		return NULL;
	*count = eh->e_shnum;
	return (const Elf64_Shdr *)(co->file + eh->e_shoff);
}

/*
 * Loads an AMDGPU code object (ELF64, ET_DYN): every PT_LOAD segment at
 * its p_vaddr in one executable GTT buffer, as a loader places it. The
 * kernels here need no relocation; a code object that has any is refused.
 */
static inline int code_object_load(struct gpu_ctx *c, const char *path,
				   struct code_object *co)
{
	const Elf64_Ehdr *eh;
	const Elf64_Phdr *ph;
	const Elf64_Shdr *sh;
	uint64_t end = 0;
	unsigned int i, nsh;
	int err;

	memset(co, 0, sizeof(*co));
	err = read_whole_file(path, &co->file, &co->file_size);
	if (err)
		return err;
	eh = (const Elf64_Ehdr *)co->file;
	if (co->file_size < sizeof(*eh) || memcmp(eh->e_ident, ELFMAG, SELFMAG) ||
	    eh->e_ident[EI_CLASS] != ELFCLASS64 || eh->e_type != ET_DYN ||
	    eh->e_machine != EM_AMDGPU ||
	    eh->e_phoff + (uint64_t)eh->e_phnum * sizeof(*ph) > co->file_size)
		return ENOEXEC;
	ph = (const Elf64_Phdr *)(co->file + eh->e_phoff);
	for (i = 0; i < eh->e_phnum; i++) {
		if (ph[i].p_type != PT_LOAD)
			continue;
		if (ph[i].p_offset + ph[i].p_filesz > co->file_size ||
		    ph[i].p_filesz > ph[i].p_memsz)
			return ENOEXEC;
		if (ph[i].p_vaddr + ph[i].p_memsz > end)
			end = ph[i].p_vaddr + ph[i].p_memsz;
	}
	if (!end || end > (1ull << 30))
		return ENOEXEC;
	sh = co_sections(co, &nsh);
	if (!sh)
		return ENOEXEC;
	for (i = 0; i < nsh; i++)
		if ((sh[i].sh_type == SHT_RELA || sh[i].sh_type == SHT_REL) &&
		    (sh[i].sh_flags & SHF_ALLOC) && sh[i].sh_size)
			return ENOEXEC;
	err = gpu_buf_alloc(c, &co->image, end,
			    KFD_IOC_ALLOC_MEM_FLAGS_GTT |
			    KFD_IOC_ALLOC_MEM_FLAGS_WRITABLE |
			    KFD_IOC_ALLOC_MEM_FLAGS_EXECUTABLE);
	if (err)
		return err;
	for (i = 0; i < eh->e_phnum; i++)
		if (ph[i].p_type == PT_LOAD)
			memcpy((char *)co->image.cpu + ph[i].p_vaddr,
			       co->file + ph[i].p_offset, ph[i].p_filesz);
	return 0;
}

static inline void code_object_free(struct gpu_ctx *c, struct code_object *co)
{
	gpu_buf_free(c, &co->image);
	free(co->file);
	memset(co, 0, sizeof(*co));
}

/*
 * The GPU address of kernel NAME's descriptor (symbol "NAME.kd"), with the
 * descriptor itself where the CPU reads it; 0 when there is none.
 */
static inline uint64_t code_object_kernel(const struct code_object *co,
					  const char *name,
					  const struct fw_kernel_descriptor **kd)
{
	const Elf64_Shdr *sh;
	unsigned int i, nsh;
	char want[128];

	snprintf(want, sizeof(want), "%s.kd", name);
	sh = co_sections(co, &nsh);
	if (!sh)
		return 0;
	for (i = 0; i < nsh; i++) {
		const Elf64_Shdr *strtab;
		const Elf64_Sym *sym;
		uint64_t j, count;

		if (sh[i].sh_type != SHT_SYMTAB && sh[i].sh_type != SHT_DYNSYM)
			continue;
		if (sh[i].sh_link >= nsh ||
		    sh[i].sh_offset + sh[i].sh_size > co->file_size)
			continue;
		strtab = &sh[sh[i].sh_link];
		sym = (const Elf64_Sym *)(co->file + sh[i].sh_offset);
		count = sh[i].sh_size / sizeof(*sym);
		for (j = 1; j < count; j++) {
			const char *s = (const char *)co->file +
					strtab->sh_offset + sym[j].st_name;

			if (strtab->sh_offset + sym[j].st_name >= co->file_size ||
			    strcmp(s, want))
				continue;
			if (sym[j].st_value + sizeof(**kd) > co->image.size)
				return 0;
			if (kd)
				*kd = (const struct fw_kernel_descriptor *)
				      ((char *)co->image.cpu + sym[j].st_value);
			return co->image.va + sym[j].st_value;
		}
	}
	return 0;
}

/* The process's doorbell slice on the context's GPU, mapped once. */
static inline volatile uint64_t *gpu_doorbell(struct gpu_ctx *c,
					      uint64_t doorbell_offset)
{
	if (!c->doorbells) {
		void *p = mmap(NULL, DOORBELL_SLICE_BYTES,
			       PROT_READ | PROT_WRITE, MAP_SHARED, c->fd,
			       (off_t)(doorbell_offset &
				       ~(DOORBELL_SLICE_BYTES - 1)));

		if (p == MAP_FAILED)
			return NULL;
		c->doorbells = p;
	}
	return (volatile uint64_t *)((char *)c->doorbells +
				     (doorbell_offset &
				      (DOORBELL_SLICE_BYTES - 1)));
}

/*
 * A user queue: its ring, pointers and EOP buffer in one GTT buffer
 * (page 0: an amd_queue_t for AQL, whose read/write_dispatch_id are the
 * pointers, or the two 64-bit pointers otherwise; then the ring; then a
 * page of EOP buffer for compute queues). No context save area: the
 * GPU has no CWSR.
 */
struct gpu_queue {
	struct gpu_buf mem;
	uint32_t type;
	uint32_t id;
	uint32_t ring_bytes;
	void *ring;
	volatile uint64_t *rptr, *wptr;
	volatile uint64_t *doorbell;
	struct fw_amd_queue *aql;	/* AQL queues only */
	uint64_t next;			/* packets (AQL), dwords (PM4), bytes */
};

static inline int gpu_queue_create(struct gpu_ctx *c, struct gpu_queue *q,
				   uint32_t type, uint32_t ring_bytes)
{
	struct kfd_ioctl_create_queue_args a = { 0 };
	bool compute = type != KFD_IOC_QUEUE_TYPE_SDMA;
	char *m;
	uint32_t i;
	int err;

	memset(q, 0, sizeof(*q));
	err = gpu_buf_gtt(c, &q->mem, DPAGE + ring_bytes + DPAGE);
	if (err)
		return err;
	m = q->mem.cpu;
	q->type = type;
	q->ring_bytes = ring_bytes;
	q->ring = m + DPAGE;
	if (type == KFD_IOC_QUEUE_TYPE_COMPUTE_AQL) {
		q->aql = (struct fw_amd_queue *)m;
		q->aql->hsa_queue.base_address = (uintptr_t)q->ring;
		q->aql->hsa_queue.size = ring_bytes / FW_AQL_PACKET_SIZE;
		q->wptr = &q->aql->write_dispatch_id;
		q->rptr = &q->aql->read_dispatch_id;
		/* Every slot starts INVALID: the packet processor stops there. */
		for (i = 0; i < ring_bytes / FW_AQL_PACKET_SIZE; i++)
			*(uint16_t *)((char *)q->ring + i * FW_AQL_PACKET_SIZE) =
				FW_AQL_PACKET_TYPE_INVALID;
	} else {
		q->wptr = (volatile uint64_t *)m;
		q->rptr = (volatile uint64_t *)(m + 64);
	}
	a.gpu_id = c->gpu_id;
	a.queue_type = type;
	a.ring_base_address = (uintptr_t)q->ring;
	a.ring_size = ring_bytes;
	a.write_pointer_address = (uintptr_t)q->wptr;
	a.read_pointer_address = (uintptr_t)q->rptr;
	a.queue_percentage = 100;
	a.queue_priority = 7;
	if (compute) {
		a.eop_buffer_address = (uintptr_t)(m + DPAGE + ring_bytes);
		a.eop_buffer_size = DPAGE;
	}
	err = kfd_ioctl(c->fd, AMDKFD_IOC_CREATE_QUEUE, &a);
	if (err) {
		gpu_buf_free(c, &q->mem);
		return err;
	}
	q->id = a.queue_id;
	q->doorbell = gpu_doorbell(c, a.doorbell_offset);
	return q->doorbell ? 0 : ENOMEM;
}

/* DESTROY_QUEUE; returns once the GPU no longer touches the queue. */
static inline int gpu_queue_destroy(struct gpu_ctx *c, struct gpu_queue *q)
{
	struct kfd_ioctl_destroy_queue_args d = { .queue_id = q->id };
	int err = kfd_ioctl(c->fd, AMDKFD_IOC_DESTROY_QUEUE, &d);

	if (!err)
		gpu_buf_free(c, &q->mem);
	return err;
}

/*
 * Publishes one AQL packet as a producer does: the body first, the header
 * last with release order, then write_dispatch_id and the doorbell (the
 * index of the packet). Returns the packet's index.
 */
static inline uint64_t aql_submit(struct gpu_queue *q, const void *packet)
{
	uint64_t index = q->next++;
	char *slot = (char *)q->ring +
		     (index % (q->ring_bytes / FW_AQL_PACKET_SIZE)) *
		     FW_AQL_PACKET_SIZE;
	uint32_t header;

	memcpy(slot + 4, (const char *)packet + 4, FW_AQL_PACKET_SIZE - 4);
	memcpy(&header, packet, 4);
	__atomic_store_n((uint32_t *)slot, header, __ATOMIC_RELEASE);
	__atomic_store_n(q->wptr, index + 1, __ATOMIC_RELEASE);
	__atomic_store_n(q->doorbell, index, __ATOMIC_RELEASE);
	return index;
}

/* A 1D kernel dispatch packet with system-scope fences. */
static inline void aql_dispatch_packet(struct fw_aql_kernel_dispatch_packet *p,
				       uint64_t kernel_object,
				       const struct fw_kernel_descriptor *kd,
				       uint32_t grid, uint16_t group,
				       uint64_t kernargs, uint64_t signal)
{
	memset(p, 0, sizeof(*p));
	p->header = (uint16_t)(
		FW_FIELD_PREP(FW_AQL_HEADER_TYPE,
			      FW_AQL_PACKET_TYPE_KERNEL_DISPATCH) |
		FW_FIELD_PREP(FW_AQL_HEADER_BARRIER, 1) |
		FW_FIELD_PREP(FW_AQL_HEADER_ACQUIRE_FENCE_SCOPE,
			      FW_AQL_FENCE_SCOPE_SYSTEM) |
		FW_FIELD_PREP(FW_AQL_HEADER_RELEASE_FENCE_SCOPE,
			      FW_AQL_FENCE_SCOPE_SYSTEM));
	p->setup = (uint16_t)FW_FIELD_PREP(FW_AQL_DISPATCH_SETUP_DIMENSIONS, 1);
	p->workgroup_size_x = group;
	p->workgroup_size_y = 1;
	p->workgroup_size_z = 1;
	p->grid_size_x = grid;
	p->grid_size_y = 1;
	p->grid_size_z = 1;
	p->private_segment_size = kd->private_segment_fixed_size;
	p->group_segment_size = kd->group_segment_fixed_size;
	p->kernel_object = kernel_object;
	p->kernarg_address = kernargs;
	p->completion_signal = signal;
}

/* PM4 and SDMA: copies dwords into the ring at the producer's offset. */
static inline void ring_put(struct gpu_queue *q, const uint32_t *dw,
			    uint32_t n)
{
	uint32_t *ring = q->ring, i;
	uint64_t dword = q->type == KFD_IOC_QUEUE_TYPE_SDMA ? q->next / 4 :
							     q->next;

	for (i = 0; i < n; i++)
		ring[(dword + i) % (q->ring_bytes / 4)] = dw[i];
	q->next += q->type == KFD_IOC_QUEUE_TYPE_SDMA ? n * 4ull : n;
}

/*
 * Hands what ring_put wrote to the engine: the write pointer and the
 * doorbell count dwords on a PM4 queue, bytes on an SDMA queue.
 */
static inline void ring_commit(struct gpu_queue *q)
{
	__atomic_store_n(q->wptr, q->next, __ATOMIC_RELEASE);
	__atomic_store_n(q->doorbell, q->next, __ATOMIC_RELEASE);
}

/* 0 when the read pointer reached the write pointer in time. */
static inline int ring_drained(const struct gpu_queue *q, uint32_t timeout_ms)
{
	double end = gcnkfd_ms() + timeout_ms;

	while (__atomic_load_n(q->rptr, __ATOMIC_ACQUIRE) != q->next) {
		if (gcnkfd_ms() > end)
			return ETIMEDOUT;
		usleep(1000);
	}
	return 0;
}

#endif /* DISPATCH_HELPERS_H */
