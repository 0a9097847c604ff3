// The spring-block driven by catalog laws, against physics-checks.md §1, §1b and §2.

#include <catch2/catch.hpp>

#include <cmath>

#include "dormand_prince.h"
#include "friction/friction.h"
#include "support/analytic.h"

using namespace friction;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

// Case C1: m = 1, c = 10, v0 = 0.1, Fs = 6, Fk = 4 (Fn = 10, μs = 0.6, μk = 0.4).
const ParamList kCoulomb = {{"mu_s", 0.6}, {"mu_k", 0.4}};
SpringBlockSystem caseC1(double eta, double duration) { return {1, 10, eta, 0.1, 10, duration}; }

std::vector<double> eventTimes(const SpringBlockSummary& summary, EventKind kind) {
  std::vector<double> times;
  for (const SpringBlockEvent& e : summary.events)
    if (e.kind == kind) times.push_back(e.t);
  return times;
}

}  // namespace

TEST_CASE("Event-driven Coulomb stick-slip matches the closed-form cycle to 1e-9 (physics-checks §1, C1)", "[spring-block][analytic]") {
  const auto exact = analytic::coulombCycle(1, 10, 0.1, 6, 4);
  const SpringBlockSummary s = simulateSpringBlock("coulomb", kCoulomb, caseC1(0, 30)).summary;
  const auto breaks = eventTimes(s, EventKind::BreakAway), sticks = eventTimes(s, EventKind::Stick);
  REQUIRE(breaks.size() >= 5);
  REQUIRE(sticks.size() >= 4);
  CHECK_THAT(breaks[0], WithinRel(exact.firstBreak, 1e-12));  // 6 s: the stick phase is exact
  for (std::size_t i = 0; i + 1 < breaks.size(); ++i) {
    CHECK_THAT(sticks[i] - breaks[i], WithinRel(exact.slip, 1e-9));
    CHECK_THAT(breaks[i + 1] - sticks[i], WithinRel(exact.stick, 1e-9));
  }
  CHECK_THAT(s.period, WithinRel(exact.period, 1e-9));
  CHECK_THAT(s.peakVelocity, WithinRel(exact.peakVelocity, 1e-9));
  CHECK_THAT(s.driveForceMax, WithinRel(exact.springMax, 1e-9));
  CHECK(s.regime == Regime::StickSlip);
}

TEST_CASE("The drive force at re-stick is 2Fk − Fs and its cycle minimum Fk − √(ΔF² + cmv0²) (§1)", "[spring-block][analytic]") {
  // Start at the break-away point itself (spring stretched to Fs), so the run holds only the cycle.
  SpringBlockOptions options;
  options.x0 = -6.0 / 10;
  const SpringBlockResult r = simulateSpringBlock("coulomb", kCoulomb, caseC1(0, 12), options);
  const auto exact = analytic::coulombCycle(1, 10, 0.1, 6, 4);
  CHECK_THAT(r.summary.driveForceMin, WithinRel(exact.springMin, 1e-9));
  for (std::size_t i = 0; i < r.trace.size(); ++i)
    if (i > 0 && r.trace.v[i] == 0 && r.trace.v[i - 1] > 0) CHECK_THAT(r.trace.spring[i], WithinRel(2 * 4.0 - 6.0, 1e-9));
}

TEST_CASE("Coulomb with a dashpot follows the semi-analytic cycle (physics-checks §1b)", "[spring-block][analytic]") {
  // Slip: p = v − v0 obeys m p̈ + η ṗ + c p = 0, p(0) = −v0, ṗ(0) = ΔF/m; re-stick where p = −v0.
  const double m = 1, c = 10, v0 = 0.1, Fs = 6, Fk = 4, eta = 0.5, dF = Fs - Fk;
  const double alpha = eta / (2 * m), wd = std::sqrt(c / m - alpha * alpha);
  auto p = [&](double t) { return std::exp(-alpha * t) * (-v0 * std::cos(wd * t) + (dF / m - alpha * v0) / wd * std::sin(wd * t)); };
  auto pDot = [&](double t, double h = 1e-7) { return (p(t + h) - p(t - h)) / (2 * h); };
  // The first return to p = −v0 after the start: bracket it by scanning, then bisect.
  double lo = 1e-3, hi = lo;
  while (p(hi) + v0 > 0 || hi == lo) lo = hi, hi += 1e-3;
  for (int i = 0; i < 200; ++i) {
    const double mid = 0.5 * (lo + hi);
    (p(mid) + v0 > 0 ? lo : hi) = mid;
  }
  const double slip = 0.5 * (lo + hi);
  const double restickForce = Fk + m * pDot(slip);
  const double stick = (Fs - restickForce) / (c * v0);

  const SpringBlockSummary s = simulateSpringBlock("coulomb", kCoulomb, caseC1(eta, 20)).summary;
  const auto breaks = eventTimes(s, EventKind::BreakAway), sticks = eventTimes(s, EventKind::Stick);
  REQUIRE(breaks.size() >= 3);
  CHECK_THAT(breaks[0], WithinRel((Fs - eta * v0) / (c * v0), 1e-12));
  CHECK_THAT(sticks[0] - breaks[0], WithinRel(slip, 1e-9));
  CHECK_THAT(breaks[1] - sticks[0], WithinRel(stick, 1e-6));  // limited by the finite-difference ṗ
}

