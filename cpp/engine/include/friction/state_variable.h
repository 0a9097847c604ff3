#pragma once
// Model "state-variable": the seed app's physics done properly, in SI units.
//
// A block of mass m is pulled through a spring c and a dashpot η whose far end moves at v0; the
// block starts at rest with the spring unstretched. Friction (Popov, Contact Mechanics and
// Friction, Ch. 12, as used by Abbott's app):
//
//   Fk(v) = max(0, μk Fn (1 + a|v| + b (v − v0)²))      velocity-dependent kinetic friction
//   F     = Fk(v) + (μs Fn − Fk(v)) θ                    θ = 1: aged contact, θ = 0: kinetic
//   dθ/dt = (1 − θ)/τ − |v|/D,  θ kept in [0, 1]          ageing at rest, renewal by slip
//   (or, with renewal = 1, the Dieterich-like variant dθ/dt = (1 − θ)/τ − θ|v|/D, which keeps θ in (0, 1])
//   m dv/dt = Fd − F sgn(v),  Fd = c (v0 t − x) + η (v0 − v)
//
// Stick is a true state: while v = 0 the block stays exactly at rest as long as |Fd| does not
// exceed the static limit F(0, θ), θ relaxing in closed form meanwhile. Slip is integrated with
// classical RK4 at a fixed step chosen from the system's time scales; the switches between stick
// and slip are located inside the step and written into the output.
//
// Differences from the seed (abbott-seed): τ and D are in seconds and metres (the seed's per-step
// update equals this model with τ and D scaled by 1 ms), the mass and the normal force are separate
// (the seed's Load has no g), |v| in the θ law (the seed never has v < 0), and no backward creep.

#include <array>
#include <functional>

#include "friction/catalog.h"
#include "friction/constants.h"
#include "friction/simulate.h"

namespace friction {

struct StateVariableParams {
  double m;         ///< mass [kg]
  double Fn;        ///< normal force [N]
  double mus;       ///< static friction coefficient μs [-]
  double muk;       ///< kinetic friction coefficient μk [-]
  double tau;       ///< θ relaxation (ageing) time τ [s]
  double D;         ///< θ relaxation (renewal) length D [m]
  double renewal;   ///< 0: dθ/dt = (1 − θ)/τ − |v|/D (the seed's); 1: (1 − θ)/τ − θ|v|/D
  double a;         ///< linear velocity coefficient of Fk [s/m]
  double b;         ///< quadratic velocity coefficient of Fk about v0 [s²/m²]
  double c;         ///< spring constant [N/m]
  double eta;       ///< dashpot η [N·s/m]
  double v0;        ///< drive velocity [m/s]
  double duration;  ///< simulated time [s]
};

/// The catalog entry of the state-variable model.
const ModelSpec& stateVariableModel();
/// How it is computed: its equations and what is not verified about Popov's model.
EntryDocs stateVariableDocs();

/// Binds a resolved parameter set of stateVariableModel() to the struct.
StateVariableParams stateVariableParams(const ResolvedParams& resolved);

/// The block's state at the start of a run.
struct StateVariableStart {
  double x = 0;      ///< position [m]; the drive point is at v0·t
  double v = 0;      ///< velocity [m/s]
  double theta = 1;  ///< contact state [-]
};

/// Run controls that are not physics parameters.
struct StateVariableOptions {
  int samples = 2001;  ///< uniform output grid over [0, duration], plus event points
  /// A fixed RK4 step [s] (the comparison scheme); 0 = the spring-block's `auto`: Radau IIA to the
  /// engine's default tolerance.
  double step = 0;
  /// The adaptive methods' relative tolerance; 0 = the engine's default (SpringBlockOptions).
  double tolerance = 0;
  StateVariableStart start{};  ///< default: at rest, spring unstretched, θ = 1
  /// Told the fraction of the duration done, as a law's run tells it (RunSettings::progress).
  std::function<void(double)> progress;
};

/// The kinetic factor max(0, 1 + a|v| + b(v − v0)²) [-], i.e. Fk(v)/Fk0.
double kineticFactor(const StateVariableParams& p, double v);

/// Fk(v) = max(0, μk Fn (1 + a|v| + b(v − v0)²)) [N].
double kineticFriction(const StateVariableParams& p, double v);

/// Friction magnitude F(v, θ) = Fk(v) + (μs Fn − Fk(v)) θ [N]; at v = 0 it is the static limit.
double frictionMagnitude(const StateVariableParams& p, double v, double theta);

/// An RK4 step that resolves these parameters' time scales [s]: 100 per spring period, 10 per ageing
/// time, a quarter of the viscous and θ–v feedback times (for a fixed-step comparison run).
double chooseStep(const StateVariableParams& p);

/// Runs the model: the `state-variable` law on the spring-block's event-driven loop. `params` must be
/// valid (resolveParams checks ranges). Throws RunStopped (with the model's columns) for a run that
/// cannot complete.
SimulationResult simulateStateVariable(const StateVariableParams& params,
                                       const StateVariableOptions& options = {});

}  // namespace friction
