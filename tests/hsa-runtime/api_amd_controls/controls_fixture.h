// The runtime initialized, with its first CPU and GPU agents.
#pragma once

#include <gtest/gtest.h>
#include <hsa/hsa.h>
#include <hsa/hsa_ext_amd.h>

#include "hsa_test_fixture.h"

class ApiControlsTest : public hsa_test::RuntimeFixture {};
