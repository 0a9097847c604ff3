// Free vibration with friction (issue 28): the block released from rest at x0 with the drive at rest
// (system.x0, v0 = 0), checked against the closed form of Coulomb damping, and every law taking such a
// release.
//
// The closed form (J. P. Den Hartog, Mechanical Vibrations, 4th ed., McGraw-Hill 1956, on Coulomb
// damping; S. S. Rao, Mechanical Vibrations, on free vibration with Coulomb damping). With the drive's
// end at X_d = 0 the spring pulls the block with −c·x; kinetic friction Fk opposes the slip, and at rest
// the contact holds up to Fs. Released at x0 > Fs/c the block slides back, m x'' = −c x + Fk, so
// x(t) = Fk/c + (x0 − Fk/c) cos ωt, ω = √(c/m): it stops after half a period π/ω at x1 = 2Fk/c − x0.
// Each half cycle the swing loses 2Fk/c and changes side:
//   x_n = (−1)ⁿ sgn(x0) (|x0| − 2n·Fk/c),   t_n = n·π/ω,
// and the block rests at the first turning point where the spring no longer beats the static friction,
// |c·x_n| ≤ Fs. Its fastest speed in the half cycle after x_n is ω(|x_n| − Fk/c).

#include <catch2/catch.hpp>

#include <cmath>
#include <string>
#include <vector>

#include "friction/constants.h"
#include "friction/friction.h"
#include "support/runs.h"

using namespace friction;
using Catch::Matchers::WithinAbs;

namespace {

struct Release {
  double m, c, Fn, muS, muK, x0;
};

// The closed form's turning points after the release, the last one where the block rests.
std::vector<double> turningPoints(const Release& r) {
  const double Fk = r.muK * r.Fn, Fs = r.muS * r.Fn;
  const double sign = r.x0 > 0 ? 1.0 : -1.0;
  std::vector<double> points;
  for (int n = 1;; ++n) {
    const double x = (n % 2 ? -1.0 : 1.0) * sign * (std::fabs(r.x0) - 2 * n * Fk / r.c);
    points.push_back(x);
    if (std::fabs(r.c * x) <= Fs) return points;
  }
}

Scenario releaseScenario(const Release& r, double duration) {
  return runs::lawScenario(
      "coulomb", {{"mu_s", r.muS}, {"mu_k", r.muK}},
      {{"m", r.m}, {"c", r.c}, {"eta", 0}, {"Fn", r.Fn}, {"v0", 0}, {"x0", r.x0}, {"duration", duration}});
}

// Where the block is at an event: the drive force there is c (X_d − x) with X_d = 0 and v = 0.
double positionAt(const SpringBlockEvent& event, double c) { return -event.driveForce / c; }

}  // namespace

TEST_CASE(
    "A block released with the drive at rest turns at x_n = (−1)ⁿ(x0 − 2nF/c) every π/ω and rests "
    "once |c·x_n| ≤ Fs (Coulomb damping)",
    "[free-vibration][analytic]") {
  const std::vector<Release> releases = {
      {1, 10, 10, 0.1, 0.1, 0.95},    // five half cycles (odd): rests at +0.05 m, its last swing short of 0
      {1, 10, 10, 0.1, 0.1, -0.72},   // four (even): rests at +0.08 m
      {2, 50, 5, 0.3, 0.2, 0.37},     // μs > μk: rests at the first |x_n| ≤ Fs/c = 0.03 m
      {1, 10, 10, 0.15, 0.1, 0.93},   // stops at x_4 = 0.13 m, where μs = μk would carry on to −0.07 m
      {0.5, 200, 2, 0.6, 0.6, -0.2},  // a stiff spring: many quick half cycles
  };
  for (const Release& r : releases) {
    const double omega = std::sqrt(r.c / r.m), half = kPi / omega;
    const std::vector<double> points = turningPoints(r);
    const double restsAt = static_cast<double>(points.size()) * half;
    INFO("x0 = " << r.x0 << " m, c = " << r.c << " N/m, m = " << r.m << " kg: rests after " << points.size()
                 << " half cycles");
    const SimulationResult run = runs::scenario(releaseScenario(r, restsAt + 3 * half));
    const Summary& s = run.summary;
    std::vector<SpringBlockEvent> turns;
    for (const SpringBlockEvent& event : s.events)
      if (event.kind != EventKind::BreakAway) turns.push_back(event);
    REQUIRE(turns.size() == points.size());
    REQUIRE(s.events.front().kind == EventKind::BreakAway);  // released at once: |c·x0| > Fs
    CHECK(s.events.front().t == 0);
    for (std::size_t n = 0; n < points.size(); ++n) {
      INFO("turning point " << n + 1);
      CHECK_THAT(turns[n].t, WithinAbs((n + 1) * half, 1e-9));
      CHECK_THAT(positionAt(turns[n], r.c), WithinAbs(points[n], 1e-9));
      // Every turn but the last reverses; the last sticks for good.
      CHECK(turns[n].kind == (n + 1 < points.size() ? EventKind::Reversal : EventKind::Stick));
    }
    CHECK_THAT(run.trace.x.back(), WithinAbs(points.back(), 1e-9));
    CHECK(run.trace.v.back() == 0);
    // Its fastest swing is the first: ω(|x0| − Fk/c).
    CHECK_THAT(s.peakVelocity, WithinAbs(omega * (std::fabs(r.x0) - r.muK * r.Fn / r.c), 1e-9));
    CHECK(s.regime == Regime::AtRest);
    // The drive does no work: the spring's energy ½c(x0² − x_N²) all went into friction.
    CHECK(s.driveWork == 0);
    const double released = 0.5 * r.c * (r.x0 * r.x0 - points.back() * points.back());
    CHECK_THAT(s.dissipated, WithinAbs(released, 1e-9 * released));
    CHECK(s.energyResidual < 1e-9);
  }
}

