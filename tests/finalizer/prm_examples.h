// The PRM's chapter 3 examples (HSAIL PRM 3.1 vector add, 3.2 transpose),
// shared by the translation and end-to-end tests. Both use the small
// machine model (32-bit addresses).
#pragma once

namespace finalizer_test {

// PRM 3.1 (small machine model: 32-bit addresses), verbatim except for
// the version, 1:0 (the front end reads HSAIL 1.0; the kernel is the same).
inline constexpr char kPrmVectorAdd[] = R"(module &VectorAdd:1:0:$full:$small:$default;

kernel &__OpenCL_vec_add_kernel(
kernarg_u32 %arg_val0,
kernarg_u32 %arg_val1,
kernarg_u32 %arg_val2,
kernarg_u32 %arg_val3)

{
@__OpenCL_vec_add_kernel_entry:
// BB#0: // %entry
ld_kernarg_u32 $s0, [%arg_val3];
workitemabsid_u32 $s1, 0;
cmp_lt_b1_u32 $c0, $s1, $s0;
ld_kernarg_u32 $s0, [%arg_val2];
ld_kernarg_u32 $s2, [%arg_val1];
ld_kernarg_u32 $s3, [%arg_val0];
cbr_b1 $c0, @BB0_2;
br @BB0_1;

@BB0_1: // %if.end
ret;

@BB0_2: // %if.then
shl_u32 $s1, $s1, 2;
add_u32 $s2, $s2, $s1;
ld_global_f32 $s2, [$s2];
add_u32 $s3, $s3, $s1;
ld_global_f32 $s3, [$s3];
add_f32 $s2, $s3, $s2;
add_u32 $s0, $s0, $s1;
st_global_f32 $s2, [$s0];
br @BB0_1;
};
)";

// PRM 3.2's transpose as printed (version 1:0 for our front end): each
// work-group stages a block in group memory the dispatch allocates
// dynamically (arg_val2 is its group-segment offset), then writes it
// transposed. Arguments: out, in, group offset, width, height, block.
inline constexpr char kPrmTranspose[] = R"(module &Transpose:1:0:$full:$small:$default;
kernel &__OpenCL_matrixTranspose_kernel(kernarg_u32 %arg_val0, kernarg_u32 %arg_val1,
	kernarg_u32 %arg_val2, kernarg_u32 %arg_val3, kernarg_u32 %arg_val4, kernarg_u32 %arg_val5)
{
@__OpenCL_matrixTranspose_kernel_entry:
	workitemabsid_u32 $s0, 0;
	workitemabsid_u32 $s1, 1;
	ld_kernarg_u32 $s2, [%arg_val5];
	workitemid_u32 $s3, 0;
	workitemid_u32 $s4, 1;
	mad_u32 $s5, $s4, $s2, $s3;
	shl_u32 $s5, $s5, 2;
	ld_kernarg_u32 $s6, [%arg_val2];
	add_u32 $s5, $s6, $s5;
	ld_kernarg_u32 $s6, [%arg_val3];
	mad_u32 $s0, $s1, $s6, $s0;
	shl_u32 $s0, $s0, 2;
	ld_kernarg_u32 $s1, [%arg_val1];
	add_u32 $s0, $s1, $s0;
	ld_global_f32 $s0, [$s0];
	st_group_f32 $s0, [$s5];
	barrier;
	workgroupid_u32 $s0, 0;
	mad_u32 $s0, $s0, $s2, $s3;
	workgroupid_u32 $s1, 1;
	mad_u32 $s1, $s1, $s2, $s4;
	ld_kernarg_u32 $s2, [%arg_val4];
	mad_u32 $s0, $s0, $s2, $s1;
	shl_u32 $s0, $s0, 2;
	ld_kernarg_u32 $s1, [%arg_val0];
	add_u32 $s0, $s1, $s0;
	ld_group_f32 $s1, [$s5];
	st_global_f32 $s1, [$s0];
	ret;
};
)";

}  // namespace finalizer_test
