// Every name Debian's ROCm 5.2.3 headers hsa.h, hsa_ext_image.h,
// hsa_ext_amd.h and hsa_ext_finalize.h declare, as X-macro lists that the
// two sides of hsa_headers_abi_test expand against their own headers.
// Derived from those headers' declarations (a clang AST listing), in
// their order; a name missing from our headers fails to compile.
#pragma once

// Every typedef name.
#define HSA_ABI_TYPES(X)                      \
  X(hsa_status_t)                             \
  X(hsa_dim3_t)                               \
  X(hsa_access_permission_t)                  \
  X(hsa_file_t)                               \
  X(hsa_endianness_t)                         \
  X(hsa_machine_model_t)                      \
  X(hsa_profile_t)                            \
  X(hsa_system_info_t)                        \
  X(hsa_extension_t)                          \
  X(hsa_agent_t)                              \
  X(hsa_agent_feature_t)                      \
  X(hsa_device_type_t)                        \
  X(hsa_default_float_rounding_mode_t)        \
  X(hsa_agent_info_t)                         \
  X(hsa_exception_policy_t)                   \
  X(hsa_cache_t)                              \
  X(hsa_cache_info_t)                         \
  X(hsa_signal_t)                             \
  X(hsa_signal_value_t)                       \
  X(hsa_signal_condition_t)                   \
  X(hsa_wait_state_t)                         \
  X(hsa_signal_group_t)                       \
  X(hsa_region_t)                             \
  X(hsa_queue_type_t)                         \
  X(hsa_queue_type32_t)                       \
  X(hsa_queue_feature_t)                      \
  X(hsa_queue_t)                              \
  X(hsa_packet_type_t)                        \
  X(hsa_fence_scope_t)                        \
  X(hsa_packet_header_t)                      \
  X(hsa_packet_header_width_t)                \
  X(hsa_kernel_dispatch_packet_setup_t)       \
  X(hsa_kernel_dispatch_packet_setup_width_t) \
  X(hsa_kernel_dispatch_packet_t)             \
  X(hsa_agent_dispatch_packet_t)              \
  X(hsa_barrier_and_packet_t)                 \
  X(hsa_barrier_or_packet_t)                  \
  X(hsa_region_segment_t)                     \
  X(hsa_region_global_flag_t)                 \
  X(hsa_region_info_t)                        \
  X(hsa_isa_t)                                \
  X(hsa_isa_info_t)                           \
  X(hsa_fp_type_t)                            \
  X(hsa_flush_mode_t)                         \
  X(hsa_round_method_t)                       \
  X(hsa_wavefront_t)                          \
  X(hsa_wavefront_info_t)                     \
  X(hsa_code_object_reader_t)                 \
  X(hsa_executable_t)                         \
  X(hsa_executable_state_t)                   \
  X(hsa_loaded_code_object_t)                 \
  X(hsa_executable_info_t)                    \
  X(hsa_executable_symbol_t)                  \
  X(hsa_symbol_kind_t)                        \
  X(hsa_symbol_linkage_t)                     \
  X(hsa_variable_allocation_t)                \
  X(hsa_variable_segment_t)                   \
  X(hsa_executable_symbol_info_t)             \
  X(hsa_code_object_t)                        \
  X(hsa_callback_data_t)                      \
  X(hsa_code_object_type_t)                   \
  X(hsa_code_object_info_t)                   \
  X(hsa_code_symbol_t)                        \
  X(hsa_code_symbol_info_t)                   \
  X(hsa_ext_image_t)                          \
  X(hsa_ext_image_geometry_t)                 \
  X(hsa_ext_image_channel_type_t)             \
  X(hsa_ext_image_channel_type32_t)           \
  X(hsa_ext_image_channel_order_t)            \
  X(hsa_ext_image_channel_order32_t)          \
  X(hsa_ext_image_format_t)                   \
  X(hsa_ext_image_descriptor_t)               \
  X(hsa_ext_image_capability_t)               \
  X(hsa_ext_image_data_layout_t)              \
  X(hsa_ext_image_data_info_t)                \
  X(hsa_ext_image_region_t)                   \
  X(hsa_ext_sampler_t)                        \
  X(hsa_ext_sampler_addressing_mode_t)        \
  X(hsa_ext_sampler_addressing_mode32_t)      \
  X(hsa_ext_sampler_coordinate_mode_t)        \
  X(hsa_ext_sampler_coordinate_mode32_t)      \
  X(hsa_ext_sampler_filter_mode_t)            \
  X(hsa_ext_sampler_filter_mode32_t)          \
  X(hsa_ext_sampler_descriptor_t)             \
  X(hsa_ext_images_1_00_pfn_t)                \
  X(hsa_ext_images_1_pfn_t)                   \
  X(hsa_signal_condition32_t)                 \
  X(hsa_amd_packet_type_t)                    \
  X(hsa_amd_packet_type8_t)                   \
  X(hsa_amd_vendor_packet_header_t)           \
  X(hsa_amd_barrier_value_packet_t)           \
  X(hsa_amd_agent_info_t)                     \
  X(hsa_amd_hdp_flush_t)                      \
  X(hsa_amd_region_info_t)                    \
  X(hsa_amd_coherency_type_t)                 \
  X(hsa_amd_profiling_dispatch_time_t)        \
  X(hsa_amd_profiling_async_copy_time_t)      \
  X(hsa_amd_signal_attribute_t)               \
  X(hsa_amd_signal_handler)                   \
  X(hsa_amd_segment_t)                        \
  X(hsa_amd_memory_pool_t)                    \
  X(hsa_amd_memory_pool_global_flag_t)        \
  X(hsa_amd_memory_pool_info_t)               \
  X(hsa_pitched_ptr_t)                        \
  X(hsa_amd_copy_direction_t)                 \
  X(hsa_amd_memory_pool_access_t)             \
  X(hsa_amd_link_info_type_t)                 \
  X(hsa_amd_memory_pool_link_info_t)          \
  X(hsa_amd_agent_memory_pool_info_t)         \
  X(hsa_amd_image_descriptor_t)               \
  X(hsa_amd_pointer_type_t)                   \
  X(hsa_amd_pointer_info_t)                   \
  X(hsa_amd_ipc_memory_t)                     \
  X(hsa_amd_ipc_signal_t)                     \
  X(hsa_amd_event_type_t)                     \
  X(hsa_amd_memory_fault_reason_t)            \
  X(hsa_amd_gpu_memory_fault_info_t)          \
  X(hsa_amd_event_t)                          \
  X(hsa_amd_system_event_callback_t)          \
  X(hsa_amd_queue_priority_t)                 \
  X(hsa_amd_deallocation_callback_t)          \
  X(hsa_amd_svm_model_t)                      \
  X(hsa_amd_svm_attribute_t)                  \
  X(hsa_amd_svm_attribute_pair_t)             \
  X(BrigModule_t)                             \
  X(hsa_ext_module_t)                         \
  X(hsa_ext_program_t)                        \
  X(hsa_ext_program_info_t)                   \
  X(hsa_ext_finalizer_call_convention_t)      \
  X(hsa_ext_control_directives_t)             \
  X(hsa_ext_finalizer_1_00_pfn_t)

