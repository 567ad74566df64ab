// hsainfo's sections, each printing one kind of runtime object.
#pragma once

#include <hsa/hsa.h>

#include "report.h"

namespace hsainfo {

void print_system(Report& r);
// index: the agent's position in hsa_iterate_agents' order (hsa-run's
// --agent takes the same number).
void print_agent(Report& r, hsa_agent_t agent, int index);
void print_isas(Report& r, hsa_agent_t agent);
void print_regions(Report& r, hsa_agent_t agent);
void print_pools(Report& r, hsa_agent_t agent);

}  // namespace hsainfo
