// What the trace says about the contact, in every model and law: the friction column is the force on
// the block (at rest it balances the drive force, friction/spring_block.h's stick), the static limit
// column is the largest friction the contact holds at rest (or a law's break-away peak), the drive
// position is X_d(t), and the events of a law without a true stick state count its near-rest spans.

#include <catch2/catch.hpp>

#include <cmath>

#include "friction/friction.h"
#include "support/runs.h"

using namespace friction;
using Catch::Matchers::WithinAbs;
using Catch::Matchers::WithinRel;

namespace {

// Row i shows the block at rest through the row's interval: v = 0 there and at the next row (the
// last row counts if v = 0). A break-away row (v = 0, moving after) is excluded: it ends the rest.
bool restsThrough(const Trace& trace, std::size_t i) {
  return trace.v[i] == 0 && (i + 1 == trace.size() || trace.v[i + 1] == 0);
}

// Checks friction = drive force on every resting row; returns how many there were.
int checkFrictionBalancesDriveAtRest(const Trace& trace) {
  int rows = 0;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    if (!restsThrough(trace, i)) continue;
    ++rows;
    INFO("row " << i << " at t = " << trace.t[i]);
    CHECK_THAT(trace.friction[i],
               WithinAbs(trace.spring[i], 1e-12 * std::max(1.0, std::fabs(trace.spring[i]))));
  }
  return rows;
}

std::size_t count(const Summary& summary, EventKind kind) {
  std::size_t n = 0;
  for (const SpringBlockEvent& event : summary.events) n += event.kind == kind;
  return n;
}

AbbottSeedParams seedDefaults() { return abbottSeedParams(resolveParams(abbottSeedModel(), {})); }

}  // namespace

TEST_CASE("At rest the friction balances the drive in both models and every catalog law with defaults",
          "[friction-column]") {
  // The seed model, every 1 ms step: a step that starts and ends at v = 0 is one the clamp held.
  const AbbottSeedParams seed = seedDefaults();
  const Trace everyStep = simulateAbbottSeed(seed, runs::everySeedStep()).trace;
  int held = 0;
  for (std::size_t i = 1; i < everyStep.size(); ++i) {
    if (!(everyStep.v[i - 1] == 0 && everyStep.v[i] == 0)) continue;
    ++held;
    INFO("seed step at t = " << everyStep.t[i]);
    CHECK(everyStep.friction[i] == everyStep.spring[i]);
    // The clamp holds only while v + (Fd − F)/N·dt ≤ 0 from rest, i.e. Fd ≤ F(0, θ): the static limit.
    CHECK(everyStep.spring[i] <= everyStep.staticLimit[i]);
  }
  CHECK(held > 550);  // the first stick alone lasts μs·N/(c·v0) = 0.6 s

  const int stateVariableRows = checkFrictionBalancesDriveAtRest(runs::model("state-variable", {}).trace);
  CHECK(stateVariableRows > 100);

  for (const LawSpec& law : lawCatalog()) {
    INFO("law " << law.spec.id);
    const SimulationResult result = runs::scenario(runs::lawScenario(std::string(law.spec.id)));
    const int rows = checkFrictionBalancesDriveAtRest(result.trace);
    // A true stick state holds the block for whole rows from the start (the drive rises from 0).
    if (result.summary.staticLimitKind == StaticLimitKind::Stick) CHECK(rows > 0);
  }
}

TEST_CASE("The seed's scheme for a law and Radioss's stepped loop report the force on the block too",
          "[friction-column]") {
  // Coulomb in the seed's scheme: while its clamp holds, the friction is the drive force (≤ μs·N), not μs·N.
  Scenario seedScheme = runs::lawScenario("coulomb");
  seedScheme.integrator = "seed-euler";
  const SimulationResult coulomb = runs::scenario(seedScheme);
  const Trace& trace = coulomb.trace;
  CHECK(checkFrictionBalancesDriveAtRest(trace) > 100);
  CHECK(trace.friction.front() == 0);  // the spring is unstretched at t = 0
  for (std::size_t i = 0; i < trace.size(); ++i)
    if (restsThrough(trace, i))
      CHECK(trace.spring[i] <= 0.6 * coulomb.summary.system.get("Fn") * (1 + 1e-15));

  // Radioss Iform 2 holds the contact through its penalty spring: the friction is the law's force, the
  // block moves, and at the start (at rest, spring unstretched) both forces are 0.
  const SimulationResult stepped =
      runs::scenario(runs::lawScenario("radioss-coulomb", {{"Iform", 2}}, {{"duration", 2}}));
  const Trace& penalty = stepped.trace;
  checkFrictionBalancesDriveAtRest(penalty);
  CHECK(penalty.friction.front() == 0);
}