// Every member of every struct, as (typedef name, member).
#define HSA_ABI_MEMBERS(X)                                            \
  X(hsa_dim3_t, x)                                                    \
  X(hsa_dim3_t, y)                                                    \
  X(hsa_dim3_t, z)                                                    \
  X(hsa_agent_t, handle)                                              \
  X(hsa_cache_t, handle)                                              \
  X(hsa_signal_t, handle)                                             \
  X(hsa_signal_group_t, handle)                                       \
  X(hsa_region_t, handle)                                             \
  X(hsa_queue_t, type)                                                \
  X(hsa_queue_t, features)                                            \
  X(hsa_queue_t, base_address)                                        \
  X(hsa_queue_t, doorbell_signal)                                     \
  X(hsa_queue_t, size)                                                \
  X(hsa_queue_t, reserved1)                                           \
  X(hsa_queue_t, id)                                                  \
  X(hsa_kernel_dispatch_packet_t, header)                             \
  X(hsa_kernel_dispatch_packet_t, setup)                              \
  X(hsa_kernel_dispatch_packet_t, workgroup_size_x)                   \
  X(hsa_kernel_dispatch_packet_t, workgroup_size_y)                   \
  X(hsa_kernel_dispatch_packet_t, workgroup_size_z)                   \
  X(hsa_kernel_dispatch_packet_t, reserved0)                          \
  X(hsa_kernel_dispatch_packet_t, grid_size_x)                        \
  X(hsa_kernel_dispatch_packet_t, grid_size_y)                        \
  X(hsa_kernel_dispatch_packet_t, grid_size_z)                        \
  X(hsa_kernel_dispatch_packet_t, private_segment_size)               \
  X(hsa_kernel_dispatch_packet_t, group_segment_size)                 \
  X(hsa_kernel_dispatch_packet_t, kernel_object)                      \
  X(hsa_kernel_dispatch_packet_t, kernarg_address)                    \
  X(hsa_kernel_dispatch_packet_t, reserved2)                          \
  X(hsa_kernel_dispatch_packet_t, completion_signal)                  \
  X(hsa_agent_dispatch_packet_t, header)                              \
  X(hsa_agent_dispatch_packet_t, type)                                \
  X(hsa_agent_dispatch_packet_t, reserved0)                           \
  X(hsa_agent_dispatch_packet_t, return_address)                      \
  X(hsa_agent_dispatch_packet_t, arg)                                 \
  X(hsa_agent_dispatch_packet_t, reserved2)                           \
  X(hsa_agent_dispatch_packet_t, completion_signal)                   \
  X(hsa_barrier_and_packet_t, header)                                 \
  X(hsa_barrier_and_packet_t, reserved0)                              \
  X(hsa_barrier_and_packet_t, reserved1)                              \
  X(hsa_barrier_and_packet_t, dep_signal)                             \
  X(hsa_barrier_and_packet_t, reserved2)                              \
  X(hsa_barrier_and_packet_t, completion_signal)                      \
  X(hsa_barrier_or_packet_t, header)                                  \
  X(hsa_barrier_or_packet_t, reserved0)                               \
  X(hsa_barrier_or_packet_t, reserved1)                               \
  X(hsa_barrier_or_packet_t, dep_signal)                              \
  X(hsa_barrier_or_packet_t, reserved2)                               \
  X(hsa_barrier_or_packet_t, completion_signal)                       \
  X(hsa_isa_t, handle)                                                \
  X(hsa_wavefront_t, handle)                                          \
  X(hsa_code_object_reader_t, handle)                                 \
  X(hsa_executable_t, handle)                                         \
  X(hsa_loaded_code_object_t, handle)                                 \
  X(hsa_executable_symbol_t, handle)                                  \
  X(hsa_code_object_t, handle)                                        \
  X(hsa_callback_data_t, handle)                                      \
  X(hsa_code_symbol_t, handle)                                        \
  X(hsa_ext_image_t, handle)                                          \
  X(hsa_ext_image_format_t, channel_type)                             \
  X(hsa_ext_image_format_t, channel_order)                            \
  X(hsa_ext_image_descriptor_t, geometry)                             \
  X(hsa_ext_image_descriptor_t, width)                                \
  X(hsa_ext_image_descriptor_t, height)                               \
  X(hsa_ext_image_descriptor_t, depth)                                \
  X(hsa_ext_image_descriptor_t, array_size)                           \
  X(hsa_ext_image_descriptor_t, format)                               \
  X(hsa_ext_image_data_info_t, size)                                  \
  X(hsa_ext_image_data_info_t, alignment)                             \
  X(hsa_ext_image_region_t, offset)                                   \
  X(hsa_ext_image_region_t, range)                                    \
  X(hsa_ext_sampler_t, handle)                                        \
  X(hsa_ext_sampler_descriptor_t, coordinate_mode)                    \
  X(hsa_ext_sampler_descriptor_t, filter_mode)                        \
  X(hsa_ext_sampler_descriptor_t, address_mode)                       \
  X(hsa_ext_images_1_00_pfn_t, hsa_ext_image_get_capability)          \
  X(hsa_ext_images_1_00_pfn_t, hsa_ext_image_data_get_info)           \
  X(hsa_ext_images_1_00_pfn_t, hsa_ext_image_create)                  \
  X(hsa_ext_images_1_00_pfn_t, hsa_ext_image_destroy)                 \
  X(hsa_ext_images_1_00_pfn_t, hsa_ext_image_copy)                    \
  X(hsa_ext_images_1_00_pfn_t, hsa_ext_image_import)                  \
  X(hsa_ext_images_1_00_pfn_t, hsa_ext_image_export)                  \
  X(hsa_ext_images_1_00_pfn_t, hsa_ext_image_clear)                   \
  X(hsa_ext_images_1_00_pfn_t, hsa_ext_sampler_create)                \
  X(hsa_ext_images_1_00_pfn_t, hsa_ext_sampler_destroy)               \
  X(hsa_ext_images_1_pfn_t, hsa_ext_image_get_capability)             \
  X(hsa_ext_images_1_pfn_t, hsa_ext_image_data_get_info)              \
  X(hsa_ext_images_1_pfn_t, hsa_ext_image_create)                     \
  X(hsa_ext_images_1_pfn_t, hsa_ext_image_destroy)                    \
  X(hsa_ext_images_1_pfn_t, hsa_ext_image_copy)                       \
  X(hsa_ext_images_1_pfn_t, hsa_ext_image_import)                     \
  X(hsa_ext_images_1_pfn_t, hsa_ext_image_export)                     \
  X(hsa_ext_images_1_pfn_t, hsa_ext_image_clear)                      \
  X(hsa_ext_images_1_pfn_t, hsa_ext_sampler_create)                   \
  X(hsa_ext_images_1_pfn_t, hsa_ext_sampler_destroy)                  \
  X(hsa_ext_images_1_pfn_t, hsa_ext_image_get_capability_with_layout) \
  X(hsa_ext_images_1_pfn_t, hsa_ext_image_data_get_info_with_layout)  \
  X(hsa_ext_images_1_pfn_t, hsa_ext_image_create_with_layout)         \
  X(hsa_amd_vendor_packet_header_t, header)                           \
  X(hsa_amd_vendor_packet_header_t, AmdFormat)                        \
  X(hsa_amd_vendor_packet_header_t, reserved)                         \
  X(hsa_amd_barrier_value_packet_t, header)                           \
  X(hsa_amd_barrier_value_packet_t, reserved0)                        \
  X(hsa_amd_barrier_value_packet_t, signal)                           \
  X(hsa_amd_barrier_value_packet_t, value)                            \
  X(hsa_amd_barrier_value_packet_t, mask)                             \
  X(hsa_amd_barrier_value_packet_t, cond)                             \
  X(hsa_amd_barrier_value_packet_t, reserved1)                        \
  X(hsa_amd_barrier_value_packet_t, reserved2)                        \
  X(hsa_amd_barrier_value_packet_t, reserved3)                        \
  X(hsa_amd_barrier_value_packet_t, completion_signal)                \
  X(hsa_amd_hdp_flush_t, HDP_MEM_FLUSH_CNTL)                          \
  X(hsa_amd_hdp_flush_t, HDP_REG_FLUSH_CNTL)                          \
  X(hsa_amd_profiling_dispatch_time_t, start)                         \
  X(hsa_amd_profiling_dispatch_time_t, end)                           \
  X(hsa_amd_profiling_async_copy_time_t, start)                       \
  X(hsa_amd_profiling_async_copy_time_t, end)                         \
  X(hsa_amd_memory_pool_t, handle)                                    \
  X(hsa_pitched_ptr_t, base)                                          \
  X(hsa_pitched_ptr_t, pitch)                                         \
  X(hsa_pitched_ptr_t, slice)                                         \
  X(hsa_amd_memory_pool_link_info_t, min_latency)                     \
  X(hsa_amd_memory_pool_link_info_t, max_latency)                     \
  X(hsa_amd_memory_pool_link_info_t, min_bandwidth)                   \
  X(hsa_amd_memory_pool_link_info_t, max_bandwidth)                   \
  X(hsa_amd_memory_pool_link_info_t, atomic_support_32bit)            \
  X(hsa_amd_memory_pool_link_info_t, atomic_support_64bit)            \
  X(hsa_amd_memory_pool_link_info_t, coherent_support)                \
  X(hsa_amd_memory_pool_link_info_t, link_type)                       \
  X(hsa_amd_memory_pool_link_info_t, numa_distance)                   \
  X(hsa_amd_image_descriptor_t, version)                              \
  X(hsa_amd_image_descriptor_t, deviceID)                             \
  X(hsa_amd_image_descriptor_t, data)                                 \
  X(hsa_amd_pointer_info_t, size)                                     \
  X(hsa_amd_pointer_info_t, type)                                     \
  X(hsa_amd_pointer_info_t, agentBaseAddress)                         \
  X(hsa_amd_pointer_info_t, hostBaseAddress)                          \
  X(hsa_amd_pointer_info_t, sizeInBytes)                              \
  X(hsa_amd_pointer_info_t, userData)                                 \
  X(hsa_amd_pointer_info_t, agentOwner)                               \
  X(hsa_amd_pointer_info_t, global_flags)                             \
  X(hsa_amd_ipc_memory_t, handle)                                     \
  X(hsa_amd_gpu_memory_fault_info_t, agent)                           \
  X(hsa_amd_gpu_memory_fault_info_t, virtual_address)                 \
  X(hsa_amd_gpu_memory_fault_info_t, fault_reason_mask)               \
  X(hsa_amd_event_t, event_type)                                      \
  X(hsa_amd_event_t, memory_fault)                                    \
  X(hsa_amd_svm_attribute_pair_t, attribute)                          \
  X(hsa_amd_svm_attribute_pair_t, value)                              \
  X(hsa_ext_program_t, handle)                                        \
  X(hsa_ext_control_directives_t, control_directives_mask)            \
  X(hsa_ext_control_directives_t, break_exceptions_mask)              \
  X(hsa_ext_control_directives_t, detect_exceptions_mask)             \
  X(hsa_ext_control_directives_t, max_dynamic_group_size)             \
  X(hsa_ext_control_directives_t, max_flat_grid_size)                 \
  X(hsa_ext_control_directives_t, max_flat_workgroup_size)            \
  X(hsa_ext_control_directives_t, reserved1)                          \
  X(hsa_ext_control_directives_t, required_grid_size)                 \
  X(hsa_ext_control_directives_t, required_workgroup_size)            \
  X(hsa_ext_control_directives_t, required_dim)                       \
  X(hsa_ext_control_directives_t, reserved2)                          \
  X(hsa_ext_finalizer_1_00_pfn_t, hsa_ext_program_create)             \
  X(hsa_ext_finalizer_1_00_pfn_t, hsa_ext_program_destroy)            \
  X(hsa_ext_finalizer_1_00_pfn_t, hsa_ext_program_add_module)         \
  X(hsa_ext_finalizer_1_00_pfn_t, hsa_ext_program_iterate_modules)    \
  X(hsa_ext_finalizer_1_00_pfn_t, hsa_ext_program_get_info)           \
  X(hsa_ext_finalizer_1_00_pfn_t, hsa_ext_program_finalize)

