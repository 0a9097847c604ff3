#pragma once
// Small 3-vector helpers for the vector-form laws.

#include <cmath>

#include "friction/laws.h"

namespace friction {

inline double dot(const Vec3& a, const Vec3& b) { return a[0] * b[0] + a[1] * b[1] + a[2] * b[2]; }
inline Vec3 scaled(const Vec3& a, double s) { return {a[0] * s, a[1] * s, a[2] * s}; }
inline Vec3 sum(const Vec3& a, const Vec3& b) { return {a[0] + b[0], a[1] + b[1], a[2] + b[2]}; }
inline double norm(const Vec3& a) { return std::sqrt(dot(a, a)); }

/// The tangential part (I − n⊗n) a, written as a − (a·n) n (Ratel's and Drake's projection).
inline Vec3 tangential(const Vec3& a, const Vec3& n) { return sum(a, scaled(n, -dot(a, n))); }

}  // namespace friction
