// Helpers that compare one of our layouts with the reference header's,
// member by member, so a failure names the member that moved.
#pragma once

#include <cstddef>

#include <gtest/gtest.h>

#include "fw_common.h"

#define MEMBER_SIZE(type, member) sizeof(static_cast<type*>(nullptr)->member)

// Same offset and size for a member that has one name in both.
#define EXPECT_SAME_MEMBER(ours, theirs, member) EXPECT_SAME_MEMBER_AS(ours, member, theirs, member)

// Same offset and size for members named differently.
#define EXPECT_SAME_MEMBER_AS(ours, our_member, theirs, their_member)           \
  do {                                                                          \
    EXPECT_EQ(offsetof(ours, our_member), offsetof(theirs, their_member))       \
        << #ours "." #our_member " vs " #theirs "." #their_member;              \
    EXPECT_EQ(MEMBER_SIZE(ours, our_member), MEMBER_SIZE(theirs, their_member)) \
        << "size of " #ours "." #our_member;                                    \
  } while (0)

#define EXPECT_SAME_TYPE_SIZE(ours, theirs)             \
  do {                                                  \
    EXPECT_EQ(sizeof(ours), sizeof(theirs)) << #ours;   \
    EXPECT_EQ(alignof(ours), alignof(theirs)) << #ours; \
  } while (0)

// A bit field of ours (a "shift, width" macro) against a reference that
// spells it NAME_SHIFT / NAME_WIDTH.
#define EXPECT_SAME_BITS(ours, theirs)                                                     \
  do {                                                                                     \
    EXPECT_EQ(FW_FIELD_SHIFT(ours), static_cast<int>(theirs##_SHIFT)) << #theirs " shift"; \
    EXPECT_EQ(FW_FIELD_WIDTH(ours), static_cast<int>(theirs##_WIDTH)) << #theirs " width"; \
  } while (0)

#define EXPECT_SAME_VALUE(ours, theirs) \
  EXPECT_EQ(static_cast<long long>(ours), static_cast<long long>(theirs)) << #ours