// Every enumerator.
#define HSA_ABI_ENUMERATORS(X)                                     \
  X(HSA_STATUS_SUCCESS)                                            \
  X(HSA_STATUS_INFO_BREAK)                                         \
  X(HSA_STATUS_ERROR)                                              \
  X(HSA_STATUS_ERROR_INVALID_ARGUMENT)                             \
  X(HSA_STATUS_ERROR_INVALID_QUEUE_CREATION)                       \
  X(HSA_STATUS_ERROR_INVALID_ALLOCATION)                           \
  X(HSA_STATUS_ERROR_INVALID_AGENT)                                \
  X(HSA_STATUS_ERROR_INVALID_REGION)                               \
  X(HSA_STATUS_ERROR_INVALID_SIGNAL)                               \
  X(HSA_STATUS_ERROR_INVALID_QUEUE)                                \
  X(HSA_STATUS_ERROR_OUT_OF_RESOURCES)                             \
  X(HSA_STATUS_ERROR_INVALID_PACKET_FORMAT)                        \
  X(HSA_STATUS_ERROR_RESOURCE_FREE)                                \
  X(HSA_STATUS_ERROR_NOT_INITIALIZED)                              \
  X(HSA_STATUS_ERROR_REFCOUNT_OVERFLOW)                            \
  X(HSA_STATUS_ERROR_INCOMPATIBLE_ARGUMENTS)                       \
  X(HSA_STATUS_ERROR_INVALID_INDEX)                                \
  X(HSA_STATUS_ERROR_INVALID_ISA)                                  \
  X(HSA_STATUS_ERROR_INVALID_ISA_NAME)                             \
  X(HSA_STATUS_ERROR_INVALID_CODE_OBJECT)                          \
  X(HSA_STATUS_ERROR_INVALID_EXECUTABLE)                           \
  X(HSA_STATUS_ERROR_FROZEN_EXECUTABLE)                            \
  X(HSA_STATUS_ERROR_INVALID_SYMBOL_NAME)                          \
  X(HSA_STATUS_ERROR_VARIABLE_ALREADY_DEFINED)                     \
  X(HSA_STATUS_ERROR_VARIABLE_UNDEFINED)                           \
  X(HSA_STATUS_ERROR_EXCEPTION)                                    \
  X(HSA_STATUS_ERROR_INVALID_CODE_SYMBOL)                          \
  X(HSA_STATUS_ERROR_INVALID_EXECUTABLE_SYMBOL)                    \
  X(HSA_STATUS_ERROR_INVALID_FILE)                                 \
  X(HSA_STATUS_ERROR_INVALID_CODE_OBJECT_READER)                   \
  X(HSA_STATUS_ERROR_INVALID_CACHE)                                \
  X(HSA_STATUS_ERROR_INVALID_WAVEFRONT)                            \
  X(HSA_STATUS_ERROR_INVALID_SIGNAL_GROUP)                         \
  X(HSA_STATUS_ERROR_INVALID_RUNTIME_STATE)                        \
  X(HSA_STATUS_ERROR_FATAL)                                        \
  X(HSA_ACCESS_PERMISSION_RO)                                      \
  X(HSA_ACCESS_PERMISSION_WO)                                      \
  X(HSA_ACCESS_PERMISSION_RW)                                      \
  X(HSA_ENDIANNESS_LITTLE)                                         \
  X(HSA_ENDIANNESS_BIG)                                            \
  X(HSA_MACHINE_MODEL_SMALL)                                       \
  X(HSA_MACHINE_MODEL_LARGE)                                       \
  X(HSA_PROFILE_BASE)                                              \
  X(HSA_PROFILE_FULL)                                              \
  X(HSA_SYSTEM_INFO_VERSION_MAJOR)                                 \
  X(HSA_SYSTEM_INFO_VERSION_MINOR)                                 \
  X(HSA_SYSTEM_INFO_TIMESTAMP)                                     \
  X(HSA_SYSTEM_INFO_TIMESTAMP_FREQUENCY)                           \
  X(HSA_SYSTEM_INFO_SIGNAL_MAX_WAIT)                               \
  X(HSA_SYSTEM_INFO_ENDIANNESS)                                    \
  X(HSA_SYSTEM_INFO_MACHINE_MODEL)                                 \
  X(HSA_SYSTEM_INFO_EXTENSIONS)                                    \
  X(HSA_AMD_SYSTEM_INFO_BUILD_VERSION)                             \
  X(HSA_AMD_SYSTEM_INFO_SVM_SUPPORTED)                             \
  X(HSA_AMD_SYSTEM_INFO_SVM_ACCESSIBLE_BY_DEFAULT)                 \
  X(HSA_EXTENSION_FINALIZER)                                       \
  X(HSA_EXTENSION_IMAGES)                                          \
  X(HSA_EXTENSION_PERFORMANCE_COUNTERS)                            \
  X(HSA_EXTENSION_PROFILING_EVENTS)                                \
  X(HSA_EXTENSION_STD_LAST)                                        \
  X(HSA_AMD_FIRST_EXTENSION)                                       \
  X(HSA_EXTENSION_AMD_PROFILER)                                    \
  X(HSA_EXTENSION_AMD_LOADER)                                      \
  X(HSA_EXTENSION_AMD_AQLPROFILE)                                  \
  X(HSA_AMD_LAST_EXTENSION)                                        \
  X(HSA_AGENT_FEATURE_KERNEL_DISPATCH)                             \
  X(HSA_AGENT_FEATURE_AGENT_DISPATCH)                              \
  X(HSA_DEVICE_TYPE_CPU)                                           \
  X(HSA_DEVICE_TYPE_GPU)                                           \
  X(HSA_DEVICE_TYPE_DSP)                                           \
  X(HSA_DEFAULT_FLOAT_ROUNDING_MODE_DEFAULT)                       \
  X(HSA_DEFAULT_FLOAT_ROUNDING_MODE_ZERO)                          \
  X(HSA_DEFAULT_FLOAT_ROUNDING_MODE_NEAR)                          \
  X(HSA_AGENT_INFO_NAME)                                           \
  X(HSA_AGENT_INFO_VENDOR_NAME)                                    \
  X(HSA_AGENT_INFO_FEATURE)                                        \
  X(HSA_AGENT_INFO_MACHINE_MODEL)                                  \
  X(HSA_AGENT_INFO_PROFILE)                                        \
  X(HSA_AGENT_INFO_DEFAULT_FLOAT_ROUNDING_MODE)                    \
  X(HSA_AGENT_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES)      \
  X(HSA_AGENT_INFO_FAST_F16_OPERATION)                             \
  X(HSA_AGENT_INFO_WAVEFRONT_SIZE)                                 \
  X(HSA_AGENT_INFO_WORKGROUP_MAX_DIM)                              \
  X(HSA_AGENT_INFO_WORKGROUP_MAX_SIZE)                             \
  X(HSA_AGENT_INFO_GRID_MAX_DIM)                                   \
  X(HSA_AGENT_INFO_GRID_MAX_SIZE)                                  \
  X(HSA_AGENT_INFO_FBARRIER_MAX_SIZE)                              \
  X(HSA_AGENT_INFO_QUEUES_MAX)                                     \
  X(HSA_AGENT_INFO_QUEUE_MIN_SIZE)                                 \
  X(HSA_AGENT_INFO_QUEUE_MAX_SIZE)                                 \
  X(HSA_AGENT_INFO_QUEUE_TYPE)                                     \
  X(HSA_AGENT_INFO_NODE)                                           \
  X(HSA_AGENT_INFO_DEVICE)                                         \
  X(HSA_AGENT_INFO_CACHE_SIZE)                                     \
  X(HSA_AGENT_INFO_ISA)                                            \
  X(HSA_AGENT_INFO_EXTENSIONS)                                     \
  X(HSA_AGENT_INFO_VERSION_MAJOR)                                  \
  X(HSA_AGENT_INFO_VERSION_MINOR)                                  \
  X(HSA_EXCEPTION_POLICY_BREAK)                                    \
  X(HSA_EXCEPTION_POLICY_DETECT)                                   \
  X(HSA_CACHE_INFO_NAME_LENGTH)                                    \
  X(HSA_CACHE_INFO_NAME)                                           \
  X(HSA_CACHE_INFO_LEVEL)                                          \
  X(HSA_CACHE_INFO_SIZE)                                           \
  X(HSA_SIGNAL_CONDITION_EQ)                                       \
  X(HSA_SIGNAL_CONDITION_NE)                                       \
  X(HSA_SIGNAL_CONDITION_LT)                                       \
  X(HSA_SIGNAL_CONDITION_GTE)                                      \
  X(HSA_WAIT_STATE_BLOCKED)                                        \
  X(HSA_WAIT_STATE_ACTIVE)                                         \
  X(HSA_QUEUE_TYPE_MULTI)                                          \
  X(HSA_QUEUE_TYPE_SINGLE)                                         \
  X(HSA_QUEUE_TYPE_COOPERATIVE)                                    \
  X(HSA_QUEUE_FEATURE_KERNEL_DISPATCH)                             \
  X(HSA_QUEUE_FEATURE_AGENT_DISPATCH)                              \
  X(HSA_PACKET_TYPE_VENDOR_SPECIFIC)                               \
  X(HSA_PACKET_TYPE_INVALID)                                       \
  X(HSA_PACKET_TYPE_KERNEL_DISPATCH)                               \
  X(HSA_PACKET_TYPE_BARRIER_AND)                                   \
  X(HSA_PACKET_TYPE_AGENT_DISPATCH)                                \
  X(HSA_PACKET_TYPE_BARRIER_OR)                                    \
  X(HSA_FENCE_SCOPE_NONE)                                          \
  X(HSA_FENCE_SCOPE_AGENT)                                         \
  X(HSA_FENCE_SCOPE_SYSTEM)                                        \
  X(HSA_PACKET_HEADER_TYPE)                                        \
  X(HSA_PACKET_HEADER_BARRIER)                                     \
  X(HSA_PACKET_HEADER_SCACQUIRE_FENCE_SCOPE)                       \
  X(HSA_PACKET_HEADER_ACQUIRE_FENCE_SCOPE)                         \
  X(HSA_PACKET_HEADER_SCRELEASE_FENCE_SCOPE)                       \
  X(HSA_PACKET_HEADER_RELEASE_FENCE_SCOPE)                         \
  X(HSA_PACKET_HEADER_WIDTH_TYPE)                                  \
  X(HSA_PACKET_HEADER_WIDTH_BARRIER)                               \
  X(HSA_PACKET_HEADER_WIDTH_SCACQUIRE_FENCE_SCOPE)                 \
  X(HSA_PACKET_HEADER_WIDTH_ACQUIRE_FENCE_SCOPE)                   \
  X(HSA_PACKET_HEADER_WIDTH_SCRELEASE_FENCE_SCOPE)                 \
  X(HSA_PACKET_HEADER_WIDTH_RELEASE_FENCE_SCOPE)                   \
  X(HSA_KERNEL_DISPATCH_PACKET_SETUP_DIMENSIONS)                   \
  X(HSA_KERNEL_DISPATCH_PACKET_SETUP_WIDTH_DIMENSIONS)             \
  X(HSA_REGION_SEGMENT_GLOBAL)                                     \
  X(HSA_REGION_SEGMENT_READONLY)                                   \
  X(HSA_REGION_SEGMENT_PRIVATE)                                    \
  X(HSA_REGION_SEGMENT_GROUP)                                      \
  X(HSA_REGION_SEGMENT_KERNARG)                                    \
  X(HSA_REGION_GLOBAL_FLAG_KERNARG)                                \
  X(HSA_REGION_GLOBAL_FLAG_FINE_GRAINED)                           \
  X(HSA_REGION_GLOBAL_FLAG_COARSE_GRAINED)                         \
  X(HSA_REGION_INFO_SEGMENT)                                       \
  X(HSA_REGION_INFO_GLOBAL_FLAGS)                                  \
  X(HSA_REGION_INFO_SIZE)                                          \
  X(HSA_REGION_INFO_ALLOC_MAX_SIZE)                                \
  X(HSA_REGION_INFO_ALLOC_MAX_PRIVATE_WORKGROUP_SIZE)              \
  X(HSA_REGION_INFO_RUNTIME_ALLOC_ALLOWED)                         \
  X(HSA_REGION_INFO_RUNTIME_ALLOC_GRANULE)                         \
  X(HSA_REGION_INFO_RUNTIME_ALLOC_ALIGNMENT)                       \
  X(HSA_ISA_INFO_NAME_LENGTH)                                      \
  X(HSA_ISA_INFO_NAME)                                             \
  X(HSA_ISA_INFO_CALL_CONVENTION_COUNT)                            \
  X(HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONT_SIZE)              \
  X(HSA_ISA_INFO_CALL_CONVENTION_INFO_WAVEFRONTS_PER_COMPUTE_UNIT) \
  X(HSA_ISA_INFO_MACHINE_MODELS)                                   \
  X(HSA_ISA_INFO_PROFILES)                                         \
  X(HSA_ISA_INFO_DEFAULT_FLOAT_ROUNDING_MODES)                     \
  X(HSA_ISA_INFO_BASE_PROFILE_DEFAULT_FLOAT_ROUNDING_MODES)        \
  X(HSA_ISA_INFO_FAST_F16_OPERATION)                               \
  X(HSA_ISA_INFO_WORKGROUP_MAX_DIM)                                \
  X(HSA_ISA_INFO_WORKGROUP_MAX_SIZE)                               \
  X(HSA_ISA_INFO_GRID_MAX_DIM)                                     \
  X(HSA_ISA_INFO_GRID_MAX_SIZE)                                    \
  X(HSA_ISA_INFO_FBARRIER_MAX_SIZE)                                \
  X(HSA_FP_TYPE_16)                                                \
  X(HSA_FP_TYPE_32)                                                \
  X(HSA_FP_TYPE_64)                                                \
  X(HSA_FLUSH_MODE_FTZ)                                            \
  X(HSA_FLUSH_MODE_NON_FTZ)                                        \
  X(HSA_ROUND_METHOD_SINGLE)                                       \
  X(HSA_ROUND_METHOD_DOUBLE)                                       \
  X(HSA_WAVEFRONT_INFO_SIZE)                                       \
  X(HSA_EXECUTABLE_STATE_UNFROZEN)                                 \
  X(HSA_EXECUTABLE_STATE_FROZEN)                                   \
  X(HSA_EXECUTABLE_INFO_PROFILE)                                   \
  X(HSA_EXECUTABLE_INFO_STATE)                                     \
  X(HSA_EXECUTABLE_INFO_DEFAULT_FLOAT_ROUNDING_MODE)               \
  X(HSA_SYMBOL_KIND_VARIABLE)                                      \
  X(HSA_SYMBOL_KIND_KERNEL)                                        \
  X(HSA_SYMBOL_KIND_INDIRECT_FUNCTION)                             \
  X(HSA_SYMBOL_LINKAGE_MODULE)                                     \
  X(HSA_SYMBOL_LINKAGE_PROGRAM)                                    \
  X(HSA_VARIABLE_ALLOCATION_AGENT)                                 \
  X(HSA_VARIABLE_ALLOCATION_PROGRAM)                               \
  X(HSA_VARIABLE_SEGMENT_GLOBAL)                                   \
  X(HSA_VARIABLE_SEGMENT_READONLY)                                 \
  X(HSA_EXECUTABLE_SYMBOL_INFO_TYPE)                               \
  X(HSA_EXECUTABLE_SYMBOL_INFO_NAME_LENGTH)                        \
  X(HSA_EXECUTABLE_SYMBOL_INFO_NAME)                               \
  X(HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME_LENGTH)                 \
  X(HSA_EXECUTABLE_SYMBOL_INFO_MODULE_NAME)                        \
  X(HSA_EXECUTABLE_SYMBOL_INFO_AGENT)                              \
  X(HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ADDRESS)                   \
  X(HSA_EXECUTABLE_SYMBOL_INFO_LINKAGE)                            \
  X(HSA_EXECUTABLE_SYMBOL_INFO_IS_DEFINITION)                      \
  X(HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALLOCATION)                \
  X(HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SEGMENT)                   \
  X(HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_ALIGNMENT)                 \
  X(HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_SIZE)                      \
  X(HSA_EXECUTABLE_SYMBOL_INFO_VARIABLE_IS_CONST)                  \
  X(HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_OBJECT)                      \
  X(HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE)        \
  X(HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT)   \
  X(HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE)          \
  X(HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE)        \
  X(HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK)           \
  X(HSA_EXECUTABLE_SYMBOL_INFO_KERNEL_CALL_CONVENTION)             \
  X(HSA_EXECUTABLE_SYMBOL_INFO_INDIRECT_FUNCTION_OBJECT)           \
  X(HSA_EXECUTABLE_SYMBOL_INFO_INDIRECT_FUNCTION_CALL_CONVENTION)  \
  X(HSA_CODE_OBJECT_TYPE_PROGRAM)                                  \
  X(HSA_CODE_OBJECT_INFO_VERSION)                                  \
  X(HSA_CODE_OBJECT_INFO_TYPE)                                     \
  X(HSA_CODE_OBJECT_INFO_ISA)                                      \
  X(HSA_CODE_OBJECT_INFO_MACHINE_MODEL)                            \
  X(HSA_CODE_OBJECT_INFO_PROFILE)                                  \
  X(HSA_CODE_OBJECT_INFO_DEFAULT_FLOAT_ROUNDING_MODE)              \
  X(HSA_CODE_SYMBOL_INFO_TYPE)                                     \
  X(HSA_CODE_SYMBOL_INFO_NAME_LENGTH)                              \
  X(HSA_CODE_SYMBOL_INFO_NAME)                                     \
  X(HSA_CODE_SYMBOL_INFO_MODULE_NAME_LENGTH)                       \
  X(HSA_CODE_SYMBOL_INFO_MODULE_NAME)                              \
  X(HSA_CODE_SYMBOL_INFO_LINKAGE)                                  \
  X(HSA_CODE_SYMBOL_INFO_IS_DEFINITION)                            \
  X(HSA_CODE_SYMBOL_INFO_VARIABLE_ALLOCATION)                      \
  X(HSA_CODE_SYMBOL_INFO_VARIABLE_SEGMENT)                         \
  X(HSA_CODE_SYMBOL_INFO_VARIABLE_ALIGNMENT)                       \
  X(HSA_CODE_SYMBOL_INFO_VARIABLE_SIZE)                            \
  X(HSA_CODE_SYMBOL_INFO_VARIABLE_IS_CONST)                        \
  X(HSA_CODE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_SIZE)              \
  X(HSA_CODE_SYMBOL_INFO_KERNEL_KERNARG_SEGMENT_ALIGNMENT)         \
  X(HSA_CODE_SYMBOL_INFO_KERNEL_GROUP_SEGMENT_SIZE)                \
  X(HSA_CODE_SYMBOL_INFO_KERNEL_PRIVATE_SEGMENT_SIZE)              \
  X(HSA_CODE_SYMBOL_INFO_KERNEL_DYNAMIC_CALLSTACK)                 \
  X(HSA_CODE_SYMBOL_INFO_KERNEL_CALL_CONVENTION)                   \
  X(HSA_CODE_SYMBOL_INFO_INDIRECT_FUNCTION_CALL_CONVENTION)        \
  X(HSA_EXT_STATUS_ERROR_IMAGE_FORMAT_UNSUPPORTED)                 \
  X(HSA_EXT_STATUS_ERROR_IMAGE_SIZE_UNSUPPORTED)                   \
  X(HSA_EXT_STATUS_ERROR_IMAGE_PITCH_UNSUPPORTED)                  \
  X(HSA_EXT_STATUS_ERROR_SAMPLER_DESCRIPTOR_UNSUPPORTED)           \
  X(HSA_EXT_AGENT_INFO_IMAGE_1D_MAX_ELEMENTS)                      \
  X(HSA_EXT_AGENT_INFO_IMAGE_1DA_MAX_ELEMENTS)                     \
  X(HSA_EXT_AGENT_INFO_IMAGE_1DB_MAX_ELEMENTS)                     \
  X(HSA_EXT_AGENT_INFO_IMAGE_2D_MAX_ELEMENTS)                      \
  X(HSA_EXT_AGENT_INFO_IMAGE_2DA_MAX_ELEMENTS)                     \
  X(HSA_EXT_AGENT_INFO_IMAGE_2DDEPTH_MAX_ELEMENTS)                 \
  X(HSA_EXT_AGENT_INFO_IMAGE_2DADEPTH_MAX_ELEMENTS)                \
  X(HSA_EXT_AGENT_INFO_IMAGE_3D_MAX_ELEMENTS)                      \
  X(HSA_EXT_AGENT_INFO_IMAGE_ARRAY_MAX_LAYERS)                     \
  X(HSA_EXT_AGENT_INFO_MAX_IMAGE_RD_HANDLES)                       \
  X(HSA_EXT_AGENT_INFO_MAX_IMAGE_RORW_HANDLES)                     \
  X(HSA_EXT_AGENT_INFO_MAX_SAMPLER_HANDLERS)                       \
  X(HSA_EXT_AGENT_INFO_IMAGE_LINEAR_ROW_PITCH_ALIGNMENT)           \
  X(HSA_EXT_IMAGE_GEOMETRY_1D)                                     \
  X(HSA_EXT_IMAGE_GEOMETRY_2D)                                     \
  X(HSA_EXT_IMAGE_GEOMETRY_3D)                                     \
  X(HSA_EXT_IMAGE_GEOMETRY_1DA)                                    \
  X(HSA_EXT_IMAGE_GEOMETRY_2DA)                                    \
  X(HSA_EXT_IMAGE_GEOMETRY_1DB)                                    \
  X(HSA_EXT_IMAGE_GEOMETRY_2DDEPTH)                                \
  X(HSA_EXT_IMAGE_GEOMETRY_2DADEPTH)                               \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT8)                         \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_SNORM_INT16)                        \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT8)                         \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT16)                        \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_INT24)                        \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_555)                    \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_565)                    \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_UNORM_SHORT_101010)                 \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT8)                        \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT16)                       \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_SIGNED_INT32)                       \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT8)                      \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT16)                     \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_UNSIGNED_INT32)                     \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_HALF_FLOAT)                         \
  X(HSA_EXT_IMAGE_CHANNEL_TYPE_FLOAT)                              \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_A)                                 \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_R)                                 \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_RX)                                \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_RG)                                \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_RGX)                               \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_RA)                                \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_RGB)                               \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_RGBX)                              \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_RGBA)                              \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_BGRA)                              \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_ARGB)                              \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_ABGR)                              \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_SRGB)                              \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBX)                             \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_SRGBA)                             \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_SBGRA)                             \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_INTENSITY)                         \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_LUMINANCE)                         \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH)                             \
  X(HSA_EXT_IMAGE_CHANNEL_ORDER_DEPTH_STENCIL)                     \
  X(HSA_EXT_IMAGE_CAPABILITY_NOT_SUPPORTED)                        \
  X(HSA_EXT_IMAGE_CAPABILITY_READ_ONLY)                            \
  X(HSA_EXT_IMAGE_CAPABILITY_WRITE_ONLY)                           \
  X(HSA_EXT_IMAGE_CAPABILITY_READ_WRITE)                           \
  X(HSA_EXT_IMAGE_CAPABILITY_READ_MODIFY_WRITE)                    \
  X(HSA_EXT_IMAGE_CAPABILITY_ACCESS_INVARIANT_DATA_LAYOUT)         \
  X(HSA_EXT_IMAGE_DATA_LAYOUT_OPAQUE)                              \
  X(HSA_EXT_IMAGE_DATA_LAYOUT_LINEAR)                              \
  X(HSA_EXT_SAMPLER_ADDRESSING_MODE_UNDEFINED)                     \
  X(HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_EDGE)                 \
  X(HSA_EXT_SAMPLER_ADDRESSING_MODE_CLAMP_TO_BORDER)               \
  X(HSA_EXT_SAMPLER_ADDRESSING_MODE_REPEAT)                        \
  X(HSA_EXT_SAMPLER_ADDRESSING_MODE_MIRRORED_REPEAT)               \
  X(HSA_EXT_SAMPLER_COORDINATE_MODE_UNNORMALIZED)                  \
  X(HSA_EXT_SAMPLER_COORDINATE_MODE_NORMALIZED)                    \
  X(HSA_EXT_SAMPLER_FILTER_MODE_NEAREST)                           \
  X(HSA_EXT_SAMPLER_FILTER_MODE_LINEAR)                            \
  X(HSA_AMD_PACKET_TYPE_BARRIER_VALUE)                             \
  X(HSA_STATUS_ERROR_INVALID_MEMORY_POOL)                          \
  X(HSA_STATUS_ERROR_MEMORY_APERTURE_VIOLATION)                    \
  X(HSA_STATUS_ERROR_ILLEGAL_INSTRUCTION)                          \
  X(HSA_STATUS_ERROR_MEMORY_FAULT)                                 \
  X(HSA_STATUS_CU_MASK_REDUCED)                                    \
  X(HSA_AMD_AGENT_INFO_CHIP_ID)                                    \
  X(HSA_AMD_AGENT_INFO_CACHELINE_SIZE)                             \
  X(HSA_AMD_AGENT_INFO_COMPUTE_UNIT_COUNT)                         \
  X(HSA_AMD_AGENT_INFO_MAX_CLOCK_FREQUENCY)                        \
  X(HSA_AMD_AGENT_INFO_DRIVER_NODE_ID)                             \
  X(HSA_AMD_AGENT_INFO_MAX_ADDRESS_WATCH_POINTS)                   \
  X(HSA_AMD_AGENT_INFO_BDFID)                                      \
  X(HSA_AMD_AGENT_INFO_MEMORY_WIDTH)                               \
  X(HSA_AMD_AGENT_INFO_MEMORY_MAX_FREQUENCY)                       \
  X(HSA_AMD_AGENT_INFO_PRODUCT_NAME)                               \
  X(HSA_AMD_AGENT_INFO_MAX_WAVES_PER_CU)                           \
  X(HSA_AMD_AGENT_INFO_NUM_SIMDS_PER_CU)                           \
  X(HSA_AMD_AGENT_INFO_NUM_SHADER_ENGINES)                         \
  X(HSA_AMD_AGENT_INFO_NUM_SHADER_ARRAYS_PER_SE)                   \
  X(HSA_AMD_AGENT_INFO_HDP_FLUSH)                                  \
  X(HSA_AMD_AGENT_INFO_DOMAIN)                                     \
  X(HSA_AMD_AGENT_INFO_COOPERATIVE_QUEUES)                         \
  X(HSA_AMD_AGENT_INFO_UUID)                                       \
  X(HSA_AMD_AGENT_INFO_ASIC_REVISION)                              \
  X(HSA_AMD_AGENT_INFO_SVM_DIRECT_HOST_ACCESS)                     \
  X(HSA_AMD_AGENT_INFO_COOPERATIVE_COMPUTE_UNIT_COUNT)             \
  X(HSA_AMD_REGION_INFO_HOST_ACCESSIBLE)                           \
  X(HSA_AMD_REGION_INFO_BASE)                                      \
  X(HSA_AMD_REGION_INFO_BUS_WIDTH)                                 \
  X(HSA_AMD_REGION_INFO_MAX_CLOCK_FREQUENCY)                       \
  X(HSA_AMD_COHERENCY_TYPE_COHERENT)                               \
  X(HSA_AMD_COHERENCY_TYPE_NONCOHERENT)                            \
  X(HSA_AMD_SIGNAL_AMD_GPU_ONLY)                                   \
  X(HSA_AMD_SIGNAL_IPC)                                            \
  X(HSA_AMD_SEGMENT_GLOBAL)                                        \
  X(HSA_AMD_SEGMENT_READONLY)                                      \
  X(HSA_AMD_SEGMENT_PRIVATE)                                       \
  X(HSA_AMD_SEGMENT_GROUP)                                         \
  X(HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_KERNARG_INIT)                  \
  X(HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_FINE_GRAINED)                  \
  X(HSA_AMD_MEMORY_POOL_GLOBAL_FLAG_COARSE_GRAINED)                \
  X(HSA_AMD_MEMORY_POOL_INFO_SEGMENT)                              \
  X(HSA_AMD_MEMORY_POOL_INFO_GLOBAL_FLAGS)                         \
  X(HSA_AMD_MEMORY_POOL_INFO_SIZE)                                 \
  X(HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALLOWED)                \
  X(HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_GRANULE)                \
  X(HSA_AMD_MEMORY_POOL_INFO_RUNTIME_ALLOC_ALIGNMENT)              \
  X(HSA_AMD_MEMORY_POOL_INFO_ACCESSIBLE_BY_ALL)                    \
  X(HSA_AMD_MEMORY_POOL_INFO_ALLOC_MAX_SIZE)                       \
  X(hsaHostToHost)                                                 \
  X(hsaHostToDevice)                                               \
  X(hsaDeviceToHost)                                               \
  X(hsaDeviceToDevice)                                             \
  X(HSA_AMD_MEMORY_POOL_ACCESS_NEVER_ALLOWED)                      \
  X(HSA_AMD_MEMORY_POOL_ACCESS_ALLOWED_BY_DEFAULT)                 \
  X(HSA_AMD_MEMORY_POOL_ACCESS_DISALLOWED_BY_DEFAULT)              \
  X(HSA_AMD_LINK_INFO_TYPE_HYPERTRANSPORT)                         \
  X(HSA_AMD_LINK_INFO_TYPE_QPI)                                    \
  X(HSA_AMD_LINK_INFO_TYPE_PCIE)                                   \
  X(HSA_AMD_LINK_INFO_TYPE_INFINBAND)                              \
  X(HSA_AMD_LINK_INFO_TYPE_XGMI)                                   \
  X(HSA_AMD_AGENT_MEMORY_POOL_INFO_ACCESS)                         \
  X(HSA_AMD_AGENT_MEMORY_POOL_INFO_NUM_LINK_HOPS)                  \
  X(HSA_AMD_AGENT_MEMORY_POOL_INFO_LINK_INFO)                      \
  X(HSA_EXT_POINTER_TYPE_UNKNOWN)                                  \
  X(HSA_EXT_POINTER_TYPE_HSA)                                      \
  X(HSA_EXT_POINTER_TYPE_LOCKED)                                   \
  X(HSA_EXT_POINTER_TYPE_GRAPHICS)                                 \
  X(HSA_EXT_POINTER_TYPE_IPC)                                      \
  X(HSA_AMD_GPU_MEMORY_FAULT_EVENT)                                \
  X(HSA_AMD_MEMORY_FAULT_PAGE_NOT_PRESENT)                         \
  X(HSA_AMD_MEMORY_FAULT_READ_ONLY)                                \
  X(HSA_AMD_MEMORY_FAULT_NX)                                       \
  X(HSA_AMD_MEMORY_FAULT_HOST_ONLY)                                \
  X(HSA_AMD_MEMORY_FAULT_DRAMECC)                                  \
  X(HSA_AMD_MEMORY_FAULT_IMPRECISE)                                \
  X(HSA_AMD_MEMORY_FAULT_SRAMECC)                                  \
  X(HSA_AMD_MEMORY_FAULT_HANG)                                     \
  X(HSA_AMD_QUEUE_PRIORITY_LOW)                                    \
  X(HSA_AMD_QUEUE_PRIORITY_NORMAL)                                 \
  X(HSA_AMD_QUEUE_PRIORITY_HIGH)                                   \
  X(HSA_AMD_SVM_GLOBAL_FLAG_FINE_GRAINED)                          \
  X(HSA_AMD_SVM_GLOBAL_FLAG_COARSE_GRAINED)                        \
  X(HSA_AMD_SVM_GLOBAL_FLAG_INDETERMINATE)                         \
  X(HSA_AMD_SVM_ATTRIB_GLOBAL_FLAG)                                \
  X(HSA_AMD_SVM_ATTRIB_READ_ONLY)                                  \
  X(HSA_AMD_SVM_ATTRIB_HIVE_LOCAL)                                 \
  X(HSA_AMD_SVM_ATTRIB_MIGRATION_GRANULARITY)                      \
  X(HSA_AMD_SVM_ATTRIB_PREFERRED_LOCATION)                         \
  X(HSA_AMD_SVM_ATTRIB_PREFETCH_LOCATION)                          \
  X(HSA_AMD_SVM_ATTRIB_READ_MOSTLY)                                \
  X(HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE)                           \
  X(HSA_AMD_SVM_ATTRIB_AGENT_ACCESSIBLE_IN_PLACE)                  \
  X(HSA_AMD_SVM_ATTRIB_AGENT_NO_ACCESS)                            \
  X(HSA_AMD_SVM_ATTRIB_ACCESS_QUERY)                               \
  X(HSA_EXT_STATUS_ERROR_INVALID_PROGRAM)                          \
  X(HSA_EXT_STATUS_ERROR_INVALID_MODULE)                           \
  X(HSA_EXT_STATUS_ERROR_INCOMPATIBLE_MODULE)                      \
  X(HSA_EXT_STATUS_ERROR_MODULE_ALREADY_INCLUDED)                  \
  X(HSA_EXT_STATUS_ERROR_SYMBOL_MISMATCH)                          \
  X(HSA_EXT_STATUS_ERROR_FINALIZATION_FAILED)                      \
  X(HSA_EXT_STATUS_ERROR_DIRECTIVE_MISMATCH)                       \
  X(HSA_EXT_PROGRAM_INFO_MACHINE_MODEL)                            \
  X(HSA_EXT_PROGRAM_INFO_PROFILE)                                  \
  X(HSA_EXT_PROGRAM_INFO_DEFAULT_FLOAT_ROUNDING_MODE)              \
  X(HSA_EXT_FINALIZER_CALL_CONVENTION_AUTO)

