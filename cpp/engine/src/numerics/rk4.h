#pragma once
// Classical fourth-order Runge-Kutta for a fixed-size state; knows nothing about friction.

#include <array>
#include <cstddef>

namespace friction {

template <std::size_t N>
using Vec = std::array<double, N>;

/// y + h·k, component-wise.
template <std::size_t N>
Vec<N> axpy(const Vec<N>& y, double h, const Vec<N>& k) {
  Vec<N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = y[i] + h * k[i];
  return out;
}

/// One RK4 step of size h from (t, y) for dy/dt = rate(t, y), with k₁ = f(t, y) given:
///   y₁ = y + h/6 (k₁ + 2k₂ + 2k₃ + k₄).
template <std::size_t N, class Rate>
Vec<N> rk4Step(const Rate& rate, double t, const Vec<N>& y, double h, const Vec<N>& k1) {
  const Vec<N> k2 = rate(t + h / 2, axpy(y, h / 2, k1));
  const Vec<N> k3 = rate(t + h / 2, axpy(y, h / 2, k2));
  const Vec<N> k4 = rate(t + h, axpy(y, h, k3));
  Vec<N> out;
  for (std::size_t i = 0; i < N; ++i) out[i] = y[i] + h / 6 * (k1[i] + 2 * k2[i] + 2 * k3[i] + k4[i]);
  return out;
}

/// The same step, evaluating k₁ = f(t, y) itself.
template <std::size_t N, class Rate>
Vec<N> rk4Step(const Rate& rate, double t, const Vec<N>& y, double h) {
  return rk4Step(rate, t, y, h, rate(t, y));
}

/// Locates where f leaves its value at a for the sign of f(b) on [a, b]: given fa = f(a) ≤ 0 < fb
/// or fa ≥ 0 > fb (fa may be 0, fb may be 0), by the Illinois variant of regula falsi. Returns a point
/// at which f already has fb's sign (or is 0 = fb), within `tolerance` past the crossing.
template <class F>
double findCrossing(const F& f, double a, double fa, double b, double fb, double tolerance) {
  if (fb == 0) return b;
  int side = 0;
  for (int iteration = 0; iteration < 200 && b - a > tolerance; ++iteration) {
    double m = (fa * b - fb * a) / (fa - fb);
    // Fall back to bisection when the secant lands on (or outside) the bracket's edge.
    if (!(m > a && m < b)) m = 0.5 * (a + b);
    const double fm = f(m);
    // Only points strictly on fb's side replace b, so f(b) keeps that sign (zeros go to a).
    if (fm != 0 && (fm > 0) == (fb > 0)) {
      b = m;
      fb = fm;
      if (side == -1) fa /= 2;  // Illinois: halve the value at the end that stayed put
      side = -1;
    } else {
      a = m;
      fa = fm;
      if (side == +1) fb /= 2;
      side = +1;
    }
  }
  return b;
}

}  // namespace friction
