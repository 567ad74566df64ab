// Cube face reprojection (image_cube.h).
#include "image_cube.h"

#include <cmath>

namespace gcn {
namespace img {

namespace {

// The direction through face coordinates (sc, tc) at distance 1.
void direction(unsigned face, double sc, double tc, double d[3]) {
  switch (face) {
    case 0:  // +X: sc = -z, tc = -y
      d[0] = 1, d[1] = -tc, d[2] = -sc;
      break;
    case 1:  // -X: sc = z, tc = -y
      d[0] = -1, d[1] = -tc, d[2] = sc;
      break;
    case 2:  // +Y: sc = x, tc = z
      d[0] = sc, d[1] = 1, d[2] = tc;
      break;
    case 3:  // -Y: sc = x, tc = -z
      d[0] = sc, d[1] = -1, d[2] = -tc;
      break;
    case 4:  // +Z: sc = x, tc = -y
      d[0] = sc, d[1] = -tc, d[2] = 1;
      break;
    default:  // -Z: sc = -x, tc = -y
      d[0] = -sc, d[1] = -tc, d[2] = -1;
      break;
  }
}

// V_CUBEID's face and V_CUBESC/TC/MA's coordinates of a direction.
unsigned project(const double d[3], double* sc, double* tc, double* ma) {
  const double ax = std::fabs(d[0]), ay = std::fabs(d[1]), az = std::fabs(d[2]);
  if (az >= ax && az >= ay) {
    *ma = az;
    *tc = -d[1];
    *sc = d[2] < 0 ? -d[0] : d[0];
    return d[2] < 0 ? 5 : 4;
  }
  if (ay >= ax) {
    *ma = ay;
    *sc = d[0];
    *tc = d[1] < 0 ? -d[2] : d[2];
    return d[1] < 0 ? 3 : 2;
  }
  *ma = ax;
  *tc = -d[1];
  *sc = d[0] < 0 ? d[2] : -d[2];
  return d[0] < 0 ? 1 : 0;
}

int64_t clamp_index(double u, unsigned n) {
  const double k = std::floor(u * n);
  return k < 0 ? 0 : (k > n - 1.0 ? n - 1 : static_cast<int64_t>(k));
}

}  // namespace

CubeTexel cube_texel(unsigned face, int64_t i, int64_t j, unsigned w, unsigned h) {
  CubeTexel t;
  t.face = face;
  t.i = i;
  t.j = j;
  if (i >= 0 && j >= 0 && i < int64_t{w} && j < int64_t{h}) return t;
  const double sc = 2.0 * (static_cast<double>(i) + 0.5) / w - 1.0;
  const double tc = 2.0 * (static_cast<double>(j) + 0.5) / h - 1.0;
  double d[3];
  direction(face, sc, tc, d);
  double s2, t2, ma;
  t.face = project(d, &s2, &t2, &ma);
  t.i = clamp_index((s2 / ma + 1.0) / 2.0, w);
  t.j = clamp_index((t2 / ma + 1.0) / 2.0, h);
  return t;
}

}  // namespace img
}  // namespace gcn
