#pragma once
// LU factorisation with partial pivoting of a small fixed-size matrix, in place, and its solve.
// The implicit methods factor a 4×4 (Rosenbrock) or 12×12 (Radau IIA) iteration matrix once per
// step; at these sizes a fixed-size loop on the stack beats a general library's dispatch, and
// needs no allocation.

#include <array>
#include <cmath>
#include <cstddef>
#include <utility>

namespace friction {

template <std::size_t N>
class DenseLu {
 public:
  /// Factors `a` (rows of N), replacing it by L and U: P·A = L·U with whole rows swapped.
  explicit DenseLu(const std::array<std::array<double, N>, N>& a) : lu_(a) {
    for (std::size_t k = 0; k < N; ++k) {
      std::size_t best = k;
      for (std::size_t i = k + 1; i < N; ++i)
        if (std::fabs(lu_[i][k]) > std::fabs(lu_[best][k])) best = i;
      pivot_[k] = best;
      if (best != k) std::swap(lu_[k], lu_[best]);
      for (std::size_t i = k + 1; i < N; ++i) {
        lu_[i][k] /= lu_[k][k];
        for (std::size_t j = k + 1; j < N; ++j) lu_[i][j] -= lu_[i][k] * lu_[k][j];
      }
    }
  }

  /// x with A x = b: permute b, then forward and back substitution.
  std::array<double, N> solve(std::array<double, N> b) const {
    for (std::size_t k = 0; k < N; ++k) std::swap(b[k], b[pivot_[k]]);
    for (std::size_t k = 0; k < N; ++k)
      for (std::size_t i = k + 1; i < N; ++i) b[i] -= lu_[i][k] * b[k];
    for (std::size_t k = N; k-- > 0;) {
      for (std::size_t j = k + 1; j < N; ++j) b[k] -= lu_[k][j] * b[j];
      b[k] /= lu_[k][k];
    }
    return b;
  }

 private:
  std::array<std::array<double, N>, N> lu_;
  std::array<std::size_t, N> pivot_{};
};

}  // namespace friction