TEST_CASE("The energy-balance residual falls with the tolerance", "[spring-block][energy]") {
  auto residual = [](double tolerance) {
    SpringBlockOptions options;
    options.relativeTolerance = tolerance;
    options.absoluteTolerance = tolerance * 1e-3;
    return simulateSpringBlock("coulomb", kCoulomb, caseC1(0.5, 20), options).summary.energyResidual;
  };
  const double loose = residual(1e-5), tight = residual(1e-11);
  INFO("residuals " << loose << " and " << tight);
  CHECK(tight < loose);
  CHECK(tight < 1e-9);
}

TEST_CASE("Dormand-Prince 5(4) converges at fifth order on the harmonic oscillator", "[spring-block][integrator]") {
  // y'' = −y from (1, 0): y(t) = cos t. Fixed steps over [0, 2].
  auto error = [](double h) {
    auto rate = [](double, const Vec<2>& y) { return Vec<2>{y[1], -y[0]}; };
    Vec<2> y{1, 0};
    const int n = static_cast<int>(std::round(2 / h));
    for (int i = 0; i < n; ++i) y = dormandPrinceStep(rate, i * h, y, h).y;
    return std::fabs(y[0] - std::cos(2.0));
  };
  CHECK_THAT(std::log2(error(0.05) / error(0.025)), WithinAbs(5.0, 0.3));
}

TEST_CASE("Steady sliding on a velocity-weakening law grows or decays at σ = −(η + F′(v0))/(2m) (§2)", "[spring-block][analytic]") {
  // OpenSees VelDependent with muSlow > muFast: F(v) = N (μf − (μf − μs) e^{−a v}),
  // F′(v0) = −N (μs − μf) a e^{−a v0} = −10 · 0.1 · 10 · e^{−1} ≈ −3.679 N·s/m.
  const ParamList law = {{"muSlow", 0.3}, {"muFast", 0.2}, {"transRate", 10}};
  const double m = 1, c = 100, v0 = 0.1, N = 10;
  const double slope = -N * 0.1 * 10 * std::exp(-10 * v0);
  const double steadyForce = N * (0.2 - (0.2 - 0.3) * std::exp(-10 * v0));
  for (const double eta : {3.0, 4.5}) {
    SpringBlockOptions options;
    options.samples = 40001;
    options.x0 = -steadyForce / c;  // Fd(0) = F(v0): steady sliding
    options.v0Block = v0 * (1 + 1e-5);
    const SpringBlockResult r = simulateSpringBlock("opensees-veldependent", law, {m, c, eta, v0, N, 20}, options);
    std::vector<double> deviation(r.trace.size());
    for (std::size_t i = 0; i < deviation.size(); ++i) deviation[i] = r.trace.v[i] - v0;
    const auto peaks = analytic::peaks(r.trace.t, deviation);
    REQUIRE(peaks.size() >= 10);
    const auto& first = peaks[2];
    const auto& last = peaks[peaks.size() - 2];
    const double growth = std::log(last.value / first.value) / (last.t - first.t);
    const double omega = 2 * M_PI * static_cast<double>(peaks.size() - 4) / (last.t - first.t);
    const double sigma = -(eta + slope) / (2 * m);
    INFO("η = " << eta);
    CHECK_THAT(growth, WithinAbs(sigma, 1e-3));
    CHECK_THAT(omega, WithinRel(std::sqrt(c / m - sigma * sigma), 2e-3));
    if (sigma > 0) CHECK(r.summary.regime == Regime::Growing);
    // Decaying: by 20 s the kick has died below 1e-6·v0, which is steady sliding; 5 s after a larger
    // kick it is still visibly decaying.
    if (sigma < 0) {
      CHECK(r.summary.regime == Regime::Steady);
      options.samples = 2000;
      options.v0Block = v0 * (1 + 1e-3);
      CHECK(simulateSpringBlock("opensees-veldependent", law, {m, c, eta, v0, N, 5}, options).summary.regime ==
            Regime::Decaying);
    }
  }
}