TEST_CASE("The seed model's static limit is its friction formula at v = 0 with the step's θ",
          "[friction-column][seed]") {
  AbbottSeedParams p = seedDefaults();
  // Velocity terms, so that Fk(0) = μk·N·(1 + b·v0²) differs from μk·N.
  p.va = 0.5;
  p.vb = 2;
  const Trace trace = simulateAbbottSeed(p, runs::everySeedStep()).trace;
  const double kineticAtRest = p.muk * p.N * (1 + p.vb * p.v0 * p.v0);
  int breakAways = 0;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    INFO("step at t = " << trace.t[i]);
    CHECK_THAT(trace.staticLimit[i],
               WithinRel(kineticAtRest + (p.mus * p.N - kineticAtRest) * trace.theta[i], 1e-14));
    // A step from rest that the clamp did not hold (a break-away) shows the formula value at rest.
    if (i > 0 && trace.v[i - 1] == 0 && trace.v[i] > 0) {
      ++breakAways;
      CHECK(trace.friction[i] == trace.staticLimit[i]);
    }
  }
  CHECK(breakAways >= 3);
  // At rest with a fully aged contact (θ = 1) the limit is μs·N, and the friction starts from 0.
  CHECK(trace.theta.front() == 1);
  CHECK_THAT(trace.staticLimit.front(), WithinRel(p.mus * p.N, 1e-15));
  CHECK(trace.friction.front() == 0);
}

TEST_CASE("The state-variable model's static limit is F(0, θ) = Fk(0) + (μs·Fn − Fk(0))·θ",
          "[friction-column]") {
  const SimulationResult result = runs::model("state-variable", {{"a", -0.5}, {"b", 3}});
  const ResolvedParams& p = result.summary.params;
  const double Fn = p.get("Fn"), v0 = p.get("v0");
  const double kineticAtRest = p.get("muk") * Fn * (1 + p.get("b") * v0 * v0);
  const Trace& trace = result.trace;
  for (std::size_t i = 0; i < trace.size(); ++i)
    CHECK_THAT(trace.staticLimit[i],
               WithinRel(kineticAtRest + (p.get("mus") * Fn - kineticAtRest) * trace.theta[i], 1e-12));
  CHECK(result.summary.staticLimitKind == StaticLimitKind::Stick);
  // While at rest the drive never exceeds the limit (that is what holds the block).
  for (std::size_t i = 0; i < trace.size(); ++i)
    if (restsThrough(trace, i)) CHECK(std::fabs(trace.spring[i]) <= trace.staticLimit[i] * (1 + 1e-12));
}

