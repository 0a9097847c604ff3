#pragma once
// The θ model's contact (S. Abbott's "Friction" app after V. L. Popov, Contact Mechanics and
// Friction, Ch. 12, in SI units): its parameters, declared once for the `state-variable` law and the
// `state-variable` model that runs it on the spring-block, and the pure functions of its friction and
// its state θ (1 = fully aged, 0 = fully renewed).
//
//   Fk(v)    = max(0, μk Fn (1 + a|v| + b (v − v0)²))
//   F(v, θ)  = Fk(v) + (μs Fn − Fk(v)) θ
//   dθ/dt    = (1 − θ)/τ − |v|/D        (renewal 0, the seed's)   or   (1 − θ)/τ − θ|v|/D   (renewal 1)
//              held at 0 where θ has reached 0 and would fall further
//   at rest    θ(t0 + s) = 1 − (1 − θ(t0)) e^(−s/τ)

#include <cmath>

#include "friction/catalog.h"

namespace friction {

struct ThetaContact {
  double mus;      ///< static coefficient μs (θ = 1) [-]
  double muk;      ///< kinetic coefficient μk (θ = 0), before its velocity terms [-]
  double tau;      ///< ageing time τ [s]
  double D;        ///< memory (renewal) length D [m]
  double renewal;  ///< 0: dθ/dt = (1 − θ)/τ − |v|/D; 1: (1 − θ)/τ − θ|v|/D
  double a;        ///< linear velocity coefficient of Fk [s/m]
  double b;        ///< quadratic velocity coefficient of Fk about v0 [s²/m²]
  double v0;       ///< the velocity the quadratic term is centred on: the drive's [m/s]
};

inline constexpr ParamSpec kThetaMusSpec = {
    "mus",
    "μs",
    "Static friction coefficient",
    "",
    0.6,
    0.0,
    2.0,
    0.01,
    Scale::Linear,
    "Fs = μs·Fn is the friction of a fully aged contact (θ = 1), and the static limit at rest."};
inline constexpr ParamSpec kThetaMukSpec = {
    "muk",
    "μk",
    "Kinetic friction coefficient",
    "",
    0.4,
    0.0,
    2.0,
    0.01,
    Scale::Linear,
    "Fk0 = μk·Fn is the kinetic friction of a fully renewed contact (θ = 0), before velocity terms."};
inline constexpr ParamSpec kThetaTauSpec = {
    "tau",         "τ",
    "Ageing time", "s",
    0.2,           1e-4,
    100.0,         0.001,
    Scale::Log,    "Relaxation time of θ towards 1 at rest: how fast a contact strengthens while it sticks."};
inline constexpr ParamSpec kThetaMemorySpec = {
    "D",
    "D",
    "Memory length",
    "m",
    1e-3,
    1e-7,
    1.0,
    1e-5,
    Scale::Log,
    "Slip distance that renews a contact: θ falls at the rate |v|/D while sliding. Steady "
    "sliding keeps some static part (θ > 0) only below v = D/τ."};
inline constexpr ParamSpec kThetaRenewalSpec = {
    "renewal",
    "law",
    "Renewal law",
    "",
    0,
    0,
    1,
    1,
    Scale::Linear,
    "0: dθ/dt = (1 − θ)/τ − |v|/D, the seed's; 1: (1 − θ)/τ − θ|v|/D, the Dieterich-like variant, whose "
    "steady state θ = 1/(1 + τ|v|/D) never reaches 0.",
    {},
    ParamKind::Integer};
inline constexpr ParamSpec kThetaLinearSpec = {
    "a",
    "a",
    "Linear velocity coefficient",
    "s/m",
    0.0,
    -10.0,
    10.0,
    0.05,
    Scale::Linear,
    "Fk(v) = μk·Fn·(1 + a|v| + b(v − v0)²), floored at 0. Negative a: velocity weakening."};
inline constexpr ParamSpec kThetaQuadraticSpec = {
    "b",
    "b",
    "Quadratic velocity coefficient",
    "s²/m²",
    0.0,
    -100.0,
    100.0,
    0.5,
    Scale::Linear,
    "Curvature of Fk(v) about the drive velocity v0; it has no slope at v0."};

/// Fk(v)/(μk Fn) = max(0, 1 + a|v| + b (v − v0)²): the kinetic factor (the seed's Fk/Fk0).
inline double thetaKineticFactor(const ThetaContact& p, double v) {
  const double dv = v - p.v0;
  return std::fmax(0.0, 1 + p.a * std::fabs(v) + p.b * (dv * dv));
}

/// F(v, θ) = Fk(v) + (μs Fn − Fk(v)) θ: the friction magnitude with normal force Fn.
inline double thetaFriction(const ThetaContact& p, double Fn, double v, double theta) {
  const double kinetic = p.muk * Fn * thetaKineticFactor(p, v);
  return kinetic + (p.mus * Fn - kinetic) * theta;
}

/// dθ/dt at slip speed |v|, held at 0 where θ has reached its floor and would fall further.
inline double thetaRate(const ThetaContact& p, double speed, double theta) {
  const double renewal = p.renewal == 1 ? theta * speed / p.D : speed / p.D;
  const double rate = (1 - theta) / p.tau - renewal;
  return theta <= 0 && rate < 0 ? 0.0 : rate;
}

/// θ in steady sliding at speed |v|: max(0, 1 − τ|v|/D), or 1/(1 + τ|v|/D) for the variant.
inline double thetaSteady(const ThetaContact& p, double speed) {
  return p.renewal == 1 ? 1 / (1 + p.tau * speed / p.D) : std::fmax(0.0, 1 - p.tau * speed / p.D);
}

/// θ after resting for dt from θ: 1 − (1 − θ) e^(−dt/τ).
inline double thetaAtRest(const ThetaContact& p, double theta, double dt) {
  return 1 - (1 - theta) * std::exp(-dt / p.tau);
}

}  // namespace friction
