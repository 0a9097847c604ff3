#pragma once
// Friction laws: every law named by the seed documents, computed as its origin system computes it
// (each law's catalog citation names the source read; docs/reference/models.md, "Friction laws of the
// seeds", what is kept of each), plus the textbook Coulomb law and the seed app's θ law. Each law is
// data (its catalog entry) plus pure functions of (parameters, inputs) or, for the stateful ones, of
// (parameters, state, inputs) returning the next state.
//
// Sign convention for force vectors: `vt` is the velocity of the body relative to the surface, and
// every returned force is the friction force ON THE BODY, opposing the slip (or, at null velocity,
// the external force). Scalar curves give the friction force resisting the motion, signed like v
// (at v = 0, positive).

#include <array>
#include <cmath>
#include <limits>
#include <string_view>
#include <vector>

#include "friction/catalog.h"
#include "friction/parameters.h"

namespace friction {

using Vec3 = std::array<double, 3>;

/// What a law can compute.
struct LawCapabilities {
  bool coefficient;  ///< frictionCoefficient(): μ from the scalar inputs v, N, p, θ
  bool force;        ///< frictionForce(): the tangential force vector from vt, n, Fn, Fe
  bool stateful;     ///< stepLaw(): a sequence of calls with a remembered state
  bool dynamic;      ///< lawDynamics(): friction from internal state variables that obey an ODE
  /// A dynamic law with a true stick state whose limit follows its state (the θ model): it has no
  /// presliding displacement, and the spring-block holds it exactly at rest.
  bool holdsAtRest;
};

/// The most state variables a dynamic law has.
inline constexpr std::size_t kMaxLawState = 2;
using LawStateVector = std::array<double, kMaxLawState>;

/// A state variable of a dynamic law (LuGre's bristle deflection z, rate-and-state's θ), declared
/// once with its unit; `initial` says how a run from rest starts it.
struct StateVariableSpec {
  std::string_view key;      ///< "z", "theta"
  std::string_view symbol;   ///< "z", "θ"
  std::string_view label;    ///< "Bristle deflection"
  std::string_view unit;     ///< SI
  std::string_view initial;  ///< its value at the start of a run from rest, as a formula ("0", "Dc/V*")
  std::string_view help;
  std::string_view texSymbol = {};  ///< as the law's equations write it ("z", "\theta")
  /// The range the variable cannot leave (the θ model's 0 ≤ θ ≤ 1): the spring-block projects each
  /// accepted step onto it, as an explicit scheme's step may overshoot a bound the exact flow holds.
  double lower = -std::numeric_limits<double>::infinity();
  double upper = std::numeric_limits<double>::infinity();
};

/// One law: its catalog entry (id, name, description, citation, parameters), its origin system and
/// what it can compute.
struct LawSpec {
  ModelSpec spec;
  std::string_view
      origin;  ///< "Textbook", "Abbott app", "Ratel", "Drake", "OpenRadioss", "OpenSees", "Literature"
  LawCapabilities can;
  std::vector<std::string_view> inputs;  ///< the inputs it reads, by LawInputs field name
  std::vector<StateVariableSpec> state;  ///< a dynamic law's state variables, in order
};

/// A dynamic law at one instant: its friction and the rate of its state.
struct LawDynamics {
  double force = 0;       ///< friction force resisting the slip, signed like the slip it resists [N]
  LawStateVector rate{};  ///< d(state)/dt, in the state variables' units per second
};

/// Inputs of a law evaluation; each law reads the ones listed in its LawSpec::inputs.
struct LawInputs {
  double v = 0;       ///< slip velocity [m/s] (laws that use a speed take |v|)
  double N = 0;       ///< normal force [N], positive in compression
  double p = 0;       ///< contact pressure [Pa] (Radioss)
  double theta = -1;  ///< contact state θ in [0, 1] (abbott-theta); negative = its steady state at v
  Vec3 vt{};        ///< velocity of the body relative to the surface [m/s] (projected onto the tangent plane)
  Vec3 n{0, 0, 1};  ///< unit normal of the surface
  double Fn = 0;    ///< normal force magnitude [N]
  Vec3 Fe{};        ///< external tangential force on the body [N] (Ratel's null-velocity rule)
  double dt = 0;    ///< time step [s] (Radioss's DT12 for its stateful formulations)
};

/// What a stateful law remembers between steps. A fresh state is the origin's initial state.
struct LawState {
  Vec3 force{};     ///< Radioss: the previous tangential force Ft_old, in Radioss's sign (along Vt) [N]
  int segment = 0;  ///< OpenSees VelDepMultiLinear: the active segment (trialID)
};

/// One step of a stateful law.
struct LawStep {
  Vec3 force{};          ///< the friction force on the body [N] (vector laws; zero for scalar laws)
  double magnitude = 0;  ///< the friction force's magnitude [N] (OpenSees: μN if N > 0, else 0)
  double mu = 0;         ///< the friction coefficient used in this step
  double slope = 0;      ///< OpenSees: dF/dvel [N·s/m] as its getDFFrcDVel() returns it
  LawState state;        ///< pass it to the next step
};

/// A law's μ(v) and F(v) sampled for plotting.
struct LawCurve {
  std::vector<double> v;      ///< velocities [m/s]
  std::vector<double> mu;     ///< μ(v); NaN where the law has no coefficient
  std::vector<double> force;  ///< friction force resisting the motion, signed like v [N]; at v = 0
                              ///< the static value (e.g. μs·N for coulomb) is given as positive
};

/// How to sample a curve: `count` points from vMin to vMax (log spacing needs 0 < vMin), with
/// v = 0 added when it lies inside a linear range. N, p and θ as in LawInputs.
struct CurveRequest {
  double vMin = 0, vMax = 1;
  int count = 400;
  bool logarithmic = false;
  double N = 1, p = 0, theta = -1;
};

struct LawDefinition;
class SlidingForce;

/// A law with its parameters resolved and checked once, evaluated many times (curves, simulations).
class LawEvaluator {
 public:
  /// Throws InputError for an unknown law or bad parameters.
  LawEvaluator(std::string_view id, const ParamList& params);