TEST_CASE("A release within the static limit never moves, and the checks of a drive at rest name their field",
          "[free-vibration][errors]") {
  // |c·x0| = 0.5 N ≤ Fs = 1 N: the block stays where it was put.
  const Summary held = runs::scenario(releaseScenario({1, 10, 10, 0.1, 0.1, 0.05}, 2)).summary;
  CHECK(held.regime == Regime::Stuck);

  auto refusal = [](ParamList system, SpringBlockStart start = SpringBlockStart::Rest) {
    Scenario scenario = runs::lawScenario("coulomb", {}, std::move(system));
    scenario.start = start;
    try {
      RunSpec spec(scenario);
    } catch (const InputError& error) {
      return error.field();
    }
    return std::string("(accepted)");
  };
  CHECK(refusal({{"v0", 0}}) == "system.v0");                                    // nothing would move
  CHECK(refusal({{"v0", 1e-13}, {"x0", 0.5}}) == "system.v0");                   // between 0 and 1e-12 m/s
  CHECK(refusal({{"v0", 0}, {"x0", 0.5}, {"m", 0}, {"Fn", 1}}) == "system.x0");  // no inertia
  CHECK(refusal({{"v0", 0.1}, {"x0", 0.5}}, SpringBlockStart::Steady) == "system.x0");
  CHECK(refusal({{"v0", 0}, {"x0", 0.5}}, SpringBlockStart::Steady) == "system.x0");
  CHECK(refusal({{"v0", 0}, {"m", 0}, {"Fn", 1}}) == "system.v0");
  CHECK(refusal({{"x0", 2e6}}) == "system.x0");  // beyond ±1e6 m
  CHECK(refusal({{"v0", 0}, {"x0", 0.5}}) == "(accepted)");
  // A release while the drive moves: the block starts displaced, the drive at v0.
  CHECK(refusal({{"v0", 0.1}, {"x0", -0.3}}) == "(accepted)");
}

TEST_CASE("Every law takes a release with the drive at rest; a law with a true stick state ends it at rest",
          "[free-vibration][laws]") {
  for (const LawSpec& law : lawCatalog()) {
    const std::string id(law.spec.id);
    INFO(id);
    Scenario scenario = runs::lawScenario(id, {}, {{"v0", 0}, {"x0", 0.5}, {"duration", 20}});
    SimulationResult run;
    try {
      run = runs::scenario(scenario);
    } catch (const InputError& error) {
      // Only a law that needs the quasi-static slider is refused, for its own reason (as at any v0).
      CHECK(std::string(error.field()) == "system.m");
      continue;
    }
    const Summary& s = run.summary;
    CHECK(s.driveWork == 0);
    for (std::size_t i = 0; i < run.trace.size(); ++i) {
      REQUIRE(std::isfinite(run.trace.x[i]));
      REQUIRE(std::isfinite(run.trace.vOverV0[i]));
    }
    // A true stick state: the friction stops the swing (half cycles of π/10 s, each 2Fk/c shorter): the
    // block ends at rest, the spring within the static limit. (OpenSees's normal-force law, whose friction
    // rises as v^0.8 from rest, creeps onto that limit instead of stopping in a stick event.)
    if (s.staticLimitKind == StaticLimitKind::Stick) {
      CHECK(std::fabs(run.trace.v.back()) <= 1e-9 * s.peakVelocity);
      CHECK(std::fabs(run.trace.spring.back()) <= s.staticLimit * (1 + 1e-9));
      if (id != "opensees-velnormalfrcdep") CHECK(s.regime == Regime::AtRest);
    }
  }
}
