#pragma once
// The seed app's system driven by any catalog friction law: a block of mass m pulled through a
// spring c and a dashpot η whose far end moves at v0, under a normal force Fn:
//
//   m dv/dt = Fd − F,   Fd = c (v0 t − x) + η (v0 − v)          (physics-checks.md conventions)
//
// F is the law's friction force resisting the slip. A law whose force at v = 0 is positive has a
// true stick state with that static limit: while v = 0 the block stays exactly at rest as long as
// |Fd| ≤ F(0). Slip is integrated by adaptive Dormand–Prince 5(4), or for a steep (stiff) law by an
// L-stable Rosenbrock 4(3); the switches between stick and slip are located inside the step (to
// 1e-12 s) and written into the output. A law with F(0) = 0 (a regularized law such as Drake's
// Stribeck or Threlfall) never sticks: it slides through v = 0.
//
// Energy bookkeeping: the drive delivers W = ∫ Fd v0 dt, which goes into kinetic energy ½mv², spring
// energy ½c(v0 t − x)², dashpot dissipation ∫ η(v0 − v)² dt and friction dissipation ∫ F|v| dt; the
// residual of that balance measures the integration error.
//
// Fixed-step schemes use the same stick phases and located switches, so they differ from the
// adaptive ones only in how slip is integrated; the seed's scheme keeps the seed's clamp instead.
// A law that remembers its force between time steps (Radioss's Iform 2, friction filtering) exists
// only together with a time step, so it runs in its origin's explicit loop (semi-implicit Euler, the
// law stepped once per step); its stick is the contact holding inside the friction cone.

#include <cmath>
#include <functional>
#include <limits>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "friction/law_runs.h"
#include "friction/laws.h"
#include "friction/simulate.h"

