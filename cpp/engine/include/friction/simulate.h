#pragma once
// Running a model: the request, the columnar result (trace) and its summary.

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

struct Summary {
  std::string model;
  double resonanceRadPerS = 0;  ///< ω = √(c/m) [rad/s] (the seed: √(c/N))
  double resonanceHz = 0;       ///< ω / 2π [Hz]
  Regime regime = Regime::Stuck;
  double growthRate = std::numeric_limits<double>::quiet_NaN();  ///< as RegimeVerdict::growthRate [1/s]
  std::string integrator;   ///< which scheme ran: "seed-euler", or the spring-block integrator's id
  long long steps = 0;      ///< integration steps taken
  double dt = 0;            ///< the step size [s]: the fixed step, or an adaptive run's mean step
  double duration = 0;      ///< simulated time [s]
  double peakVelocity = 0;  ///< max |v| over the run [m/s]
  /// Both models have a true stick state (the seed's: its clamp), whose limit F(0, θ) follows θ.
  StaticLimitKind staticLimitKind = StaticLimitKind::Stick;
  /// The speed at or below which the block counts as near rest (SpringBlockSummary::nearRestThreshold):
  /// 0, both models resting exactly (the seed: by its clamp).
  double nearRestThreshold = 0;
  ResolvedParams params;  ///< every parameter, defaults filled in
};

struct SimulationResult {
  Trace trace;
  Summary summary;
};

struct SimulationRequest {
  std::string model;  ///< a model id from modelCatalog()
  ParamList params;   ///< any subset of that model's parameters
};

/// Resolves the request against the catalog and runs the model. Throws InputError for bad input and
/// SimulationError for a run that cannot complete. A pure function: same request, same result.
SimulationResult simulate(const SimulationRequest& request);

/// A regime and the measure that goes with it.
struct RegimeVerdict {
  Regime regime = Regime::Stuck;
  /// Growing, decaying or sustained: the growth rate of the oscillation's peaks [1/s] (NaN with too
  /// few of them); otherwise NaN.
  double growthRate = std::numeric_limits<double>::quiet_NaN();
};

/// Half the peak-to-peak velocity over the last quarter of the trace [m/s]: a stick-slip's measure.
double lateAmplitude(const Trace& trace);

/// The one regime classifier, for the models, the spring-block's laws and the maps alike, from the
/// trace, the drive's final velocity `reference` > 0 and the time the block spent stuck in the last
/// quarter of the run [s] (at rest, or near rest for a law without a true stick; a reversal through
/// v = 0 is not a stick):
///   Stuck: it never moved. Stick-slip: it rests in the last quarter. Steady: over the last quarter v
///   varies by less than 2e-6 of its scale and its mean is the reference within 1 %. Otherwise an
///   oscillation about the reference, judged by the growth rate λ of ln|v − v_ref| at its peaks after
///   the first fifth (least squares): Growing if the amplitude grows by more than 1 % over those peaks
///   (λ·span > ln 1.01), Decaying if it shrinks so, else sustained (Oscillation).
RegimeVerdict classifyRegime(const Trace& trace, double reference, double stuckTimeInLastQuarter);

/// Fills what every model reports alike: the resonance ω [rad/s] and ω/2π [Hz], the regime and the
/// growth rate.
void setResonanceAndRegime(Summary& summary, double resonanceRadPerS, const Trace& trace, double v0,
                           double stuckTimeInLastQuarter);

}  // namespace friction