  const LawSpec& spec() const;
  /// μ at the inputs, or NaN if the law has no coefficient.
  double coefficient(const LawInputs& inputs) const;
  /// The magnitude of the friction force [N] resisting a 1-D slip at velocity v with normal force N
  /// and pressure p (what curves plot, and what drives the spring-block): the law's own force rule
  /// where it has one, else μ(v)·N. At v = 0 it is the law's static value.
  double forceMagnitude(double v, double N, double p = 0, double theta = -1) const;
  /// forceMagnitude(·, N) bound to one normal force for a run's loop (see SlidingForce).
  SlidingForce slidingForce(double N) const;
  /// Throws InputError if these parameters make the law remember forces between calls.
  void requireStateless() const;
  /// True if these parameters make the law remember forces between calls (use step()).
  bool stateful() const;
  /// One step of the law's stateful form from `state` (inputs checked as stepLaw checks them).
  LawStep step(const LawState& state, const LawInputs& inputs) const;
  /// The tangential (penalty) stiffness [N/m] the law puts between body and surface while it holds,
  /// which bounds an explicit time step; 0 if it has none.
  double contactStiffness() const;
  /// True for a law whose friction follows internal state variables (see LawSpec::state).
  bool dynamic() const;
  /// A dynamic law's number of state variables (0 for the others).
  std::size_t stateSize() const;
  /// A dynamic law's friction and state rate at slip velocity v [m/s], normal force N [N] and state.
  LawDynamics dynamics(double v, double N, const LawStateVector& state) const;
  /// A dynamic law's state in steady sliding at v (v ≠ 0 for laws whose steady state needs motion).
  LawStateVector steadyState(double v, double N) const;
  /// A dynamic law's state at the start of a run from rest.
  LawStateVector initialState() const;
  /// The slip speed [m/s] below which the law is linear in v at rest, for laws where that is tiny
  /// (regularized rate-and-state: 2V*·e^(−μ0/a)); 0 if the law has none.
  double creepSpeed() const;
  /// True for a dynamic law with a true stick state whose limit follows its state (the θ model):
  /// the block rests exactly while the drive stays within staticLimit(N, state).
  bool holdsAtRest() const;
  /// Such a law's static limit [N] with normal force N in `state`.
  double staticLimit(double N, const LawStateVector& state) const;
  /// Such a law's state after resting dt [s] from `state`.
  LawStateVector restState(const LawStateVector& state, double dt) const;
  /// True for a dynamic law whose force rises with v at a fixed state (∂F/∂v > 0; rate-and-state with
  /// a > 0): what the quasi-static slider needs to solve its force balance for v.
  bool risesWithVelocity() const;
  /// ∂F/∂v [N·s/m] at a fixed state (laws that rise with velocity).
  double forceSlope(double v, double N, const LawStateVector& state) const;
  /// True for a law that rises with velocity and inverts its force in closed form (rate-and-state).
  bool invertsForce() const;
  /// Such a law's slip velocity [m/s] at which its friction is `force` [N] with normal force N > 0 at
  /// `state` (the classic rate-and-state form: its branch v > 0).
  double velocityForForce(double force, double N, const LawStateVector& state) const;
  /// The coefficients gᵢ with which the friction's rate dμ/dt enters dθᵢ/dt (Nagata et al. 2012); zeros
  /// for the other laws.
  LawStateVector frictionRateCoupling(const LawStateVector& state) const;
  /// True if these parameters make the state read the friction's rate (Nagata's law with c > 0).
  bool readsFrictionRate() const;
  /// True if the law's friction reads the normal force N.
  bool readsNormalForce() const;
  /// The state just after a step of the normal force from `before` to `after` [N] (Linker & Dieterich
  /// 1992 for rate-and-state); unchanged for laws whose state does not respond.
  LawStateVector afterNormalStep(double before, double after, const LawStateVector& state) const;
  /// Every parameter of the law, defaults filled in.
  const ResolvedParams& resolved() const { return resolved_; }