TEST_CASE("A law's static limit: F(0) for a true stick state, else the break-away peak of its steady curve",
          "[friction-column][static-limit]") {
  const double Fn = 9.80665;  // the default system's m·g
  auto run = [](const std::string& law, ParamList params = {}) {
    return runs::scenario(runs::lawScenario(law, std::move(params), {{"duration", 1}}));
  };
  auto constantColumn = [](const Trace& trace, double value) {
    for (double limit : trace.staticLimit) CHECK((std::isnan(value) ? std::isnan(limit) : limit == value));
  };

  // Coulomb: μs·N, its true stick state.
  const SimulationResult coulomb = run("coulomb");
  CHECK(coulomb.summary.staticLimitKind == StaticLimitKind::Stick);
  CHECK_THAT(coulomb.summary.staticLimit, WithinRel(0.6 * Fn, 1e-15));
  CHECK(coulomb.summary.nearRestThreshold == 0);
  constantColumn(coulomb.trace, coulomb.summary.staticLimit);

  // Drake: μ(0) = 0, no stick; the steady curve peaks at μs·N at v = vs (Drake's StribeckModel).
  const SimulationResult drake = run("drake-stribeck");
  CHECK(drake.summary.staticLimitKind == StaticLimitKind::Peak);
  CHECK_THAT(drake.summary.staticLimit, WithinRel(0.9 * Fn, 1e-9));
  constantColumn(drake.trace, drake.summary.staticLimit);

  // LuGre: F_ss = g(v) + σ2 v (Canudas de Wit et al. 1995) peaks where σ2 = −g'(v) = 2ΔF v/vs² e^(−(v/vs)²),
  // just above Fs; its smaller root by bisection (the left side of the equation rises up to v = vs/√2).
  const double Fc = 1, Fs = 1.5, vs = 1e-3, sigma2 = 0.4;
  auto slopeGap = [&](double v) {
    return 2 * (Fs - Fc) * v / (vs * vs) * std::exp(-(v / vs) * (v / vs)) - sigma2;
  };
  double lo = 0, hi = vs / std::sqrt(2.0);
  for (int i = 0; i < 200; ++i) (slopeGap(0.5 * (lo + hi)) < 0 ? lo : hi) = 0.5 * (lo + hi);
  const double vPeak = 0.5 * (lo + hi);
  const double peak = Fc + (Fs - Fc) * std::exp(-(vPeak / vs) * (vPeak / vs)) + sigma2 * vPeak;
  const SimulationResult lugre = run("lugre");
  CHECK(lugre.summary.staticLimitKind == StaticLimitKind::Peak);
  CHECK_THAT(lugre.summary.staticLimit, WithinRel(peak, 1e-9));
  CHECK(lugre.summary.staticLimit > Fs);

  // Without the viscous term the peak is the limit at rest, g(0+) = Fs.
  CHECK_THAT(run("lugre", {{"sigma2", 0}}).summary.staticLimit, WithinRel(Fs, 1e-9));

  // Threlfall's ramp and Dahl's saturation rise monotonically: no peak. Velocity-weakening
  // rate-and-state (b > a) grows without bound as v → 0: no finite peak either.
  for (const char* none : {"ratel-threlfall", "dahl", "rate-state"}) {
    INFO(none);
    const SimulationResult result = run(none);
    CHECK(result.summary.staticLimitKind == StaticLimitKind::None);
    CHECK(std::isnan(result.summary.staticLimit));
    constantColumn(result.trace, result.summary.staticLimit);
  }

  // Radioss Iform 2 runs in its stepped loop, whose contact holds inside the friction cone μ(0)·|Fn|.
  const SimulationResult stepped = run("radioss-coulomb", {{"Iform", 2}, {"Fric", 0.3}});
  CHECK(stepped.summary.staticLimitKind == StaticLimitKind::Stick);
  CHECK_THAT(stepped.summary.staticLimit, WithinRel(0.3 * Fn, 1e-15));
}

TEST_CASE("The drive position is X_d = v0·t, or the integral of the drive's velocity steps",
          "[friction-column][drive]") {
  const AbbottSeedParams seed = seedDefaults();
  const Trace seedTrace = simulateAbbottSeed(seed).trace;
  for (std::size_t i = 0; i < seedTrace.size(); ++i)
    CHECK(seedTrace.drivePosition[i] == seed.v0 * seedTrace.t[i]);
  const Trace stateVariable = runs::model("state-variable", {{"v0", 0.2}}).trace;
  for (std::size_t i = 0; i < stateVariable.size(); ++i)
    CHECK(stateVariable.drivePosition[i] == 0.2 * stateVariable.t[i]);

  // Steps: 0.1 m/s until 2 s, then 0.3 m/s: X_d = 0.1 t, then 0.2 + 0.3 (t − 2).
  Scenario request = runs::lawScenario("coulomb", {}, {{"duration", 5}, {"c", 50}, {"v0", 0.1}});
  request.driveSteps = {{0, 0.1}, {2, 0.3}};
  const SimulationResult steppedRun = runs::scenario(request);
  const Trace& stepped = steppedRun.trace;
  for (std::size_t i = 0; i < stepped.size(); ++i) {
    const double t = stepped.t[i];
    CHECK_THAT(stepped.drivePosition[i], WithinAbs(t < 2 ? 0.1 * t : 0.2 + 0.3 * (t - 2), 1e-12));
    // With η = 0 the drive force is the spring's: c (X_d − x).
    CHECK_THAT(stepped.spring[i], WithinAbs(50 * (stepped.drivePosition[i] - stepped.x[i]), 1e-9));
  }
}

