// Runs a ROCm client program (ROCM_CLIENT, e.g. a hipcc-built benchmark) in
// the environment a user gives it: ROCM_CLIENT_ENV, space-separated
// VAR=value words (our thunk first on the loader path; in an ASan build
// also the ASan runtime), nothing else. It lets `make bench` run programs
// that CMake builds as custom commands rather than as executable targets.
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <sstream>
#include <string>

int main() {
  std::istringstream words(ROCM_CLIENT_ENV);
  std::string word;
  while (words >> word) {
    const size_t eq = word.find('=');
    if (eq == std::string::npos ||
        setenv(word.substr(0, eq).c_str(), word.substr(eq + 1).c_str(), 1) != 0) {
      std::fprintf(stderr, "rocm_client_launch: cannot set '%s'\n", word.c_str());
      return 1;
    }
  }
  char* const argv[] = {const_cast<char*>(ROCM_CLIENT), nullptr};
  execv(ROCM_CLIENT, argv);
  std::fprintf(stderr, "rocm_client_launch: %s: %s\n", ROCM_CLIENT, std::strerror(errno));
  return 1;
}
