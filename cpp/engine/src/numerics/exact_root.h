#pragma once
// Roots for the step-size controllers computed with +, −, × and ÷ only, which IEEE 754 rounds
// correctly everywhere: std::pow comes from each platform's math library (glibc natively,
// Emscripten's musl in wasm) and may differ in its last bit, and one such bit in a step size was
// enough for the same run to take 710 Rosenbrock steps natively and 695 in wasm. With these, a law
// that itself needs no math library (Coulomb, Drake's polynomial Stribeck curve) takes the same
// steps on every platform.

#include <cmath>

namespace friction {

/// x^(1/n) for x > 0 and n ≥ 1 (x itself for x ≤ 0, infinite or NaN): frexp's exact split
/// x = m·2^e gives a first guess within a factor 2 of the root, then Newton's iteration
/// y ← y − (yⁿ − x)/(n yⁿ⁻¹) converges quadratically; eight steps reach the last bit from there.
inline double exactRoot(double x, int n) {
  if (!(x > 0) || !std::isfinite(x) || n == 1) return x;
  int exponent = 0;
  std::frexp(x, &exponent);
  // 2^(e/n) rounded down to a power of two: within a factor 2 of x^(1/n) (frexp and ldexp are exact).
  const int quotient = exponent >= 0 ? exponent / n : -((-exponent + n - 1) / n);
  double y = std::ldexp(1.0, quotient);
  for (int iteration = 0; iteration < 60; ++iteration) {
    double power = 1;  // yⁿ⁻¹
    for (int k = 1; k < n; ++k) power *= y;
    const double next = y - (power * y - x) / (n * power);
    if (next == y) break;
    y = next;
  }
  return y;
}

/// xⁿ for an integer n ≥ 0, by repeated multiplication.
inline double integerPower(double x, int n) {
  double out = 1;
  for (int k = 0; k < n; ++k) out *= x;
  return out;
}

}  // namespace friction
