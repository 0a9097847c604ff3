#pragma once
// The steady friction force of each catalog law as a closed form in the fit layer, with its gradient in
// the law's parameters (issue 27): what a curve fit and an export's conversion evaluate at every point.
//
// Why a copy of the laws' equations: a curve fit evaluates the law thousands of times per start. Through
// LawEvaluator each evaluation built a parameter list and resolved it, and Levenberg–Marquardt took k + 1
// evaluations per Jacobian by finite differences; here one pass gives F and ∂F/∂p at every point, with
// no allocation. And it computes with portable_math.h's exp and log, so that a fit gives the same bits
// natively and in wasm (the C library's do not). The laws stay the reference: tests/native/
// fit_models_test.cpp holds every model to the law's own forceMagnitude (1e-13 relative over random
// parameters and speeds) and every gradient to central differences of it.
//
// The law's steady force F(v) for a speed v ≥ 0 and normal force N is forceMagnitude(v, N), except for
// the OpenRadioss laws, whose forceMagnitude with Iform 1 is the contact's viscous penalty
// min(C·V, μ|Fn|): their friction law is μ(V)·N (the penalty belongs to the contact, /INTER; issue 27).

#include <string_view>
#include <vector>

#include "friction/laws.h"

namespace friction::fitting {

/// A law's steady force F(v; p) [N] at speed v ≥ 0 with normal force N, and optionally its gradient:
/// gradient[k] = ∂F/∂p_k for every parameter of the law in catalog order (0 for switches, lists and
/// parameters the steady force does not read); the caller zeroes it first.
using SteadyForce = double (*)(const ResolvedParams& params, double v, double N, double* gradient);

/// The closed form of law `id`, or nullptr if it has none.
SteadyForce steadyForceOf(std::string_view id);

/// True for a law whose forceMagnitude holds a contact regularisation beside its friction law (the
/// OpenRadioss laws' Iform penalty): its friction law is its coefficient μ(V)·N.
bool regularisesContact(const LawSpec& law);

/// The law's steady friction force at speed |v| with normal force N: the closed form where the law has
/// one, else forceMagnitude (μ(V)·N for the laws that regularise the contact). Bound to one law once.
class SteadyCurve {
 public:
  explicit SteadyCurve(const LawEvaluator& law);
  double operator()(double v, double N) const;

 private:
  const LawEvaluator* law_;
  SteadyForce model_;
  bool contact_;
};

/// The parameters of `law` that belong to the contact's regularisation, not to its friction law (the
/// OpenRadioss laws' Iform, VISF, K, M, Ifiltr, Xfreq); empty for the others.
std::vector<std::string_view> contactParameters(const LawSpec& law);

}  // namespace friction::fitting
