// The laws' steady friction forces in closed form, with their gradients (steady_curves.h). Each model
// follows its law's own code (cited beside it) branch for branch, with portable_math.h's exp and log;
// the parameters are read by their index in the law's catalog entry, which kModels checks against the
// catalog's keys once.

#include "fit/steady_curves.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "fit/portable_math.h"

namespace friction::fitting {
namespace {

namespace pm = portable;

/// Adds `value` to gradient[index] when a gradient is wanted.
inline void put(double* gradient, int index, double value) {
  if (gradient != nullptr) gradient[index] = value;
}

// ---- Textbook (laws_textbook.cpp, theta_contact.h) ----

// coulomb: μ = μk for v ≠ 0, μs at v = 0; F = μ·N.   [mu_s, mu_k]
double coulomb(const ResolvedParams& r, double v, double N, double* g) {
  const int index = v == 0 ? 0 : 1;
  put(g, index, N);
  return r.values[index] * N;
}

// abbott-theta: μk(v) = max(0, μk(1 + a|v| + b(v − v0)²)), θ = clamp(1 − τ|v|/D, 0, 1),
// μ = μk(v) + (μs − μk(v))θ; F = μ·N.   [mus, muk, va, vb, v0, tau, D]
double abbottTheta(const ResolvedParams& r, double v, double N, double* g) {
  const double mus = r.values[0], muk = r.values[1], va = r.values[2], vb = r.values[3], v0 = r.values[4],
               tau = r.values[5], D = r.values[6];
  const double dv = v - v0, inner = 1 + va * v + vb * (dv * dv);
  const double kinetic = std::max(0.0, muk * inner);
  const double ramp = 1 - tau * v / D, theta = std::clamp(ramp, 0.0, 1.0);
  const double mu = kinetic + (mus - kinetic) * theta;
  if (g != nullptr) {
    const double perKinetic = muk * inner > 0 ? (1 - theta) * N : 0.0;
    const double perTheta = ramp > 0 && ramp < 1 ? (mus - kinetic) * N : 0.0;
    g[0] = theta * N;
    g[1] = perKinetic * inner;
    g[2] = perKinetic * muk * v;
    g[3] = perKinetic * muk * dv * dv;
    g[4] = perKinetic * muk * vb * -2 * dv;
    g[5] = perTheta * -v / D;
    g[6] = perTheta * tau * v / (D * D);
  }
  return mu * N;
}

// state-variable: Fk = μk·N·max(0, 1 + a|v| + b(v − v0)²), F = Fk + (μs·N − Fk)θ with θ its steady
// state max(0, 1 − τ|v|/D), or 1/(1 + τ|v|/D) for renewal 1.   [mus, muk, tau, D, renewal, a, b, v0]
double stateVariable(const ResolvedParams& r, double v, double N, double* g) {
  const double mus = r.values[0], muk = r.values[1], tau = r.values[2], D = r.values[3],
               renewal = r.values[4], a = r.values[5], b = r.values[6], v0 = r.values[7];
  const double dv = v - v0, inner = 1 + a * std::fabs(v) + b * (dv * dv), factor = std::fmax(0.0, inner);
  const double kinetic = muk * N * factor, w = tau * v / D;
  const double theta = renewal == 1 ? 1 / (1 + w) : std::fmax(0.0, 1 - w);
  if (g != nullptr) {
    const double perFactor = inner > 0 ? muk * N * (1 - theta) : 0.0;
    // dθ/dw: −θ² (renewal 1), −1 on the ramp (renewal 0), 0 where θ is floored.
    const double perW = (mus * N - kinetic) * (renewal == 1 ? -theta * theta : (1 - w > 0 ? -1.0 : 0.0));
    g[0] = N * theta;
    g[1] = N * factor * (1 - theta);
    g[2] = perW * v / D;
    g[3] = perW * -w / D;
    g[5] = perFactor * std::fabs(v);
    g[6] = perFactor * dv * dv;
    g[7] = perFactor * b * -2 * dv;
  }
  return kinetic + (mus * N - kinetic) * theta;
}

// ---- Ratel (laws_ratel.cpp): forceMagnitude is the norm of the force vector ----

// ratel-coulomb: F = μk|N| + Fv·v while sliding, 0 at rest (no external force).   [kinetic, viscous]
double ratelCoulomb(const ResolvedParams& r, double v, double N, double* g) {
  if (!(v > 0)) return 0;
  put(g, 0, std::fabs(N));
  put(g, 1, v);
  return r.values[0] * std::fabs(N) + r.values[1] * v;
}

// ratel-threlfall: F_C(1 − e^(−3v/v0))/(1 − e^(−3)) up to v0, F_C + Fv(v − v0) above, F_C = μk|N|.
// [kinetic, viscous, tolerance_velocity]
double ratelThrelfall(const ResolvedParams& r, double v, double N, double* g) {
  if (!(v > 0)) return 0;
  const double kinetic = r.values[0], viscous = r.values[1], v0 = r.values[2], FC = kinetic * std::fabs(N);
  if (v <= v0) {
    const double decay = pm::exp(-3 * v / v0), norm = 1 / (1 - pm::exp(-3.0));
    put(g, 0, std::fabs(N) * (1 - decay) * norm);
    put(g, 2, -FC * norm * decay * 3 * v / (v0 * v0));
    return FC * (1 - decay) / (1 - pm::exp(-3.0));
  }
  put(g, 0, std::fabs(N));
  put(g, 1, v - v0);
  put(g, 2, -viscous);
  return FC + viscous * (v - v0);
}

// ---- Drake (laws_drake.cpp): μ·N for N > 0 and a slip above 1e-14 m/s ----

double step5(double x) {
  const double x3 = x * x * x;
  return x3 * (10 + x * (6 * x - 15));
}
double step5Slope(double x) { return 30 * x * x * (1 - x) * (1 - x); }

// drake-stribeck: x = v/vs; μd for x ≥ 3, μs − (μs − μd)·step5((x − 1)/2) for 1 ≤ x < 3, μs·step5(x)
// below.   [static_friction, dynamic_friction, stiction_tolerance]
double drakeStribeck(const ResolvedParams& r, double v, double N, double* g) {
  if (!(N > 0) || !(v * v > 1e-14 * 1e-14)) return 0;
  const double mus = r.values[0], mud = r.values[1], vs = r.values[2];
  const double x = v * (1 / vs), dxdvs = -x / vs;
  if (x >= 3) {
    put(g, 1, N);
    return mud * N;
  }
  if (x >= 1) {
    const double y = (x - 1) / 2, q = step5(y);
    put(g, 0, (1 - q) * N);
    put(g, 1, q * N);
    put(g, 2, -(mus - mud) * step5Slope(y) * 0.5 * dxdvs * N);
    return (mus - (mus - mud) * q) * N;
  }
  put(g, 0, step5(x) * N);
  put(g, 2, mus * step5Slope(x) * dxdvs * N);
  return mus * step5(x) * N;
}

// ---- OpenRadioss (laws_radioss.cpp frictionMu, at p = 0): μ(V)·N, V = √max(1e-30, v²) ----

// max(μ, 1e-30) as std::max has it (a NaN μ passes through).
double floorMu(double mu, double* g, int count, double N) {
  if (!(mu < 1e-30)) return mu * N;
  if (g != nullptr) std::fill(g, g + count, 0.0);  // the floor: no parameter moves μ
  return 1e-30 * N;
}

// radioss-coulomb (Ifric 0): μ = Fric, no floor.   [Fric, contact…]
double radiossCoulomb(const ResolvedParams& r, double, double N, double* g) {
  put(g, 0, N);
  return r.values[0] * N;
}

// radioss-generalized-viscous (Ifric 1): μ = Fric + C2·V + C5·v² at p = 0.   [Fric, C1…C5, contact…]
double radiossViscous(const ResolvedParams& r, double v, double N, double* g) {
  const double V2 = v * v, V = std::sqrt(std::max(1e-30, V2)), p = 0;
  const double* c = r.values.data();
  const double mu = c[0] + (c[1] + c[4] * p) * p + (c[2] + c[3] * p) * V + c[5] * V2;
  put(g, 0, N);
  put(g, 2, V * N);
  put(g, 5, V2 * N);
  return floorMu(mu, g, 6, N);
}

// radioss-darmstad (Ifric 2): μ = Fric + C1e^(C2V)p² + C3e^(C4V)p + C5e^(C6V) at p = 0.
// [Fric, C1…C6, contact…]
double radiossDarmstad(const ResolvedParams& r, double v, double N, double* g) {
  const double V = std::sqrt(std::max(1e-30, v * v)), p = 0;
  const double* c = r.values.data();
  const double last = pm::exp(c[6] * V);
  const double mu = c[0] + c[1] * pm::exp(c[2] * V) * p * p + c[3] * pm::exp(c[4] * V) * p + c[5] * last;
  put(g, 0, N);
  put(g, 5, last * N);
  put(g, 6, c[5] * V * last * N);
  return floorMu(mu, g, 7, N);
}

// radioss-renard (Ifric 3): a parabola from C1 to C3 at C5, a smooth step to C4 at C6, then
// C2 − D/(1 + D(V − C6)²) with D = C2 − C4.   [C1…C6, contact…]
double radiossRenard(const ResolvedParams& r, double v, double N, double* g) {
  const double V = std::sqrt(std::max(1e-30, v * v));
  const double C1 = r.values[0], C2 = r.values[1], C3 = r.values[2], C4 = r.values[3], C5 = r.values[4],
               C6 = r.values[5];
  double mu = 0;
  if (V <= C5) {
    const double x = V / C5, h = x * (2 - x);
    mu = C1 + (C3 - C1) * h;
    put(g, 0, (1 - h) * N);
    put(g, 2, h * N);
    put(g, 4, (C3 - C1) * (2 - 2 * x) * (-x / C5) * N);
  } else if (V < C6) {
    const double x = (V - C5) / (C6 - C5), h = (3 - 2 * x) * x * x, slope = 6 * x * (1 - x);
    mu = C3 + (C4 - C3) * h;
    put(g, 2, (1 - h) * N);
    put(g, 3, h * N);
    put(g, 4, (C4 - C3) * slope * (x - 1) / (C6 - C5) * N);
    put(g, 5, (C4 - C3) * slope * -x / (C6 - C5) * N);
  } else {
    const double D = C2 - C4, w = V - C6, denominator = 1 + D * w * w;
    mu = C2 - D / (1 + D * (V - C6) * (V - C6));
    const double inverseSquare = 1 / (denominator * denominator);
    put(g, 1, (1 - inverseSquare) * N);
    put(g, 3, inverseSquare * N);
    put(g, 5, -2 * D * D * w * inverseSquare * N);
  }
  return floorMu(mu, g, 6, N);
}

// radioss-exponential (Ifric 4): μ = C1 + (Fric − C1)e^(−C2·V).   [Fric, C1, C2, contact…]
double radiossExponential(const ResolvedParams& r, double v, double N, double* g) {
  const double V = std::sqrt(std::max(1e-30, v * v));
  const double Fric = r.values[0], C1 = r.values[1], C2 = r.values[2], decay = pm::exp(-C2 * V);
  put(g, 0, decay * N);
  put(g, 1, (1 - decay) * N);
  put(g, 2, -(Fric - C1) * V * decay * N);
  return floorMu(C1 + (Fric - C1) * decay, g, 3, N);
}

// ---- OpenSees (laws_opensees.cpp): μN for N > 0, else 0 ----

// opensees-coulomb: μ = mu.   [mu]
double openSeesCoulomb(const ResolvedParams& r, double, double N, double* g) {
  if (!(N > 0)) return 0;
  put(g, 0, N);
  return r.values[0] * N;
}

// The blend μ = μfast − (μfast − μslow)e^(−a·v) and its partial derivatives (slow, fast, a).
struct Blend {
  double mu, perSlow, perFast, perRate;
};
Blend blend(double muSlow, double muFast, double rate, double v) {
  const double decay = pm::exp(-rate * v);
  return {muFast - (muFast - muSlow) * decay, decay, 1 - decay, (muFast - muSlow) * v * decay};
}

// opensees-veldependent.   [muSlow, muFast, transRate]
double openSeesVelDependent(const ResolvedParams& r, double v, double N, double* g) {
  if (!(N > 0)) return 0;
  const Blend b = blend(r.values[0], r.values[1], r.values[2], v);
  put(g, 0, b.perSlow * N);
  put(g, 1, b.perFast * N);
  put(g, 2, b.perRate * N);
  return b.mu * N;
}

// opensees-velpressuredep: μfast = μfast0 − Δμ·tanh(α·N/A) (N > 0).
// [muSlow, muFast0, A, deltaMu, alpha, transRate]
double openSeesVelPressureDep(const ResolvedParams& r, double v, double N, double* g) {
  if (!(N > 0)) return 0;
  const double muSlow = r.values[0], muFast0 = r.values[1], A = r.values[2], deltaMu = r.values[3],
               alpha = r.values[4], rate = r.values[5];
  const double t = pm::tanh(alpha * N / A), slope = 1 - t * t;
  const Blend b = blend(muSlow, muFast0 - deltaMu * t, rate, v);
  put(g, 0, b.perSlow * N);
  put(g, 1, b.perFast * N);
  put(g, 2, b.perFast * deltaMu * slope * alpha * N / (A * A) * N);
  put(g, 3, b.perFast * -t * N);
  put(g, 4, b.perFast * -deltaMu * slope * N / A * N);
  put(g, 5, b.perRate * N);
  return b.mu * N;
}

// opensees-veldepmultilinear: piecewise linear μ(v) through (vel, frn), extrapolated, as a fresh model's
// segment search from segment 0 finds it. Lists only: no gradient.   [vel, frn]
double openSeesMultiLinear(const ResolvedParams& r, double v, double N, double*) {
  if (!(N > 0)) return 0;
  const std::vector<double>&vel = r.lists[0], &frn = r.lists[1];
  const int last = static_cast<int>(vel.size()) - 2;
  int id = 0;
  while (v >= vel[static_cast<std::size_t>(id) + 1] && id < last) ++id;
  const auto i = static_cast<std::size_t>(id);
  const double slope = (frn[i + 1] - frn[i]) / (vel[i + 1] - vel[i]);
  return (frn[i] + slope * (v - vel[i])) * N;
}

// opensees-velnormalfrcdep: μslow = aSlow·N^(nSlow−1), μfast = aFast·N^(nFast−1), rate = α0 + α1N + α2N²,
// the blend, capped at maxMuFact·μfast.   [aSlow, nSlow, aFast, nFast, alpha0, alpha1, alpha2, maxMuFact]
double openSeesVelNormal(const ResolvedParams& r, double v, double N, double* g) {
  if (!(N > 0)) return 0;
  const double* p = r.values.data();
  const double powSlow = pm::pow(N, p[1] - 1), powFast = pm::pow(N, p[3] - 1), lnN = pm::log(N);
  const double muSlow = p[0] * powSlow, muFast = p[2] * powFast;
  const double rate = p[4] + p[5] * N + p[6] * N * N;
  const Blend b = blend(muSlow, muFast, rate, v);
  if (b.mu > p[7] * muFast) {
    put(g, 2, p[7] * powFast * N);
    put(g, 3, p[7] * muFast * lnN * N);
    put(g, 7, muFast * N);
    return p[7] * muFast * N;
  }
  put(g, 0, b.perSlow * powSlow * N);
  put(g, 1, b.perSlow * muSlow * lnN * N);
  put(g, 2, b.perFast * powFast * N);
  put(g, 3, b.perFast * muFast * lnN * N);
  put(g, 4, b.perRate * N);
  put(g, 5, b.perRate * N * N);
  put(g, 6, b.perRate * N * N * N);
  return b.mu * N;
}

// ---- Dynamic laws at their steady state (laws_dynamic.cpp, laws_rsf.cpp) ----

// lugre and elasto-plastic: F = Fc + (Fs − Fc)e^(−(v/vs)²) + σ2·v.   [sigma0, sigma1, sigma2, Fc, Fs, vs…]
double bristles(const ResolvedParams& r, double v, double, double* g) {
  const double sigma2 = r.values[2], Fc = r.values[3], Fs = r.values[4], vs = r.values[5];
  const double ratio = v / vs, decay = pm::exp(-ratio * ratio);
  put(g, 2, v);
  put(g, 3, 1 - decay);
  put(g, 4, decay);
  put(g, 5, (Fs - Fc) * decay * 2 * ratio * ratio / vs);
  return Fc + (Fs - Fc) * decay + sigma2 * v;
}

// dahl: F = Fc.   [sigma0, Fc, alpha]
double dahl(const ResolvedParams& r, double, double, double* g) {
  put(g, 1, 1.0);
  return r.values[1];
}

/// Rate-and-state at its steady state: μ from Ψ (the state's part), classic Ψ + a·ln(v/V*) or
/// regularized a·asinh(z), z = v/(2V*)·e^(Ψ/a) (computed as `regularizedZ` gives it); the partial
/// derivatives in Ψ, a and V* (V* through z and the log only; the caller adds its part in Ψ).
struct RateState {
  double mu, perPsi, perA, perVstar;
};
RateState rateStateMu(double psi, double a, double Vstar, double v, double z, bool regularized) {
  if (regularized && std::isfinite(z)) {
    // z/√(1 + z²), without overflow for large z.
    const double q = z > 1e150 ? 1 / std::sqrt(1 + (1 / z) * (1 / z)) : z / std::sqrt(1 + z * z);
    const double asinhZ = pm::asinh(z);
    return {a * asinhZ, q, asinhZ - q * psi / a, -a * q / Vstar};
  }
  const double logRatio = pm::log(v / Vstar);
  return {psi + a * logRatio, 1.0, logRatio, -a / Vstar};
}

// rate-state: θ = Dc/v, Ψ = μ0 + b·ln(V*θ/Dc).   [mu0, a, b, Vstar, Dc, evolution, form]
double rateState(const ResolvedParams& r, double v, double N, double* g) {
  const double mu0 = r.values[0], a = r.values[1], b = r.values[2], Vstar = r.values[3], Dc = r.values[4];
  const bool regularized = r.values[6] == 1;
  if (v == 0) return regularized ? 0.0 : std::nan("");
  const double logState = pm::log(Vstar * (Dc / v) / Dc), psi = mu0 + b * logState;
  const RateState m = rateStateMu(psi, a, Vstar, v, v / (2 * Vstar) * pm::exp(psi / a), regularized);
  put(g, 0, m.perPsi * N);
  put(g, 1, m.perA * N);
  put(g, 2, m.perPsi * logState * N);
  put(g, 3, (m.perVstar + m.perPsi * b / Vstar) * N);
  return m.mu * N;
}

// rsf: θᵢ = k·Dcᵢ/v (k = 2 for PRZ), Ψ = μ0 + Σ_{bᵢ>0} bᵢ·ln(V*θᵢ/(k·Dcᵢ)).
// [mu0, a, b1, Dc1, b2, Dc2, Vstar, evolution, c, alpha, form]
double rsf(const ResolvedParams& r, double v, double N, double* g) {
  const double mu0 = r.values[0], a = r.values[1], b1 = r.values[2], Dc1 = r.values[3], b2 = r.values[4],
               Dc2 = r.values[5], Vstar = r.values[6];
  const bool regularized = r.values[10] == 1;
  if (v == 0) return regularized ? 0.0 : std::nan("");
  const double k = r.values[7] == 2 ? 2.0 : 1.0;
  const double log1 = b1 > 0 ? pm::log(Vstar * (k * Dc1 / v) / (k * Dc1)) : 0.0;
  const double log2 = b2 > 0 ? pm::log(Vstar * (k * Dc2 / v) / (k * Dc2)) : 0.0;
  double psi = mu0;
  if (b1 > 0) psi += b1 * log1;
  if (b2 > 0) psi += b2 * log2;
  const double scale = 2 * Vstar * pm::exp(-psi / a);
  const double z = scale > 0 ? v / scale : std::numeric_limits<double>::infinity();
  const RateState m = rateStateMu(psi, a, Vstar, v, z, regularized);
  const double stateB = (b1 > 0 ? b1 : 0.0) + (b2 > 0 ? b2 : 0.0);
  put(g, 0, m.perPsi * N);
  put(g, 1, m.perA * N);
  put(g, 2, m.perPsi * log1 * N);
  put(g, 4, m.perPsi * log2 * N);
  put(g, 6, (m.perVstar + m.perPsi * stateB / Vstar) * N);
  return m.mu * N;
}

// ---- The table ----

struct Model {
  std::string_view law;
  SteadyForce force;
  std::vector<std::string_view> keys;  ///< the leading keys of the law's catalog entry, as read by index
};

const std::vector<Model>& models() {
  static const std::vector<Model> kModels = {
      {"coulomb", &coulomb, {"mu_s", "mu_k"}},
      {"abbott-theta", &abbottTheta, {"mus", "muk", "va", "vb", "v0", "tau", "D"}},
      {"state-variable", &stateVariable, {"mus", "muk", "tau", "D", "renewal", "a", "b", "v0"}},
      {"ratel-coulomb", &ratelCoulomb, {"kinetic", "viscous"}},
      {"ratel-threlfall", &ratelThrelfall, {"kinetic", "viscous", "tolerance_velocity"}},
      {"drake-stribeck", &drakeStribeck, {"static_friction", "dynamic_friction", "stiction_tolerance"}},
      {"radioss-coulomb", &radiossCoulomb, {"Fric"}},
      {"radioss-generalized-viscous", &radiossViscous, {"Fric", "C1", "C2", "C3", "C4", "C5"}},
      {"radioss-darmstad", &radiossDarmstad, {"Fric", "C1", "C2", "C3", "C4", "C5", "C6"}},
      {"radioss-renard", &radiossRenard, {"C1", "C2", "C3", "C4", "C5", "C6"}},
      {"radioss-exponential", &radiossExponential, {"Fric", "C1", "C2"}},
      {"opensees-coulomb", &openSeesCoulomb, {"mu"}},
      {"opensees-veldependent", &openSeesVelDependent, {"muSlow", "muFast", "transRate"}},
      {"opensees-velpressuredep",
       &openSeesVelPressureDep,
       {"muSlow", "muFast0", "A", "deltaMu", "alpha", "transRate"}},
      {"opensees-veldepmultilinear", &openSeesMultiLinear, {"vel", "frn"}},
      {"opensees-velnormalfrcdep",
       &openSeesVelNormal,
       {"aSlow", "nSlow", "aFast", "nFast", "alpha0", "alpha1", "alpha2", "maxMuFact"}},
      {"lugre", &bristles, {"sigma0", "sigma1", "sigma2", "Fc", "Fs", "vs"}},
      {"elasto-plastic", &bristles, {"sigma0", "sigma1", "sigma2", "Fc", "Fs", "vs", "z_ba"}},
      {"dahl", &dahl, {"sigma0", "Fc", "alpha"}},
      {"rate-state", &rateState, {"mu0", "a", "b", "Vstar", "Dc", "evolution", "form"}},
      {"rsf", &rsf, {"mu0", "a", "b1", "Dc1", "b2", "Dc2", "Vstar", "evolution", "c", "alpha", "form"}},
  };
  return kModels;
}

/// A model whose keys are not its law's leading catalog keys would read the wrong values: a mistake of
/// ours, caught the first time the table is used (and by the tests, which use every model).
void checkKeys(const Model& model) {
  const LawSpec& law = findLaw(model.law);
  const auto& params = law.spec.params;
  bool same = params.size() >= model.keys.size();
  for (std::size_t i = 0; same && i < model.keys.size(); ++i) same = params[i].key == model.keys[i];
  if (!same)
    throw std::logic_error("fit/steady_curves.cpp: the keys of " + std::string(model.law) +
                           " differ from its catalog entry");
}

}  // namespace

SteadyForce steadyForceOf(std::string_view id) {
  static const bool checked = [] {
    for (const Model& model : models()) checkKeys(model);
    return true;
  }();
  (void)checked;
  for (const Model& model : models())
    if (model.law == id) return model.force;
  return nullptr;
}

bool regularisesContact(const LawSpec& law) { return law.origin == "OpenRadioss"; }

std::vector<std::string_view> contactParameters(const LawSpec& law) {
  if (!regularisesContact(law)) return {};
  return {"Iform", "VISF", "K", "M", "Ifiltr", "Xfreq"};
}

SteadyCurve::SteadyCurve(const LawEvaluator& law)
    : law_(&law), model_(steadyForceOf(law.spec().spec.id)), contact_(regularisesContact(law.spec())) {}

double SteadyCurve::operator()(double v, double N) const {
  const double speed = std::fabs(v);
  if (model_ != nullptr) return model_(law_->resolved(), speed, N, nullptr);
  if (contact_) {
    LawInputs inputs;
    inputs.v = speed;
    inputs.N = N;
    return law_->coefficient(inputs) * N;
  }
  return law_->forceMagnitude(speed, N);
}

}  // namespace friction::fitting
