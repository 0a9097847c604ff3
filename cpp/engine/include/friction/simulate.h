#pragma once
// What a run gives: the columnar result (trace), its summary and the regime classifier.

#include <limits>
#include <string>
#include <string_view>
#include <vector>

#include "friction/errors.h"
#include "friction/parameters.h"

namespace friction {

/// The output of a run, one value per output sample in each column. SI units (the seed model's
/// columns are in the seed's own units, which coincide with SI when its Load is read as kg and N).
struct Trace {
  std::vector<double> t;      ///< time [s]
  std::vector<double> x;      ///< block position [m]
  std::vector<double> v;      ///< block velocity [m/s]
  std::vector<double> theta;  ///< contact state θ [-], 1 = fully aged (static), 0 = fully kinetic
  /// The friction force acting on the block [N], in every model and law: while the block is at rest
  /// it balances the drive (= spring), while it slides it opposes the motion (signed like the slip).
  std::vector<double> friction;
  std::vector<double> fk;         ///< velocity-dependent kinetic friction Fk(v) [N]
  std::vector<double> spring;     ///< drive force of spring and dashpot, c(X_d − x) + η(v_d − v) [N]
  std::vector<double> vOverV0;    ///< v / v0 [-], as the seed plots it
  std::vector<double> fkOverFk0;  ///< Fk(v) / Fk(0 velocity terms) [-], as the seed plots it
  /// The largest friction the contact can hold at rest at that instant [N] (see StaticLimitKind): the
  /// θ models' F(0, θ); a law's F(0) if it has a true stick state; else the break-away peak of its
  /// steady friction curve, or NaN if it has none.
  std::vector<double> staticLimit;
  /// X_d(t), the far end of the spring [m]: v0·t, or the integral of the drive's velocity steps.
  std::vector<double> drivePosition;
  /// A dynamic law's state variables, one column each, in its catalog order (LawSpec::state); empty
  /// for the models and for laws without state.
  std::vector<std::vector<double>> state;

  std::size_t size() const { return t.size(); }
};

/// A run that stopped before its end (a non-finite state, a collapsed step size, the step budget):
/// a SimulationError whose message says why and when, carrying the time reached and the trace up to
/// there, so that a caller can show what happened before the stop.
class RunStopped : public SimulationError {
 public:
  RunStopped(const Trace& partial, double time, const std::string& reason)
      : SimulationError(reason), partial_(partial), time_(time) {}
  const Trace& partial() const { return partial_; }
  double time() const { return time_; }

 private:
  Trace partial_;
  double time_;
};

/// Describes one column of a Trace for display: the member it reads and how to label it.
struct ColumnSpec {
  std::vector<double> Trace::*column;
  std::string_view key;
  std::string_view symbol;
  std::string_view label;
  std::string_view unit;
};

/// Every column of a Trace, in a fixed order.
const std::vector<ColumnSpec>& columnCatalog();

/// How the motion ended: one judgement for every model, law and map cell (classifyRegime).
enum class Regime {
  Steady,       ///< sliding at (nearly) constant velocity
  Oscillation,  ///< moving, never stuck, its amplitude sustained (a limit cycle)
  StickSlip,    ///< alternating stick (v = 0, or near rest for a law without a true stick) and slip phases
  Stuck,        ///< never started to slide
  Decaying,     ///< sliding with an oscillation that shrinks towards steady sliding
  Growing,      ///< sliding with an oscillation that grows: squeal
  Settling,     ///< relaxing towards steady sliding without oscillating, not yet steady when the run ends
  NotSettled,   ///< oscillating, with too few peaks before the run ends to tell whether it grows or decays
  AtRest,       ///< the drive at rest (a free vibration): the block moved, and friction holds it at rest now
};
std::string_view regimeName(Regime regime);

/// What the static limit (Trace::staticLimit, the summaries' staticLimit) means for a model or law.
enum class StaticLimitKind {
  Stick,  ///< a true stick state: at rest the contact holds any drive force up to this limit
  Peak,   ///< no true stick (friction vanishes or creeps at rest): the peak of the steady friction curve at
         ///< low speed, above its kinetic value, which a block leaving rest has to pass (Drake: μs·N at vs)
  None,  ///< neither: no true stick and no break-away peak (the limit is NaN)
};
/// "stick", "peak" or "none".
std::string_view staticLimitKindName(StaticLimitKind kind);

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

enum class EventKind { BreakAway, Stick, Reversal };
/// "break-away", "stick" or "reversal".
std::string_view eventName(EventKind kind);

struct SpringBlockEvent {
  double t;  ///< [s]
  EventKind kind;
  /// The drive force Fd = c (X_d − x) + η (v_d − v) at the event [N]: at a break-away the static limit it
  /// overcame, at a stick the force the contact starts to hold.
  double driveForce = std::numeric_limits<double>::quiet_NaN();
};

struct Interval {
  double start, end;  ///< [s]
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

/// What a run reports beside its rows: one summary for the seed models and every law run, read off the
/// solution (never the rows: it does not depend on how many rows were asked for). A quantity the run
/// did not measure is NaN (written as null), a list it has none of is empty.
struct Summary {
  // What ran.
  std::string model;                         ///< the model's id, or empty for a law run
  std::string law;                           ///< the law's id (a law run), or empty
  ResolvedParams params;                     ///< the model's or law's parameters, defaults filled in
  ResolvedParams system;                     ///< a law run's spring-block system, defaults filled in
  Integrator integrator = Integrator::Auto;  ///< the method that ran first (never Auto)
  /// Where `auto` changed method inside the run, having measured the other to do less work per
  /// simulated second: from then on `to` ran (empty: one method throughout).
  std::vector<IntegratorSwitch> integratorSwitches;
  double tolerance = std::numeric_limits<double>::quiet_NaN();  ///< the adaptive methods' relative one
  double duration = 0;                                          ///< simulated time [s]
  long long steps = 0, rejectedSteps = 0;
  /// The step [s]: the fixed step, or an adaptive run's mean step.
  double dt = std::numeric_limits<double>::quiet_NaN();
  double resonanceRadPerS = std::numeric_limits<double>::quiet_NaN();  ///< ω = √(c/m); NaN without inertia
  double resonanceHz = std::numeric_limits<double>::quiet_NaN();       ///< ω / 2π [Hz]