namespace friction {

/// How the block starts.
enum class SpringBlockStart {
  Rest,    ///< at rest, spring unstretched, a dynamic law in its initial state
  Steady,  ///< sliding steadily at the first drive velocity: state steady, spring balancing the friction
};

struct SpringBlockSystem {
  double m;         ///< mass [kg]
  double c;         ///< spring constant [N/m]
  double eta;       ///< dashpot [N·s/m]
  double v0;        ///< drive velocity [m/s], > 0 (the first step's, if driveSteps are given)
  double Fn;        ///< normal force [N]
  double duration;  ///< simulated time [s]
  /// Velocity steps of the drive: from driveSteps[k].t on it moves at driveSteps[k].value (first at
  /// t = 0, times increasing, each velocity in v0's range). Empty: v0 throughout.
  std::vector<Breakpoint> driveSteps = {};
  SpringBlockStart start = SpringBlockStart::Rest;
  /// Steps of the normal force: from normalSteps[k].t on it is normalSteps[k].value (first at t = 0,
  /// times increasing, each in Fn's range); empty: Fn throughout. The quasi-static slider only.
  std::vector<Breakpoint> normalSteps = {};
};

/// How slip is integrated.
enum class Integrator {
  Auto,               ///< picks per law and system (see chooseIntegrator)
  DormandPrince,      ///< adaptive Dormand–Prince 5(4) with error control
  Rosenbrock,         ///< adaptive linearly implicit Rosenbrock 4(3) for stiff (steep) friction laws
  Radau,              ///< adaptive implicit Radau IIA of order 5 (RADAU5's controls), for stiff laws
  Rk4,                ///< classical RK4 at a fixed step
  SemiImplicitEuler,  ///< v += a h, then x += v h, at a fixed step
  SeedEuler,          ///< the seed app's scheme: semi-implicit Euler at 1 ms, stick only by clamping v ≥ 0
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

/// The spring-block's own parameters (m, Fn, c, eta, v0, duration), shared with the state-variable model.
const ModelSpec& springBlockSystemModel();

struct SpringBlockOptions {
  int samples = 2000;  ///< uniform output grid over [0, duration]
  Integrator integrator = Integrator::Auto;
  double step = 0;  ///< fixed-step schemes: the step [s]; 0 = 1/200 of the spring period or the grid step
  double relativeTolerance = 1e-10;
  double absoluteTolerance = 1e-13;
  double x0 = 0, v0Block = 0;  ///< initial position [m] and velocity [m/s] (default: at rest, unstretched)
  /// A dynamic law's state at the start, instead of its initial state (a run from rest only).
  std::optional<LawStateVector> initialState;
  /// Output rows logarithmic in the time since each change of the drive or the normal force (a hold's
  /// healing is linear in log time), instead of uniform over [0, duration]. The quasi-static slider only.
  bool logGrid = false;
  /// Called as the run advances, with the fraction of the duration done (at each output row); for a
  /// page's progress bar. Empty: not called.
  std::function<void(double)> progress;
};

enum class EventKind { BreakAway, Stick, Reversal };

struct SpringBlockEvent {
  double t;
  EventKind kind;
};

struct Interval {
  double start, end;
};

struct IntegratorSwitch {
  double t;       ///< [s]
  Integrator to;  ///< the method that ran from t on
};

/// One hold of a slide-hold-slide test (a drive segment at rest between two at speed), as friction labs
/// measure it (Marone 1998, Annu. Rev. Earth Planet. Sci. 26:643, Fig. 5): μ = friction / Fn at that time.
struct HoldHealing {
  double start = 0, duration = 0;  ///< when the drive stopped [s] and for how long [s]
  double steadyMu = 0;             ///< μ_ss: the friction just before the hold
  double relaxedMu = 0;            ///< μ at the hold's end (relaxed by the creep in the hold)
  double peakMu = 0;   ///< μ_peak: the largest friction while reloading (until the next change or the end)
  double healing = 0;  ///< Δμ = μ_peak − μ_ss
  double relaxation = 0;  ///< Δμ_c = μ_ss − μ at the hold's end
};

struct SpringBlockSummary {
  std::vector<SpringBlockEvent> events;
  std::vector<Interval> stickIntervals, slipIntervals;
  /// The limit cycle's period [s]: the spacing of the last break-aways if the last two spacings agree to
  /// 0.1 % (else of the located upward crossings of the drive speed), NaN where none was measured.
  double period = std::numeric_limits<double>::quiet_NaN();
  /// Half the velocity's range over the regime's window (the last quarter after the drive's last change)
  /// [m/s]: a stick-slip's or an oscillation's amplitude.
  double amplitude = 0;
  double peakVelocity = 0;  ///< max |v| [m/s], located inside steps
  double driveForceMin = 0,
         driveForceMax = 0;  ///< extremes of Fd over the whole run [N], located inside steps
  /// Extremes of Fd over the last quarter of the run [N]: the limit cycle's, without the unloaded start
  /// that the whole run's minimum includes. NaN if nothing was noted there.
  double cycleDriveForceMin = std::numeric_limits<double>::quiet_NaN();
  double cycleDriveForceMax = std::numeric_limits<double>::quiet_NaN();
  /// Notes a drive force Fd at time t in the run's extremes, and from `cycleFrom` on in the cycle's.
  /// (Comparisons, not std::fmin/fmax: those are library calls without -ffast-math, in every step of
  /// the fixed-step loop; `!(Fd >= min)` also replaces the NaN that marks "nothing noted yet".)
  void noteDriveForce(double t, double Fd, double cycleFrom) {
    if (!(Fd >= driveForceMin)) driveForceMin = Fd;
    if (!(Fd <= driveForceMax)) driveForceMax = Fd;
    if (t < cycleFrom) return;
    if (!(Fd >= cycleDriveForceMin)) cycleDriveForceMin = Fd;
    if (!(Fd <= cycleDriveForceMax)) cycleDriveForceMax = Fd;
  }
  double driveWork = 0;          ///< W = ∫ Fd v0 dt [J]
  double dissipated = 0;         ///< friction dissipation ∫ F|v| dt [J]
  double dashpotDissipated = 0;  ///< ∫ η (v0 − v)² dt [J]
  double energyResidual = 0;     ///< |W − ΔKE − ΔPE − dissipation| / max(W, tiny), relative
  Regime regime = Regime::Stuck;
  double growthRate = std::numeric_limits<double>::quiet_NaN();  ///< as RegimeVerdict::growthRate [1/s]
  Integrator integrator = Integrator::Auto;                      ///< the method that ran first (never Auto)
  /// Where `auto` changed method inside the run, having measured the other to do less work per
  /// simulated second: from then on `to` ran (empty: one method throughout).
  std::vector<IntegratorSwitch> integratorSwitches;
  long long steps = 0, rejectedSteps = 0;
  /// The static limit [N] as staticLimitKind says: Stick, the force the contact holds at rest
  /// (max(F(0), F(0+)); for the stepped loop the friction cone at rest, μ(0)·|Fn|); Peak, the break-away
  /// peak of the law's steady friction curve (its first local maximum in speed); None, NaN. The trace's
  /// staticLimit column holds the same value on every row.
  double staticLimit = 0;
  StaticLimitKind staticLimitKind = StaticLimitKind::Stick;
  /// For a law without a true stick state: the speed [m/s] at or below which the block counts as near
  /// rest, 1 % of the (last) drive velocity; its near-rest spans are the stick intervals, each entry one a
  /// stick event and each exit a break-away. 0 for a true stick state (the events are located exactly).
  double nearRestThreshold = 0;
  /// The holds of the drive (velocity steps to 0 and back), each with its healing; empty without holds.
  std::vector<HoldHealing> holds;
  /// Why the result may not be trustworthy, e.g. a fixed step beyond the explicit stability limit
  /// that the law's steepest slope sets; empty if none.
  std::vector<std::string> warnings;
};

struct SpringBlockResult {
  /// t, x, v, friction (= Fd while at rest), fk (= F(|v|)), spring (= Fd), vOverV0, staticLimit,
  /// drivePosition (X_d); theta and fkOverFk0 are NaN
  Trace trace;
  SpringBlockSummary summary;
};

/// The options a run of `law` gets by default: relative tolerance 1e-10 (absolute 1e-13), or 1e-7
/// (1e-10) for a law that creeps at rest far below any other speed (regularized rate-and-state),
/// whose creep costs steps in proportion to about tolerance^(−0.45).
SpringBlockOptions defaultOptions(const LawEvaluator& law);

/// Runs the system with law `lawId` and its parameters. Throws InputError for bad input.
SpringBlockResult simulateSpringBlock(std::string_view lawId, const ParamList& lawParams,
                                      const SpringBlockSystem& system,
                                      const SpringBlockOptions& options = {});

/// A request as JS sends it: law and system parameters by name, the integrator by id.
struct LawSimulationRequest {
  std::string law;
  ParamList params;  ///< the law's parameters (any subset)
  ParamList system;  ///< the system's parameters (any subset; Fn defaults to m·g)
  std::string integrator = "auto";
  int samples = 2000;
  /// Relative tolerance of the adaptive methods (absolute: 1e-3 of it), in [1e-14, 1e-3]; 0 picks the
  /// law's default: 1e-10, or 1e-7 for a law that creeps at rest far below any other speed (regularized
  /// rate-and-state), whose creep costs steps in proportion to about tolerance^(−0.45).
  double tolerance = 0;
  std::vector<Breakpoint> driveSteps = {};  ///< velocity steps of the drive (empty: v0 throughout)
  SpringBlockStart start = SpringBlockStart::Rest;
  std::function<void(double)> progress = {};  ///< as SpringBlockOptions::progress
  /// With a steady start and no drive steps: the drive speeds up by this fraction (within ±0.5) at
  /// 0.1 % of the run, so that linear (in)stability shows (unperturbed steady sliding stays as it is).
  double kick = 0;
  std::vector<Breakpoint> normalSteps = {};  ///< SpringBlockSystem::normalSteps
  bool logGrid = false;                      ///< SpringBlockOptions::logGrid
};

/// Checks a kick (LawSimulationRequest::kick); throws InputError naming `kick`.
void checkKick(double kick, SpringBlockStart start, bool hasDriveSteps);

/// Checks the drive's velocity steps: the first at t = 0, times increasing and before the end of a
/// run of `duration` s, each velocity in v0's range (on the quasi-static slider, `quasiStatic`, also 0
/// for a hold, or negative down to −v0's maximum for a load point moving back). Throws InputError naming
/// the step, "v0[k]".
void checkDriveSteps(const std::vector<Breakpoint>& steps, double duration, bool quasiStatic = false);

/// Checks normal-force steps (SpringBlockSystem::normalSteps): the first at t = 0, times increasing and
/// before the end, each force in Fn's range. Throws InputError naming the step, "Fn[k]".
void checkNormalSteps(const std::vector<Breakpoint>& steps, double duration);

/// Checks what the ranges of the system's catalog cannot say: a mass is 0 (the quasi-static slider) or at
/// least 1e-9 kg, and with m = 0 the normal force must be given (its default m·g would be 0). Throws
/// InputError naming "m" or "Fn".
void checkSystemMass(double m, bool normalForceGiven);
/// checkSystemMass for a system as a caller gives it (any subset of its keys; m and Fn as given).
void checkSystemMassOf(const ParamList& system);

/// Checks an output grid's size, 2 to 1000000 rows; throws InputError naming `samples`.
void checkSamples(int samples);

/// Checks a relative tolerance (LawSimulationRequest::tolerance): 0, or 1e-14 to 1e-3. Throws
/// InputError naming `tolerance`.
void checkTolerance(double tolerance);

struct LawSimulationResult {
  SpringBlockResult run;
  ResolvedParams system;    ///< every system parameter, defaults filled in
  ResolvedParams law;       ///< every law parameter, defaults filled in
  std::string integrator;   ///< the integrator that ran
  double tolerance;         ///< the relative tolerance it ran with
  double resonanceRadPerS;  ///< the block's resonance on its spring, ω = √(c/m) [rad/s]
  double resonanceHz;       ///< ω / 2π [Hz]
};

/// Resolves and checks the request against the catalogs, then runs it.
LawSimulationResult simulateLaw(const LawSimulationRequest& request);

}  // namespace friction
