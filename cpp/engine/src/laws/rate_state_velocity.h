#pragma once
// The slip velocity at which rate-and-state friction takes a given value μ at a fixed state: the closed-form
// inverse of μ(v) that the quasi-static slider uses instead of a Newton iteration (rsf and rate-state).

#include <cmath>

namespace friction {

// Inverting the two forms of μ(v) at a fixed state term Ψ (Dieterich 1979; Ruina 1983; Rice & Ben-Zion 1996):
//   classic      μ = Ψ + a ln(v/V*)                     ⇒  v = V* e^((μ − Ψ)/a)            (v > 0, its
//   branch) regularized  μ = a asinh(v/s),  s = 2V* e^(−Ψ/a)    ⇒  v = s sinh(μ/a)
//                                                          = V* (e^((μ − Ψ)/a) − e^(−(μ + Ψ)/a))
// The regularized inverse uses s·sinh(μ/a) where both factors are normal doubles (relative error a few ulp),
// and otherwise its larger exponential alone: there the other one is below e^(−2|μ|/a) < e^(−1400) of it.
inline double rateStateVelocity(double mu, double psi, double a, double Vstar, bool regularized) {
  if (!regularized) return Vstar * std::exp((mu - psi) / a);
  const double scale = 2 * Vstar * std::exp(-psi / a), ratio = mu / a;
  if (scale > 1e-290 && std::isfinite(scale) && std::fabs(ratio) < 700) return scale * std::sinh(ratio);
  const double magnitude = Vstar * std::exp((std::fabs(mu) - psi) / a);
  return mu < 0 ? -magnitude : magnitude;
}

}  // namespace friction