// Every function.
#define HSA_ABI_FUNCTIONS(X)                         \
  X(hsa_status_string)                               \
  X(hsa_init)                                        \
  X(hsa_shut_down)                                   \
  X(hsa_system_get_info)                             \
  X(hsa_extension_get_name)                          \
  X(hsa_system_extension_supported)                  \
  X(hsa_system_major_extension_supported)            \
  X(hsa_system_get_extension_table)                  \
  X(hsa_system_get_major_extension_table)            \
  X(hsa_agent_get_info)                              \
  X(hsa_iterate_agents)                              \
  X(hsa_agent_get_exception_policies)                \
  X(hsa_cache_get_info)                              \
  X(hsa_agent_iterate_caches)                        \
  X(hsa_agent_extension_supported)                   \
  X(hsa_agent_major_extension_supported)             \
  X(hsa_signal_create)                               \
  X(hsa_signal_destroy)                              \
  X(hsa_signal_load_scacquire)                       \
  X(hsa_signal_load_relaxed)                         \
  X(hsa_signal_load_acquire)                         \
  X(hsa_signal_store_relaxed)                        \
  X(hsa_signal_store_screlease)                      \
  X(hsa_signal_store_release)                        \
  X(hsa_signal_silent_store_relaxed)                 \
  X(hsa_signal_silent_store_screlease)               \
  X(hsa_signal_exchange_scacq_screl)                 \
  X(hsa_signal_exchange_acq_rel)                     \
  X(hsa_signal_exchange_scacquire)                   \
  X(hsa_signal_exchange_acquire)                     \
  X(hsa_signal_exchange_relaxed)                     \
  X(hsa_signal_exchange_screlease)                   \
  X(hsa_signal_exchange_release)                     \
  X(hsa_signal_cas_scacq_screl)                      \
  X(hsa_signal_cas_acq_rel)                          \
  X(hsa_signal_cas_scacquire)                        \
  X(hsa_signal_cas_acquire)                          \
  X(hsa_signal_cas_relaxed)                          \
  X(hsa_signal_cas_screlease)                        \
  X(hsa_signal_cas_release)                          \
  X(hsa_signal_add_scacq_screl)                      \
  X(hsa_signal_add_acq_rel)                          \
  X(hsa_signal_add_scacquire)                        \
  X(hsa_signal_add_acquire)                          \
  X(hsa_signal_add_relaxed)                          \
  X(hsa_signal_add_screlease)                        \
  X(hsa_signal_add_release)                          \
  X(hsa_signal_subtract_scacq_screl)                 \
  X(hsa_signal_subtract_acq_rel)                     \
  X(hsa_signal_subtract_scacquire)                   \
  X(hsa_signal_subtract_acquire)                     \
  X(hsa_signal_subtract_relaxed)                     \
  X(hsa_signal_subtract_screlease)                   \
  X(hsa_signal_subtract_release)                     \
  X(hsa_signal_and_scacq_screl)                      \
  X(hsa_signal_and_acq_rel)                          \
  X(hsa_signal_and_scacquire)                        \
  X(hsa_signal_and_acquire)                          \
  X(hsa_signal_and_relaxed)                          \
  X(hsa_signal_and_screlease)                        \
  X(hsa_signal_and_release)                          \
  X(hsa_signal_or_scacq_screl)                       \
  X(hsa_signal_or_acq_rel)                           \
  X(hsa_signal_or_scacquire)                         \
  X(hsa_signal_or_acquire)                           \
  X(hsa_signal_or_relaxed)                           \
  X(hsa_signal_or_screlease)                         \
  X(hsa_signal_or_release)                           \
  X(hsa_signal_xor_scacq_screl)                      \
  X(hsa_signal_xor_acq_rel)                          \
  X(hsa_signal_xor_scacquire)                        \
  X(hsa_signal_xor_acquire)                          \
  X(hsa_signal_xor_relaxed)                          \
  X(hsa_signal_xor_screlease)                        \
  X(hsa_signal_xor_release)                          \
  X(hsa_signal_wait_scacquire)                       \
  X(hsa_signal_wait_relaxed)                         \
  X(hsa_signal_wait_acquire)                         \
  X(hsa_signal_group_create)                         \
  X(hsa_signal_group_destroy)                        \
  X(hsa_signal_group_wait_any_scacquire)             \
  X(hsa_signal_group_wait_any_relaxed)               \
  X(hsa_queue_create)                                \
  X(hsa_soft_queue_create)                           \
  X(hsa_queue_destroy)                               \
  X(hsa_queue_inactivate)                            \
  X(hsa_queue_load_read_index_acquire)               \
  X(hsa_queue_load_read_index_scacquire)             \
  X(hsa_queue_load_read_index_relaxed)               \
  X(hsa_queue_load_write_index_acquire)              \
  X(hsa_queue_load_write_index_scacquire)            \
  X(hsa_queue_load_write_index_relaxed)              \
  X(hsa_queue_store_write_index_relaxed)             \
  X(hsa_queue_store_write_index_release)             \
  X(hsa_queue_store_write_index_screlease)           \
  X(hsa_queue_cas_write_index_acq_rel)               \
  X(hsa_queue_cas_write_index_scacq_screl)           \
  X(hsa_queue_cas_write_index_acquire)               \
  X(hsa_queue_cas_write_index_scacquire)             \
  X(hsa_queue_cas_write_index_relaxed)               \
  X(hsa_queue_cas_write_index_release)               \
  X(hsa_queue_cas_write_index_screlease)             \
  X(hsa_queue_add_write_index_acq_rel)               \
  X(hsa_queue_add_write_index_scacq_screl)           \
  X(hsa_queue_add_write_index_acquire)               \
  X(hsa_queue_add_write_index_scacquire)             \
  X(hsa_queue_add_write_index_relaxed)               \
  X(hsa_queue_add_write_index_release)               \
  X(hsa_queue_add_write_index_screlease)             \
  X(hsa_queue_store_read_index_relaxed)              \
  X(hsa_queue_store_read_index_release)              \
  X(hsa_queue_store_read_index_screlease)            \
  X(hsa_region_get_info)                             \
  X(hsa_agent_iterate_regions)                       \
  X(hsa_memory_allocate)                             \
  X(hsa_memory_free)                                 \
  X(hsa_memory_copy)                                 \
  X(hsa_memory_assign_agent)                         \
  X(hsa_memory_register)                             \
  X(hsa_memory_deregister)                           \
  X(hsa_isa_from_name)                               \
  X(hsa_agent_iterate_isas)                          \
  X(hsa_isa_get_info)                                \
  X(hsa_isa_get_info_alt)                            \
  X(hsa_isa_get_exception_policies)                  \
  X(hsa_isa_get_round_method)                        \
  X(hsa_wavefront_get_info)                          \
  X(hsa_isa_iterate_wavefronts)                      \
  X(hsa_isa_compatible)                              \
  X(hsa_code_object_reader_create_from_file)         \
  X(hsa_code_object_reader_create_from_memory)       \
  X(hsa_code_object_reader_destroy)                  \
  X(hsa_executable_create)                           \
  X(hsa_executable_create_alt)                       \
  X(hsa_executable_destroy)                          \
  X(hsa_executable_load_program_code_object)         \
  X(hsa_executable_load_agent_code_object)           \
  X(hsa_executable_freeze)                           \
  X(hsa_executable_get_info)                         \
  X(hsa_executable_global_variable_define)           \
  X(hsa_executable_agent_global_variable_define)     \
  X(hsa_executable_readonly_variable_define)         \
  X(hsa_executable_validate)                         \
  X(hsa_executable_validate_alt)                     \
  X(hsa_executable_get_symbol)                       \
  X(hsa_executable_get_symbol_by_name)               \
  X(hsa_executable_symbol_get_info)                  \
  X(hsa_executable_iterate_symbols)                  \
  X(hsa_executable_iterate_agent_symbols)            \
  X(hsa_executable_iterate_program_symbols)          \
  X(hsa_code_object_serialize)                       \
  X(hsa_code_object_deserialize)                     \
  X(hsa_code_object_destroy)                         \
  X(hsa_code_object_get_info)                        \
  X(hsa_executable_load_code_object)                 \
  X(hsa_code_object_get_symbol)                      \
  X(hsa_code_object_get_symbol_from_name)            \
  X(hsa_code_symbol_get_info)                        \
  X(hsa_code_object_iterate_symbols)                 \
  X(hsa_ext_image_get_capability)                    \
  X(hsa_ext_image_get_capability_with_layout)        \
  X(hsa_ext_image_data_get_info)                     \
  X(hsa_ext_image_data_get_info_with_layout)         \
  X(hsa_ext_image_create)                            \
  X(hsa_ext_image_create_with_layout)                \
  X(hsa_ext_image_destroy)                           \
  X(hsa_ext_image_copy)                              \
  X(hsa_ext_image_import)                            \
  X(hsa_ext_image_export)                            \
  X(hsa_ext_image_clear)                             \
  X(hsa_ext_sampler_create)                          \
  X(hsa_ext_sampler_destroy)                         \
  X(hsa_amd_coherency_get_type)                      \
  X(hsa_amd_coherency_set_type)                      \
  X(hsa_amd_profiling_set_profiler_enabled)          \
  X(hsa_amd_profiling_async_copy_enable)             \
  X(hsa_amd_profiling_get_dispatch_time)             \
  X(hsa_amd_profiling_get_async_copy_time)           \
  X(hsa_amd_profiling_convert_tick_to_system_domain) \
  X(hsa_amd_signal_create)                           \
  X(hsa_amd_signal_value_pointer)                    \
  X(hsa_amd_signal_async_handler)                    \
  X(hsa_amd_async_function)                          \
  X(hsa_amd_signal_wait_any)                         \
  X(hsa_amd_image_get_info_max_dim)                  \
  X(hsa_amd_queue_cu_set_mask)                       \
  X(hsa_amd_queue_cu_get_mask)                       \
  X(hsa_amd_memory_pool_get_info)                    \
  X(hsa_amd_agent_iterate_memory_pools)              \
  X(hsa_amd_memory_pool_allocate)                    \
  X(hsa_amd_memory_pool_free)                        \
  X(hsa_amd_memory_async_copy)                       \
  X(hsa_amd_memory_async_copy_rect)                  \
  X(hsa_amd_agent_memory_pool_get_info)              \
  X(hsa_amd_agents_allow_access)                     \
  X(hsa_amd_memory_pool_can_migrate)                 \
  X(hsa_amd_memory_migrate)                          \
  X(hsa_amd_memory_lock)                             \
  X(hsa_amd_memory_lock_to_pool)                     \
  X(hsa_amd_memory_unlock)                           \
  X(hsa_amd_memory_fill)                             \
  X(hsa_amd_interop_map_buffer)                      \
  X(hsa_amd_interop_unmap_buffer)                    \
  X(hsa_amd_image_create)                            \
  X(hsa_amd_pointer_info)                            \
  X(hsa_amd_pointer_info_set_userdata)               \
  X(hsa_amd_ipc_memory_create)                       \
  X(hsa_amd_ipc_memory_attach)                       \
  X(hsa_amd_ipc_memory_detach)                       \
  X(hsa_amd_ipc_signal_create)                       \
  X(hsa_amd_ipc_signal_attach)                       \
  X(hsa_amd_register_system_event_handler)           \
  X(hsa_amd_queue_set_priority)                      \
  X(hsa_amd_register_deallocation_callback)          \
  X(hsa_amd_deregister_deallocation_callback)        \
  X(hsa_amd_svm_attributes_set)                      \
  X(hsa_amd_svm_attributes_get)                      \
  X(hsa_amd_svm_prefetch_async)                      \
  X(hsa_ext_program_create)                          \
  X(hsa_ext_program_destroy)                         \
  X(hsa_ext_program_add_module)                      \
  X(hsa_ext_program_iterate_modules)                 \
  X(hsa_ext_program_get_info)                        \
  X(hsa_ext_program_finalize)