TEST_CASE("Without a true stick state the events count the near-rest intervals (Drake, LuGre)",
          "[friction-column][events]") {
  for (const char* id : {"drake-stribeck", "lugre"}) {
    INFO(id);
    const SimulationResult result = runs::scenario(runs::lawScenario(id));
    const Summary& s = result.summary;
    const double end = result.trace.t.back(), v0 = s.system.get("v0");
    CHECK(s.nearRestThreshold == 0.01 * v0);
    std::size_t startLater = 0, endEarlier = 0;
    double restInLastQuarter = 0;
    for (const Interval& stick : s.stickIntervals) {
      startLater += stick.start > 0;
      endEarlier += stick.end < end;
      restInLastQuarter += std::max(0.0, stick.end - std::max(stick.start, 0.75 * end));
    }
    CHECK(count(s, EventKind::Stick) == startLater);
    CHECK(count(s, EventKind::BreakAway) == endEarlier);
    // Each stick event opens an interval and each break-away closes one, at the same times.
    for (const SpringBlockEvent& event : s.events) {
      if (event.kind == EventKind::Reversal) continue;
      bool matched = false;
      for (const Interval& stick : s.stickIntervals)
        matched |= event.t == (event.kind == EventKind::Stick ? stick.start : stick.end);
      CHECK(matched);
    }
    for (std::size_t k = 1; k < s.events.size(); ++k) CHECK(s.events[k].t >= s.events[k - 1].t);
    // The regime says stick-slip exactly when the block rests (near rest) in the last quarter.
    CHECK((s.regime == Regime::StickSlip) == (restInLastQuarter > 0));
    // The rows inside a near-rest interval are within the threshold.
    const Trace& trace = result.trace;
    for (const Interval& stick : s.stickIntervals)
      for (std::size_t i = 0; i < trace.size(); ++i)
        if (trace.t[i] >= stick.start && trace.t[i] < stick.end)
          CHECK(std::fabs(trace.v[i]) <= s.nearRestThreshold);
  }
  // Drake's default shows stick-slip: its events are not all zero any more.
  const Summary s = runs::scenario(runs::lawScenario("drake-stribeck")).summary;
  REQUIRE(s.regime == Regime::StickSlip);
  CHECK(count(s, EventKind::Stick) >= 3);
  CHECK(count(s, EventKind::BreakAway) >= 3);
}

TEST_CASE("A stopped run's partial trace carries every column the run has, and none of NaN",
          "[friction-column][guards]") {
  RunSettings options;
  options.integrator = Integrator::Rk4;  // unstable on LuGre at the output step (dynamic_laws_test)
  try {
    runs::simulate("lugre", {}, {1, 10, 0, 0.1, 9.80665, 10}, options);
    FAIL("the run should have stopped");
  } catch (const RunStopped& stop) {
    const Trace& partial = stop.partial();
    REQUIRE(partial.size() >= 2);
    // A law's run on the spring-block has every column but the seed models' θ and Fk/Fk0.
    for (const ColumnSpec& column : columnCatalog()) {
      INFO(column.key);
      const bool modelOnly = column.key == "theta" || column.key == "fkOverFk0";
      CHECK((partial.*column.column).size() == (modelOnly ? 0 : partial.size()));
    }
    REQUIRE(partial.state.size() == 1);
    CHECK(partial.state[0].size() == partial.size());
    for (std::size_t i = 0; i < partial.size(); ++i) {
      CHECK(partial.drivePosition[i] == 0.1 * partial.t[i]);
      CHECK(partial.staticLimit[i] > 1.5);  // LuGre's break-away peak, just above Fs
    }
  }
}
