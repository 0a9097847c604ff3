#pragma once
// Closed forms the tests check the engine against (docs/validation.md lists each check).

#include <algorithm>
#include <array>
#include <cmath>
#include <complex>
#include <vector>

namespace analytic {

/// The Coulomb stick-slip limit cycle of the driven spring-block without dashpot (case C1's formulas):
/// block m, spring c, drive v0, static force Fs, kinetic force Fk, from rest with the spring unstretched.
struct CoulombCycle {
  double firstBreak;    ///< t1 = Fs/(c v0)
  double stick;         ///< 2ΔF/(c v0)
  double slip;          ///< (π + 2φ)/ω, φ = atan(v0 √(cm)/ΔF)
  double period;        ///< stick + slip
  double peakVelocity;  ///< v0 + √(v0² + ΔF²/(cm))
  double springMax;     ///< Fk + √(ΔF² + c m v0²)
  double springMin;     ///< Fk − √(ΔF² + c m v0²)
};

inline CoulombCycle coulombCycle(double m, double c, double v0, double Fs, double Fk) {
  const double dF = Fs - Fk, omega = std::sqrt(c / m);
  const double phi = std::atan(v0 * std::sqrt(c * m) / dF);
  const double swing = std::sqrt(dF * dF + c * m * v0 * v0);
  CoulombCycle cycle{};
  cycle.firstBreak = Fs / (c * v0);
  cycle.stick = 2 * dF / (c * v0);
  cycle.slip = (M_PI + 2 * phi) / omega;
  cycle.period = cycle.stick + cycle.slip;
  cycle.peakVelocity = v0 + std::sqrt(v0 * v0 + dF * dF / (c * m));
  cycle.springMax = Fk + swing;
  cycle.springMin = Fk - swing;
  return cycle;
}

/// Roots of a3 s³ + a2 s² + a1 s + a0 = 0 (a3 ≠ 0) by Durand-Kerner iteration, which converges for
/// simple roots from the standard starting points (powers of 0.4 + 0.9i).
inline std::array<std::complex<double>, 3> cubicRoots(double a3, double a2, double a1, double a0) {
  using C = std::complex<double>;
  const double b2 = a2 / a3, b1 = a1 / a3, b0 = a0 / a3;
  auto poly = [&](C s) { return ((s + b2) * s + b1) * s + b0; };
  const double radius = 1 + std::max({std::fabs(b2), std::fabs(b1), std::fabs(b0)});
  std::array<C, 3> z = {C(0.4, 0.9) * radius, std::pow(C(0.4, 0.9), 2) * radius,
                        std::pow(C(0.4, 0.9), 3) * radius};
  for (int iteration = 0; iteration < 500; ++iteration)
    for (int i = 0; i < 3; ++i) {
      C denominator = 1;
      for (int j = 0; j < 3; ++j)
        if (j != i) denominator *= z[i] - z[j];
      z[i] -= poly(z[i]) / denominator;
    }
  return z;
}

/// The oscillatory eigenvalue (largest imaginary part) of the linearised state-variable model about
/// steady sliding (docs/validation.md, "Closed forms: the θ model"):
/// m s³ + (E + m/τ) s² + (c + E/τ − ΔF/D) s + c/τ = 0, where E is the effective viscous coefficient
/// and ΔF = ∂F/∂θ.
inline std::complex<double> stateVariableOscillatoryRoot(double m, double c, double E, double dF, double tau,
                                                         double D) {
  const auto roots = cubicRoots(m, E + m / tau, c + E / tau - dF / D, c / tau);
  return *std::max_element(roots.begin(), roots.end(), [](auto a, auto b) { return a.imag() < b.imag(); });
}

/// Peaks of a sampled signal, refined by the parabola through each local maximum and its neighbours.
struct Peak {
  double t, value;
};
inline std::vector<Peak> peaks(const std::vector<double>& t, const std::vector<double>& y) {
  std::vector<Peak> found;
  for (std::size_t i = 1; i + 1 < y.size(); ++i) {
    if (!(y[i] > y[i - 1] && y[i] >= y[i + 1])) continue;
    // Uniform spacing assumed around the peak.
    const double h = t[i + 1] - t[i], curvature = y[i - 1] - 2 * y[i] + y[i + 1];
    const double offset = curvature != 0 ? 0.5 * (y[i - 1] - y[i + 1]) / curvature : 0.0;
    found.push_back({t[i] + offset * h, y[i] - 0.25 * (y[i - 1] - y[i + 1]) * offset});
  }
  return found;
}

}  // namespace analytic
