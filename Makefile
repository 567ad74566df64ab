# The one entry point: installs what is missing, builds, tests, benchmarks.
#   make            build everything
#   make run        build, print hsainfo, run the HSAIL example kernel with hsa-run
#   make check      build and run every test (CTest); SANITIZE=address,undefined
#   make bench      build and run the benchmarks; tables in build/bench/*.txt
#   make install    install thunk, runtime, headers and tools under PREFIX (/usr/local)
#   make install-thunk  install only the thunk (libhsakmt.so.1, its translator
#                   plugin, headers and discovery files) under Debian's ROCm
#   make deb        Debian packages (debian/) in $(BUILD_DIR)/deb, lintian-checked
#   make clean      remove the build trees

SANITIZE ?=
BUILD_TYPE ?= RelWithDebInfo
JOBS ?= $(shell nproc)
PREFIX ?= /usr/local

comma := ,
ifeq ($(SANITIZE),)
BUILD_DIR ?= build
else
BUILD_DIR ?= build-sanitize-$(subst $(comma),-,$(SANITIZE))
endif

.PHONY: all build deps configure check bench clean kernel format run install install-thunk deb

all: build

deps:
	@tools/install-deps.sh

# Configure once; CMake re-runs itself when a CMakeLists.txt changes.
$(BUILD_DIR)/build.ninja:
	cmake -S . -B $(BUILD_DIR) -G Ninja \
		-DCMAKE_BUILD_TYPE=$(BUILD_TYPE) -DSANITIZE=$(SANITIZE)

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	cmake --build $(BUILD_DIR) -j $(JOBS)

# The kernel module alone: Kbuild in $(BUILD_DIR)/kernel-build (part of
# "build" too; cmake/kernel_module.cmake). kernel/ itself stays clean.
kernel: configure
	@if [ -f kernel/Kbuild ]; then cmake --build $(BUILD_DIR) --target gcnkfd_module; fi

# What the runtime sees (hsainfo), then the example HSAIL kernel
# (examples/matmul.hsail) finalized and dispatched by hsa-run and checked
# against the CPU's result (examples/README.md).
# Without /dev/kfd the thunk picks the emulated GPU by itself.
run: build
	$(BUILD_DIR)/tools/hsainfo/hsainfo
	examples/run-matmul.sh $(BUILD_DIR)

check: build
	cd $(BUILD_DIR) && ctest --output-on-failure -j $(JOBS)

bench: build
	cmake --build $(BUILD_DIR) --target bench

# ldconfig refreshes the loader's cache when installing system-wide as root.
install: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX)
	@if [ "$$(id -u)" -eq 0 ] && [ -d /etc/ld.so.conf.d ]; then ldconfig; fi

install-thunk: build
	cmake --install $(BUILD_DIR) --prefix $(PREFIX) --component thunk
	@if [ "$$(id -u)" -eq 0 ] && [ -d /etc/ld.so.conf.d ]; then ldconfig; fi

# The packages build in their own tree (BUILD_DIR/deb), with Debian's
# layout and flags; tools/packaging/make-deb.sh says how.
deb: deps
	JOBS=$(JOBS) tools/packaging/make-deb.sh $(BUILD_DIR)

format:
	tools/check-format.sh --fix

clean:
	rm -rf build build-sanitize-*
	@# Objects of a by-hand "make -C kernel" (kernel/Makefile).
	@if [ -f kernel/Kbuild ]; then $(MAKE) --no-print-directory -C kernel clean; fi
