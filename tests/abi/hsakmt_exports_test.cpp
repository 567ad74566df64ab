// The built libhsakmt.so.1 against Debian's: the same SONAME and exactly
// the same exported functions, each under symbol version HSAKMT_1, read
// from both files with readelf at test time.
#include <cstdio>
#include <set>
#include <sstream>
#include <string>

#include <gtest/gtest.h>

#include "hsakmt_api_list.h"

namespace {

// Paths passed by CMake ($<TARGET_FILE:hsakmt> and Debian's library).
constexpr const char* kOurLibrary = OUR_LIBHSAKMT;
constexpr const char* kDebianLibrary = DEBIAN_LIBHSAKMT;

// Standard output of a shell command, or "" if it could not run.
std::string run(const std::string& command) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return out;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0) out.append(buffer, n);
  pclose(pipe);
  return out;
}

std::string soname(const char* library) {
  std::istringstream lines(run(std::string("readelf -d -W '") + library + "'"));
  std::string line;
  while (std::getline(lines, line)) {
    if (line.find("(SONAME)") == std::string::npos) continue;
    size_t open = line.find('['), close = line.rfind(']');
    if (open != std::string::npos && close != std::string::npos && close > open)
      return line.substr(open + 1, close - open - 1);
  }
  return "";
}

// Defined dynamic symbols as "name@@VERSION" (or plain "name" when not
// versioned). The linker's marker for a version definition (an ABS object
// named after the version) is not a symbol anybody can call; it is skipped.
std::set<std::string> exports(const char* library) {
  std::set<std::string> symbols;
  std::istringstream lines(run(std::string("readelf --dyn-syms -W '") + library + "'"));
  std::string line;
  while (std::getline(lines, line)) {
    // Num: Value Size Type Bind Vis Ndx Name
    std::istringstream fields(line);
    std::string num, value, size, type, bind, vis, ndx, name;
    if (!(fields >> num >> value >> size >> type >> bind >> vis >> ndx >> name)) continue;
    // Symbol rows start with "<index>:"; skip the table's header and titles.
    if (num.size() < 2 || num.back() != ':' ||
        num.find_first_not_of("0123456789") != num.size() - 1)
      continue;
    if (ndx == "UND" || bind == "LOCAL") continue;
    if (ndx == "ABS" && type == "OBJECT" && size == "0" && name.find('@') == std::string::npos)
      continue;
    symbols.insert(name);
  }
  return symbols;
}

std::set<std::string> names_without_versions(const std::set<std::string>& symbols) {
  std::set<std::string> names;
  for (const std::string& s : symbols) names.insert(s.substr(0, s.find('@')));
  return names;
}

std::string join(const std::set<std::string>& items) {
  std::string out;
  for (const std::string& s : items) out += " " + s;
  return out;
}

TEST(HsakmtExports, ReadelfWorksOnDebiansLibrary) {
  // Guards the parsers: Debian's library is the reference for the others.
  EXPECT_EQ(soname(kDebianLibrary), "libhsakmt.so.1");
  EXPECT_EQ(exports(kDebianLibrary).size(), 67u);
}

TEST(HsakmtExports, SonameIsLibhsakmtSo1) { EXPECT_EQ(soname(kOurLibrary), "libhsakmt.so.1"); }

TEST(HsakmtExports, ExportsExactlyDebiansFunctions) {
  const std::set<std::string> ours = names_without_versions(exports(kOurLibrary));
  const std::set<std::string> debian = names_without_versions(exports(kDebianLibrary));
  std::set<std::string> missing, extra;
  for (const std::string& s : debian)
    if (!ours.count(s)) missing.insert(s);
  for (const std::string& s : ours)
    if (!debian.count(s)) extra.insert(s);
  EXPECT_TRUE(missing.empty()) << missing.size() << " missing:" << join(missing);
  EXPECT_TRUE(extra.empty()) << extra.size() << " not in Debian's:" << join(extra);
}

TEST(HsakmtExports, EveryExportHasVersionHsakmt1) {
  for (const std::string& s : exports(kOurLibrary)) {
    const std::string name = s.substr(0, s.find('@'));
    EXPECT_EQ(s, name + "@@HSAKMT_1") << "symbol version of " << name;
  }
}

// The header's function list (used by hsakmt_abi_test) is Debian's export
// list, so the prototypes test covers every exported function.
TEST(HsakmtExports, HeaderListIsDebiansExportList) {
  std::set<std::string> listed;
#define HSAKMT_LIST_NAME(f) listed.insert(#f);
  HSAKMT_API_FUNCTIONS(HSAKMT_LIST_NAME)
#undef HSAKMT_LIST_NAME
  EXPECT_EQ(listed, names_without_versions(exports(kDebianLibrary)));
}

}  // namespace