TEST_CASE("A block whose drive stays within the static limit never moves", "[spring-block]") {
  const SpringBlockResult r = simulateSpringBlock("coulomb", kCoulomb, {1, 1, 0, 0.1, 10, 5});  // Fd ≤ 0.5 N < 6 N
  CHECK(r.summary.regime == Regime::Stuck);
  for (double x : r.trace.x) REQUIRE(x == 0);
}

TEST_CASE("Stateful laws and bad systems are refused with the field named", "[spring-block][validation]") {
  try {
    simulateSpringBlock("radioss-coulomb", {{"Iform", 2}}, caseC1(0, 1));
    FAIL("expected an InputError");
  } catch (const InputError& error) {
    CHECK(error.field() == "Iform");
  }
  CHECK_THROWS_WITH(simulateSpringBlock("coulomb", kCoulomb, {0, 10, 0, 0.1, 10, 1}),
                    "Mass (m) must be between 0.01 kg and 100 kg; got 0 kg.");
  CHECK_THROWS_WITH(simulateSpringBlock("coulomb", kCoulomb, {1, 10, 0, 0, 10, 1}),
                    "Drive velocity (v0) must be between 0.0001 m/s and 10 m/s; got 0 m/s.");
}

TEST_CASE("Fixed-step schemes meet the error their order predicts on the Coulomb cycle (physics-checks §10, T1)", "[spring-block][integrator]") {
  const auto exact = analytic::coulombCycle(1, 10, 0.1, 6, 4);
  auto periodError = [&](Integrator integrator, double step) {
    SpringBlockOptions options;
    options.integrator = integrator;
    options.step = step;
    const auto breaks = eventTimes(simulateSpringBlock("coulomb", kCoulomb, caseC1(0, 30), options).summary, EventKind::BreakAway);
    REQUIRE(breaks.size() >= 3);
    return std::fabs((breaks[2] - breaks[1]) / exact.period - 1);
  };
  // First order: within max(1e-3, 5·dt/T), and smaller with a smaller step.
  const double dt = 0.01;
  CHECK(periodError(Integrator::SemiImplicitEuler, dt) < std::max(1e-3, 5 * dt / exact.period));
  CHECK(periodError(Integrator::SemiImplicitEuler, dt / 2) < periodError(Integrator::SemiImplicitEuler, dt));
  // Fourth order with located switches: (ωh)⁴ ≈ 1e-7 per unit time at h = 0.01 s.
  CHECK(periodError(Integrator::Rk4, dt) < 1e-8);
  CHECK(periodError(Integrator::Rk4, dt / 2) < periodError(Integrator::Rk4, dt));
}

TEST_CASE("The seed's scheme driven by the Coulomb law gives the seed app's own Coulomb-limit figures (§8)", "[spring-block][seed]") {
  // §8: μs 0.6, μk 0.4, Load 1 (m = Fn = 1, no g), c 10, v0 0.1: T = 2.030 s, first break 0.599 s.
  SpringBlockOptions options;
  options.integrator = Integrator::SeedEuler;
  const SpringBlockSummary s = simulateSpringBlock("coulomb", kCoulomb, {1, 10, 0, 0.1, 1, 12}, options).summary;
  const auto breaks = eventTimes(s, EventKind::BreakAway);
  REQUIRE(breaks.size() >= 4);
  CHECK_THAT(breaks[0], WithinRel(0.599, 2e-3));
  CHECK_THAT(breaks[3] - breaks[2], WithinRel(2.030, 2e-3));
  CHECK_THAT(s.peakVelocity, WithinRel(0.21849, 2e-3));
}

TEST_CASE("A law request resolves the system with Fn = m·g by default and names unknown integrators", "[spring-block][catalog]") {
  const LawSimulationResult r = simulateLaw({"coulomb", kCoulomb, {{"m", 2}, {"duration", 1}}, "auto", 100});
  CHECK(r.system.get("Fn") == 2 * kStandardGravity);
  CHECK(r.integrator == "dormand-prince");
  CHECK_THROWS_WITH(simulateLaw({"coulomb", {}, {}, "leapfrog", 100}),
                    "Unknown integrator 'leapfrog'; the integrators are: auto, dormand-prince, rk4, semi-implicit-euler, seed-euler.");
}
