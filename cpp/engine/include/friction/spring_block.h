#pragma once
// The driven spring-block, the system every law runs on: a block of mass m pulled through a spring c
// and a dashpot η whose far end moves at v0, under a normal force Fn:
//
//   m dv/dt = Fd − F,   Fd = c (v0 t − x) + η (v0 − v)          (the seed app's system, any law's F)
//
// F is the law's friction force resisting the slip. A law whose force at v = 0 is positive has a
// true stick state with that static limit: while v = 0 the block stays exactly at rest as long as
// |Fd| ≤ F(0). Slip is integrated by adaptive Dormand–Prince 5(4), or for a steep (stiff) law by an
// L-stable Rosenbrock 4(3) or Radau IIA; the switches between stick and slip are located inside the
// step (to 1e-12 s). A law with F(0) = 0 (a regularized law such as Drake's Stribeck or Threlfall) never
// sticks: it slides through v = 0. With m = 0 it is the quasi-static slider of friction labs.
//
// A run is asked for as a scenario (friction/scenario.h); this header declares the system's catalog
// (its parameters, the integrators) and the rules a scenario's system, drive and output obey.

#include <string_view>
#include <vector>

#include "friction/law_runs.h"
#include "friction/simulate.h"

namespace friction {

/// How the block starts.
enum class SpringBlockStart {
  Rest,    ///< at rest, spring unstretched, a dynamic law in its initial state
  Steady,  ///< sliding steadily at the first drive velocity: state steady, spring balancing the friction
};

/// An integrator's catalog entry.
struct IntegratorSpec {
  Integrator kind;
  std::string_view id, name, description;
  /// Its steps follow its error control, not the output grid (`auto` counts: for a law that is not
  /// stateful it runs only adaptive methods), so fewer output rows leave its accuracy as it was.
  bool adaptive;
};
/// Every integrator, `auto` first.
const std::vector<IntegratorSpec>& integratorCatalog();
/// The integrator called `id` ("auto" included). Throws InputError (field "integrator").
Integrator findIntegrator(std::string_view id);
/// The catalog id of an integrator.
std::string_view integratorId(Integrator integrator);

/// The spring-block's own parameters (m, Fn, c, eta, v0, x0, duration); the state-variable model shares
/// m, Fn, c, eta, v0 and duration.
const ModelSpec& springBlockSystemModel();
/// How the spring-block is computed: its equations and quirks.
EntryDocs springBlockSystemDocs();

/// Checks a kick (a relative speed-up of the drive at 0.1 % of the run, within ±0.5, for a steady start
/// with one drive velocity); throws InputError naming `kick`.
void checkKick(double kick, SpringBlockStart start, bool hasDriveSteps);

/// Checks the drive's velocity steps: the first at t = 0, times increasing and before the end of a
/// run of `duration` s, each velocity in v0's range (on the quasi-static slider, `quasiStatic`, also 0
/// for a hold, or negative down to −v0's maximum for a load point moving back). Throws InputError naming
/// the step, "v0[k]".
void checkDriveSteps(const std::vector<Breakpoint>& steps, double duration, bool quasiStatic = false);

/// Checks normal-force steps: the first at t = 0, times increasing and before the end, each force in Fn's
/// range. Throws InputError naming the step, "Fn[k]".
void checkNormalSteps(const std::vector<Breakpoint>& steps, double duration);

/// Checks what the ranges of the system's catalog cannot say: a mass is 0 (the quasi-static slider) or at
/// least 1e-9 kg, and with m = 0 the normal force must be given (its default m·g would be 0). Throws
/// InputError naming "m" or "Fn".
void checkSystemMass(double m, bool normalForceGiven);
/// checkSystemMass for a system as a caller gives it (any subset of its keys; m and Fn as given).
void checkSystemMassOf(const ParamList& system);

/// Checks a system's given v0 (as a caller gives it, before its catalog's range, whose 0 … 100 m/s cannot
/// say the gap): 0 (the drive at rest; not with velocity steps, whose first v0 is) or 1e-12 to 100 m/s.
/// Throws InputError naming "v0".
void checkDriveVelocityOf(const ParamList& system, bool hasDriveSteps);

/// Checks the drive at rest and a release (issue 28: free vibration): with v0 = 0 the block needs inertia
/// (m > 0), a start from rest and a displacement x0 ≠ 0; x0 ≠ 0 needs m > 0 and a start from rest. Throws
/// InputError naming "v0", "x0" or "start".
void checkRelease(double m, double v0, double x0, SpringBlockStart start);

/// Checks an output grid's size, 2 to 1000000 rows; throws InputError naming `samples`.
void checkSamples(int samples);

/// Checks a relative tolerance: 0 (the law's default), or 1e-14 to 1e-3. Throws InputError naming
/// `tolerance`.
void checkTolerance(double tolerance);

}  // namespace friction