 private:
  const LawDefinition* law_;
  ResolvedParams resolved_;
};

/// A law's force magnitude F(v) resisting a 1-D slip at one normal force N, bound once for a run:
/// forceMagnitude(v, N) bit for bit. forceMagnitude builds LawInputs, checks them and dispatches through
/// the registry on every call, a third of a fixed-step loop's time; a law that offers its own 1-D rule
/// (LawDefinition::slidingForce) is called straight instead, with v and N in registers, reading its
/// parameters from the resolved set. Refers to `law`, which must outlive it.
class SlidingForce {
 public:
  /// F(v, N) for finite v and N, from the law's resolved parameters.
  using Rule = double (*)(const ResolvedParams&, double v, double N);
  /// `rule` nullptr, or N not finite: every call takes forceMagnitude's generic path.
  SlidingForce(const LawEvaluator& law, double N, Rule rule)
      : law_(&law), rule_(std::isfinite(N) ? rule : nullptr), N_(N) {}
  double operator()(double v) const {
    // A non-finite v takes the generic path, whose input check throws naming it.
    return rule_ && std::isfinite(v) ? rule_(law_->resolved(), v, N_) : law_->forceMagnitude(v, N_);
  }

 private:
  const LawEvaluator* law_;
  Rule rule_;
  double N_;
};

/// Every law, in menu order.
const std::vector<LawSpec>& lawCatalog();

/// The law called `id`. Throws InputError (field "law") naming the known ids.
const LawSpec& findLaw(std::string_view id);

/// μ for the inputs. Throws InputError for bad parameters or inputs, or if the law has no coefficient.
double frictionCoefficient(std::string_view id, const ParamList& params, const LawInputs& inputs);

/// The friction force on the body [N]. Throws InputError for bad parameters or inputs, or if the law
/// (as configured) has no stateless vector force.
Vec3 frictionForce(std::string_view id, const ParamList& params, const LawInputs& inputs);

/// One step of a stateful law from `state`. Throws InputError as above, or if the law is stateless.
LawStep stepLaw(std::string_view id, const ParamList& params, const LawState& state, const LawInputs& inputs);

/// A dynamic law's friction and state rate (checks the law, its parameters and the inputs). Throws
/// InputError if the law has no state.
LawDynamics lawDynamics(std::string_view id, const ParamList& params, double v, double N,
                        const LawStateVector& state);

/// μ(v) and F(v) over a velocity range, for plotting and comparing laws. A dynamic law is drawn at
/// its steady state.
LawCurve lawCurve(std::string_view id, const ParamList& params, const CurveRequest& request);

}  // namespace friction
