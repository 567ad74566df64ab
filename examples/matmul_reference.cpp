// Writes the inputs and the expected output of the matmul example:
//   matmul_reference OUTDIR M N K
// OUTDIR/matmul_a.bin (M x K), matmul_b.bin (K x N) and
// matmul_c_expected.bin (M x N), raw little-endian floats, row-major.
// The inputs are multiples of 1/8 in [-2, 2], so every product and every
// partial sum is exact in float: the GPU's result must match bit for bit
// whatever order or fused operations it uses.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

namespace {

// A fixed linear congruential sequence (Knuth's MMIX constants): the
// files are the same on every build.
struct Lcg {
  uint64_t state;
  float next() {
    state = state * 6364136223846793005ULL + 1442695040888963407ULL;
    const int v = static_cast<int>((state >> 33) % 33) - 16;  // -16..16
    return static_cast<float>(v) / 8.0f;
  }
};

bool write(const std::string& path, const std::vector<float>& v) {
  std::FILE* f = std::fopen(path.c_str(), "wb");
  if (!f) return false;
  const bool ok = std::fwrite(v.data(), sizeof(float), v.size(), f) == v.size();
  return std::fclose(f) == 0 && ok;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: matmul_reference OUTDIR M N K\n");
    return 2;
  }
  const std::string dir = argv[1];
  const long m = std::atol(argv[2]), n = std::atol(argv[3]), k = std::atol(argv[4]);
  if (m <= 0 || n <= 0 || k <= 0 || m > 4096 || n > 4096 || k > 4096) {
    std::fprintf(stderr, "matmul_reference: sizes must be 1..4096\n");
    return 2;
  }
  Lcg rng{2026};
  std::vector<float> a(static_cast<size_t>(m * k)), b(static_cast<size_t>(k * n));
  for (float& x : a) x = rng.next();
  for (float& x : b) x = rng.next();
  std::vector<float> c(static_cast<size_t>(m * n));
  for (long row = 0; row < m; ++row)
    for (long col = 0; col < n; ++col) {
      double sum = 0;  // exact for these inputs; double leaves no doubt
      for (long i = 0; i < k; ++i)
        sum += static_cast<double>(a[row * k + i]) * static_cast<double>(b[i * n + col]);
      c[row * n + col] = static_cast<float>(sum);
    }
  if (!write(dir + "/matmul_a.bin", a) || !write(dir + "/matmul_b.bin", b) ||
      !write(dir + "/matmul_c_expected.bin", c)) {
    std::fprintf(stderr, "matmul_reference: cannot write to %s\n", dir.c_str());
    return 1;
  }
  return 0;
}