  // How it moved.
  Regime regime = Regime::Stuck;
  double growthRate = std::numeric_limits<double>::quiet_NaN();  ///< as RegimeVerdict::growthRate [1/s]
  /// The limit cycle's period [s]: the spacing of the last break-aways if the last two spacings agree to
  /// 0.1 % (else of the located upward crossings of the drive speed), NaN where none was measured.
  double period = std::numeric_limits<double>::quiet_NaN();
  /// Half the velocity's range over the regime's window (the last quarter after the drive's last change)
  /// [m/s]: a stick-slip's or an oscillation's amplitude.
  double amplitude = 0;
  double peakVelocity = 0;  ///< max |v| [m/s], located inside steps
  /// Extremes of Fd over the whole run [N], located inside steps.
  double driveForceMin = std::numeric_limits<double>::quiet_NaN();
  double driveForceMax = std::numeric_limits<double>::quiet_NaN();
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
  std::vector<SpringBlockEvent> events;  ///< break-aways, sticks and reversals, located
  std::vector<Interval> stickIntervals, slipIntervals;
  /// The static limit [N] as staticLimitKind says: Stick, the force the contact holds at rest
  /// (max(F(0), F(0+)); for the stepped loop the friction cone at rest, μ(0)·|Fn|); Peak, the break-away
  /// peak of the law's steady friction curve (its first local maximum in speed); None, NaN.
  double staticLimit = std::numeric_limits<double>::quiet_NaN();
  StaticLimitKind staticLimitKind = StaticLimitKind::Stick;
  /// For a law without a true stick state: the speed [m/s] at or below which the block counts as near
  /// rest, 1 % of the (last) drive velocity; its near-rest spans are the stick intervals, each entry a
  /// stick event and each exit a break-away, located on the solution. 0 for a true stick state.
  double nearRestThreshold = 0;
  /// The holds of the drive (velocity steps to 0 and back), each with its healing; empty without holds.
  std::vector<HoldHealing> holds;

  // The energy books: the drive's work W = ∫ Fd v_d dt, friction and dashpot dissipation, and the
  // balance's residual |W − ΔKE − ΔPE − dissipation| / |W|, which measures the integration error. NaN
  // where no books are kept (the seed model; the quasi-static slider, without kinetic energy).
  double driveWork = std::numeric_limits<double>::quiet_NaN();          ///< [J]
  double dissipated = std::numeric_limits<double>::quiet_NaN();         ///< ∫ F|v| dt [J]
  double dashpotDissipated = std::numeric_limits<double>::quiet_NaN();  ///< ∫ η (v_d − v)² dt [J]
  double energyResidual = std::numeric_limits<double>::quiet_NaN();     ///< relative

  /// Why the result may not be trustworthy, e.g. a fixed step beyond the explicit stability limit
  /// that the law's steepest slope sets; empty if none.
  std::vector<std::string> warnings;
};

/// A run's rows and its summary.
struct SimulationResult {
  Trace trace;
  Summary summary;
};

/// A regime and the measure that goes with it.
struct RegimeVerdict {
  Regime regime = Regime::Stuck;
  /// Growing, decaying or sustained: the growth rate of the oscillation's peaks [1/s] (NaN with too
  /// few of them); otherwise NaN.
  double growthRate = std::numeric_limits<double>::quiet_NaN();
};

/// The one regime classifier for a run known only by its rows (the seed model's, whose rows are its own
/// plot points): its rows taken as the solution, linear between them, judged by the rules every run
/// shares (a spring-block run is judged on its located solution instead), from the drive's final
/// velocity `reference` > 0 and the time the block spent stuck in the last quarter of the run [s]:
///   Stuck: it never moved. Stick-slip: it rests in the last quarter. Steady: over the last quarter v
///   varies by less than 2e-6 of its scale and its mean is the reference within 1 %. Otherwise an
///   oscillation about the reference, judged by the growth rate λ of ln|v − v_ref| at its peaks after
///   the first fifth (least squares): Growing if the amplitude grows by more than 1 % over those peaks
///   (λ·span > ln 1.01), Decaying if it shrinks so, else sustained (Oscillation); with no peak Settling,
///   with one or two NotSettled.
RegimeVerdict classifyRegime(const Trace& trace, double reference, double stuckTimeInLastQuarter);

/// Fills what a model known by its rows reports: the resonance ω [rad/s] and ω/2π [Hz], the regime, the
/// growth rate and the late amplitude.
void setResonanceAndRegime(Summary& summary, double resonanceRadPerS, const Trace& trace, double v0,
                           double stuckTimeInLastQuarter);

}  // namespace friction
