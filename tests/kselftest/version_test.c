// SPDX-License-Identifier: GPL-2.0 OR MIT
/*
 * AMDKFD_IOC_GET_VERSION and the ioctl dispatcher's generic errors, checked
 * against the uAPI header (<linux/kfd_ioctl.h> from linux-libc-dev) and the
 * errnos Linux 6.1's kfd_ioctl() returns: a command number past the table
 * is -ENOTTY, an output buffer the kernel cannot write is -EFAULT.
 */
#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <linux/kfd_ioctl.h>

#include "kselftest_harness.h"

FIXTURE(kfd)
{
	int fd;
};

FIXTURE_SETUP(kfd)
{
	self->fd = open("/dev/kfd", O_RDWR | O_CLOEXEC);
	ASSERT_LE(0, self->fd) {
		TH_LOG("open /dev/kfd: %s", strerror(errno));
	}
}

FIXTURE_TEARDOWN(kfd)
{
	if (self->fd >= 0)
		close(self->fd);
}

TEST_F(kfd, get_version)
{
	struct kfd_ioctl_get_version_args args;

	/* Poison so a handler that writes nothing cannot pass. */
	memset(&args, 0xa5, sizeof(args));
	ASSERT_EQ(0, ioctl(self->fd, AMDKFD_IOC_GET_VERSION, &args));
	EXPECT_EQ(KFD_IOCTL_MAJOR_VERSION, args.major_version);
	EXPECT_EQ(KFD_IOCTL_MINOR_VERSION, args.minor_version);
	/* The interface Linux 6.1 implements, whatever the header says. */
	EXPECT_EQ(1, args.major_version);
	EXPECT_EQ(11, args.minor_version);
}

TEST_F(kfd, null_argument_is_efault)
{
	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd, AMDKFD_IOC_GET_VERSION, NULL));
	EXPECT_EQ(EFAULT, errno);
}

TEST_F(kfd, unknown_command_is_enotty)
{
	struct kfd_ioctl_get_version_args args = { 0 };

	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd,
			    _IOWR('K', 0x7f, struct kfd_ioctl_get_version_args),
			    &args));
	EXPECT_EQ(ENOTTY, errno);

	/* Number 0 lies below AMDKFD_COMMAND_START. */
	errno = 0;
	EXPECT_EQ(-1, ioctl(self->fd,
			    _IOWR('K', 0, struct kfd_ioctl_get_version_args),
			    &args));
	EXPECT_EQ(ENOTTY, errno);
}

TEST_HARNESS_MAIN