// Macros programs test or expand: version numbers, linkage and model
// switches, the include guards (shared so that ROCm's other headers, which
// include "hsa.h", do not redeclare it) and the function-table markers.
#define HSA_ABI_MACROS(X)                \
  X(HSA_VERSION_1_0)                     \
  X(HSA_CALL)                            \
  X(HSA_EXPORT_DECORATOR)                \
  X(HSA_API_EXPORT)                      \
  X(HSA_API_IMPORT)                      \
  X(HSA_API)                             \
  X(HSA_DEPRECATED)                      \
  X(HSA_LARGE_MODEL)                     \
  X(LITTLEENDIAN_CPU)                    \
  X(HSA_LITTLE_ENDIAN)                   \
  X(HSA_RUNTIME_INC_HSA_H_)              \
  X(HSA_EXT_IMAGE_H)                     \
  X(HSA_RUNTIME_EXT_AMD_H_)              \
  X(HSA_RUNTIME_INC_HSA_EXT_FINALIZE_H_) \
  X(HSA_AMD_INTERFACE_VERSION_MAJOR)     \
  X(HSA_AMD_INTERFACE_VERSION_MINOR)     \
  X(hsa_ext_images_1_00)                 \
  X(hsa_ext_images_1)                    \
  X(hsa_ext_finalizer_1_00)
