#pragma once
// The seed app's system driven by any catalog friction law: a block of mass m pulled through a
// spring c and a dashpot η whose far end moves at v0, under a normal force Fn:
//
//   m dv/dt = Fd − F,   Fd = c (v0 t − x) + η (v0 − v)          (physics-checks.md conventions)
//
// F is the law's friction force resisting the slip. A law whose force at v = 0 is positive has a
// true stick state with that static limit: while v = 0 the block stays exactly at rest as long as
// |Fd| ≤ F(0). Slip is integrated by adaptive Dormand–Prince 5(4); the switches between stick and
// slip are located inside the step (to 1e-12 s) and written into the output. A law with F(0) = 0 (a
// regularized law such as Drake's Stribeck or Threlfall) never sticks: it slides through v = 0.
//
// Energy bookkeeping: the drive delivers W = ∫ Fd v0 dt, which goes into kinetic energy ½mv², spring
// energy ½c(v0 t − x)², dashpot dissipation ∫ η(v0 − v)² dt and friction dissipation ∫ F|v| dt; the
// residual of that balance measures the integration error.
//
// Status: engine core of the spring-block issue, not yet exposed to JS. Stateless laws only
// (Radioss's Iform 2 and filtering remember forces between steps and are refused).

#include <string>
#include <vector>

#include "friction/laws.h"
#include "friction/simulate.h"

namespace friction {

struct SpringBlockSystem {
  double m;         ///< mass [kg]
  double c;         ///< spring constant [N/m]
  double eta;       ///< dashpot [N·s/m]
  double v0;        ///< drive velocity [m/s], > 0
  double Fn;        ///< normal force [N]
  double duration;  ///< simulated time [s]
};

struct SpringBlockOptions {
  int samples = 2000;          ///< uniform output grid over [0, duration]
  double relativeTolerance = 1e-10;
  double absoluteTolerance = 1e-13;
  double x0 = 0, v0Block = 0;  ///< initial position [m] and velocity [m/s] (default: at rest, unstretched)
};

enum class EventKind { BreakAway, Stick, Reversal };

struct SpringBlockEvent {
  double t;
  EventKind kind;
};

struct Interval {
  double start, end;
};

struct SpringBlockSummary {
  std::vector<SpringBlockEvent> events;
  std::vector<Interval> stickIntervals, slipIntervals;
  double period = 0;         ///< limit-cycle period [s] (spacing of the last break-aways), 0 if none
  double peakVelocity = 0;   ///< max |v| [m/s], located inside steps
  double driveForceMin = 0, driveForceMax = 0;  ///< extremes of Fd [N], located inside steps
  double driveWork = 0;      ///< W = ∫ Fd v0 dt [J]
  double dissipated = 0;     ///< friction dissipation ∫ F|v| dt [J]
  double dashpotDissipated = 0;  ///< ∫ η (v0 − v)² dt [J]
  double energyResidual = 0; ///< |W − ΔKE − ΔPE − dissipation| / max(W, tiny), relative
  Regime regime = Regime::Stuck;
  long long steps = 0, rejectedSteps = 0;
  double staticLimit = 0;    ///< F(0) [N]; 0 = no stick state
};

struct SpringBlockResult {
  Trace trace;  ///< t, x, v, friction, fk (= F(|v|)), spring (= Fd), vOverV0; theta and fkOverFk0 are NaN
  SpringBlockSummary summary;
};

/// Runs the system with law `lawId` and its parameters. Throws InputError for bad input.
SpringBlockResult simulateSpringBlock(std::string_view lawId, const ParamList& lawParams,
                                      const SpringBlockSystem& system, const SpringBlockOptions& options = {});

}  // namespace friction
