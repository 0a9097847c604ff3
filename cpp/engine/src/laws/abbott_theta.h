#pragma once
// The seed app's law (Abbott, after Popov Ch. 12) per unit normal force, `abbott-theta`:
//   μk(v) = max(0, μk (1 + a|v| + b (v − v0)²)),   μ = μk(v) + (μs − μk(v)) θ
// with θ given, or at its steady state θ_ss = clamp(1 − τ|v|/D, 0, 1) of dθ/dt = (1 − θ)/τ − |v|/D.
// Here, not in laws_textbook.cpp alone, so that the seed's scheme (system/fixed_step_loop.cpp) runs it
// inline: a call per 1 ms step through the law's function pointer made the compiler store the loop's
// state around every step, a third of the loop's time.

#include <algorithm>
#include <cmath>

#include "friction/parameters.h"

namespace friction {

struct AbbottThetaParams {
  double mus, muk, va, vb, v0, tau, D;
  double tauOverD;  // [s/m] τ/D, worked out once when bound: θ_ss needs no division per evaluation
};

/// The law's parameters from its resolved values (its catalog fields, laws_textbook.cpp), with τ/D.
AbbottThetaParams abbottThetaParams(const ResolvedParams& resolved);

/// μ at slip velocity v with the contact state θ given (θ ≥ 0) or at its steady state (θ < 0).
inline double abbottMu(const AbbottThetaParams& p, double v, double givenTheta) {
  const double speed = std::fabs(v), dv = v - p.v0;
  const double kinetic = std::max(0.0, p.muk * (1 + p.va * speed + p.vb * (dv * dv)));  // the seed's order
  const double theta = givenTheta >= 0 ? givenTheta : std::clamp(1 - p.tauOverD * speed, 0.0, 1.0);
  // Sliding with θ = 0 (at steady state, |v| ≥ D/τ) the blend adds (μs − μk(v))·0 = ±0 to μk(v):
  // the same value for finite μk(v), without three operations on the seed's scheme's chain of
  // dependent operations from one step's v to the next (v → μ → v'; natively the loop then takes 0.85
  // of its time).
  if (theta == 0 && std::isfinite(kinetic)) return kinetic;
  return kinetic + (p.mus - kinetic) * theta;
}

}  // namespace friction
