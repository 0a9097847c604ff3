// The law registry, input checks and dispatch, and curve sampling.

#include <algorithm>
#include <array>
#include <cmath>
#include <limits>

#include "friction/errors.h"
#include "friction/laws.h"
#include "laws/law_registry.h"
#include "laws/vec3.h"

namespace friction {
namespace {

// The inputs a law may read, in the order of their bits in LawDefinition::inputBits.
constexpr std::array<std::string_view, 9> kInputNames = {"v", "N", "p", "theta", "vt", "Fn", "Fe", "n", "dt"};
enum class Input { V, N, P, Theta, Vt, Fn, Fe, Normal, Dt };

unsigned inputBits(const std::vector<std::string_view>& inputs) {
  unsigned bits = 0;
  for (std::size_t i = 0; i < kInputNames.size(); ++i)
    if (std::find(inputs.begin(), inputs.end(), kInputNames[i]) != inputs.end()) bits |= 1u << i;
  return bits;
}

const std::vector<LawDefinition>& definitions() {
  static const std::vector<LawDefinition> all = [] {
    std::vector<LawDefinition> laws;
    addTextbookLaws(laws);
    addRatelLaws(laws);
    addDrakeLaws(laws);
    addRadiossLaws(laws);
    addOpenSeesLaws(laws);
    addDynamicLaws(laws);
    addRsfLaws(laws);
    for (LawDefinition& law : laws) law.inputBits = inputBits(law.inputs);
    return laws;
  }();
  return all;
}

const LawDefinition& findDefinition(std::string_view id) {
  for (const LawDefinition& law : definitions())
    if (law.spec.id == id) return law;
  std::string known;
  for (const LawDefinition& law : definitions())
    known += (known.empty() ? "" : ", ") + std::string(law.spec.id);
  throw InputError("law", "Unknown law '" + std::string(id) + "'; the laws are: " + known + ".");
}

bool reads(const LawDefinition& law, Input input) {
  return law.inputBits >> static_cast<unsigned>(input) & 1u;
}

void requireFinite(double value, std::string_view name, std::string_view unit) {
  if (!std::isfinite(value))
    throw InputError(std::string(name), "Input " + std::string(name) + " must be a finite number" +
                                            (unit.empty() ? "" : " [" + std::string(unit) + "]") + "; got " +
                                            formatNumber(value) + ".");
}

void requireFinite(const Vec3& value, std::string_view name, std::string_view unit) {
  for (double component : value) requireFinite(component, name, unit);
}

// Checks the inputs the law reads: finite numbers, θ ≤ 1, a unit normal, a positive time step.
void checkInputs(const LawDefinition& law, const LawInputs& in, bool stepping) {
  if (reads(law, Input::V)) requireFinite(in.v, "v", "m/s");
  if (reads(law, Input::N)) requireFinite(in.N, "N", "N");
  if (reads(law, Input::P)) requireFinite(in.p, "p", "Pa");
  if (reads(law, Input::Theta)) {
    requireFinite(in.theta, "theta", "");
    if (in.theta > 1)
      throw InputError("theta", "Input theta must be in [0, 1] (or negative for its steady state); got " +
                                    formatNumber(in.theta) + ".");
  }
  if (reads(law, Input::Vt)) requireFinite(in.vt, "vt", "m/s");
  if (reads(law, Input::Fn)) requireFinite(in.Fn, "Fn", "N");
  if (reads(law, Input::Fe)) requireFinite(in.Fe, "Fe", "N");
  if (reads(law, Input::Normal)) {
    requireFinite(in.n, "n", "");
    const double length = norm(in.n);
    if (std::fabs(length - 1) > 1e-9)
      throw InputError("n",
                       "Input n must be a unit normal vector; its length is " + formatNumber(length) + ".");
  }
  if (stepping && reads(law, Input::Dt) && !(std::isfinite(in.dt) && in.dt > 0))
    throw InputError("dt", "Input dt must be a time step > 0 s; got " + formatNumber(in.dt) + " s.");
}

ResolvedParams resolveLaw(const LawDefinition& law, const ParamList& params) {
  ResolvedParams resolved = resolveParams(law.spec, params);
  if (law.validate) law.validate(resolved);
  return resolved;
}

[[noreturn]] void missing(const LawDefinition& law, std::string_view what) {
  throw InputError("law", "Law '" + std::string(law.spec.id) + "' has no " + std::string(what) + ".");
}

}  // namespace

void (*lawValidator(std::string_view id))(const ResolvedParams&) { return findDefinition(id).validate; }

const std::vector<LawSpec>& lawCatalog() {
  static const std::vector<LawSpec> catalog = [] {
    std::vector<LawSpec> specs;
    for (const LawDefinition& law : definitions())
      specs.push_back({law.spec,
                       law.origin,
                       {law.coefficient != nullptr, law.force != nullptr, law.step != nullptr,
                        law.dynamics != nullptr, law.staticLimit != nullptr},
                       law.inputs,
                       law.state});
    return specs;
  }();
  return catalog;
}

const LawSpec& findLaw(std::string_view id) {
  findDefinition(id);  // throws for an unknown id
  for (const LawSpec& spec : lawCatalog())
    if (spec.spec.id == id) return spec;
  throw InputError("law", "Unknown law '" + std::string(id) + "'.");
}

double frictionCoefficient(std::string_view id, const ParamList& params, const LawInputs& inputs) {
  const LawDefinition& law = findDefinition(id);
  if (!law.coefficient) missing(law, "friction coefficient");
  const ResolvedParams resolved = resolveLaw(law, params);
  checkInputs(law, inputs, false);
  return law.coefficient(resolved, inputs);
}

Vec3 frictionForce(std::string_view id, const ParamList& params, const LawInputs& inputs) {
  const LawDefinition& law = findDefinition(id);
  if (!law.force) missing(law, "vector friction force");
  const ResolvedParams resolved = resolveLaw(law, params);
  if (law.requireStatelessForce) law.requireStatelessForce(resolved);
  checkInputs(law, inputs, false);
  return law.force(resolved, inputs);
}

LawStep stepLaw(std::string_view id, const ParamList& params, const LawState& state,
                const LawInputs& inputs) {
  const LawDefinition& law = findDefinition(id);
  if (!law.step) missing(law, "stateful form");
  const ResolvedParams resolved = resolveLaw(law, params);
  checkInputs(law, inputs, true);
  return law.step(resolved, state, inputs);
}

LawEvaluator::LawEvaluator(std::string_view id, const ParamList& params)
    : law_(&findDefinition(id)), resolved_(resolveLaw(*law_, params)) {}

const LawSpec& LawEvaluator::spec() const { return findLaw(law_->spec.id); }

double LawEvaluator::coefficient(const LawInputs& in) const {
  return law_->coefficient ? law_->coefficient(resolved_, in) : std::numeric_limits<double>::quiet_NaN();
}

double LawEvaluator::forceMagnitude(double v, double N, double p, double theta) const {
  LawInputs in;
  in.v = v;
  in.N = N;
  in.p = p;
  in.theta = theta;
  in.vt = {std::fabs(v), 0, 0};
  in.n = {0, 0, 1};
  in.Fn = N;
  // vt, n and Fn are built here from v and N (n a unit normal): when the caller's four numbers are
  // finite and θ ≤ 1, every input the law can read passes, so the full check (a per-input test and
  // a norm, on the integrators' hot path) runs only to name the input that fails.
  const bool callerInputsValid =
      std::isfinite(v) && std::isfinite(N) && std::isfinite(p) && std::isfinite(theta) && theta <= 1;
  if (!callerInputsValid) checkInputs(*law_, in, false);
  if (law_->curveForce) return law_->curveForce(resolved_, in);
  if (law_->force) return norm(law_->force(resolved_, in));
  return coefficient(in) * N;
}

SlidingForce LawEvaluator::slidingForce(double N) const { return SlidingForce(*this, N, law_->slidingForce); }

void LawEvaluator::requireStateless() const {
  if (law_->requireStatelessForce) law_->requireStatelessForce(resolved_);
}

bool LawEvaluator::stateful() const {
  if (!law_->force && !law_->coefficient) return law_->step != nullptr;
  try {
    requireStateless();
    return false;
  } catch (const InputError&) {
    return true;
  }
}

LawStep LawEvaluator::step(const LawState& state, const LawInputs& inputs) const {
  if (!law_->step) missing(*law_, "stateful form");
  checkInputs(*law_, inputs, true);
  return law_->step(resolved_, state, inputs);
}

double LawEvaluator::contactStiffness() const { return law_->stiffness ? law_->stiffness(resolved_) : 0.0; }

bool LawEvaluator::dynamic() const { return law_->dynamics != nullptr; }

std::size_t LawEvaluator::stateSize() const { return law_->state.size(); }

LawDynamics LawEvaluator::dynamics(double v, double N, const LawStateVector& state) const {
  if (!law_->dynamics) missing(*law_, "internal state");
  return law_->dynamics(resolved_, v, N, state);
}

LawStateVector LawEvaluator::steadyState(double v, double N) const {
  if (!law_->steadyState) missing(*law_, "internal state");
  return law_->steadyState(resolved_, v, N);
}

LawStateVector LawEvaluator::initialState() const {
  if (!law_->initialState) return {};
  return law_->initialState(resolved_);
}

double LawEvaluator::creepSpeed() const { return law_->creepSpeed ? law_->creepSpeed(resolved_) : 0.0; }

bool LawEvaluator::holdsAtRest() const { return law_->staticLimit != nullptr; }

double LawEvaluator::staticLimit(double N, const LawStateVector& state) const {
  if (!law_->staticLimit) missing(*law_, "state-dependent static limit");
  return law_->staticLimit(resolved_, N, state);
}

LawStateVector LawEvaluator::restState(const LawStateVector& state, double dt) const {
  if (!law_->restState) missing(*law_, "state-dependent static limit");
  return law_->restState(resolved_, state, dt);
}

bool LawEvaluator::risesWithVelocity() const { return law_->forceSlope != nullptr; }

double LawEvaluator::forceSlope(double v, double N, const LawStateVector& state) const {
  if (!law_->forceSlope) missing(*law_, "force slope at a fixed state");
  return law_->forceSlope(resolved_, v, N, state);
}

bool LawEvaluator::invertsForce() const { return law_->velocityForForce != nullptr; }

double LawEvaluator::velocityForForce(double force, double N, const LawStateVector& state) const {
  if (!law_->velocityForForce) missing(*law_, "closed-form inverse of its force");
  return law_->velocityForForce(resolved_, force, N, state);
}

LawStateVector LawEvaluator::frictionRateCoupling(const LawStateVector& state) const {
  return law_->frictionRateCoupling ? law_->frictionRateCoupling(resolved_, state) : LawStateVector{};
}

bool LawEvaluator::readsFrictionRate() const {
  const LawStateVector g = frictionRateCoupling({1, 1});
  return g[0] != 0 || g[1] != 0;
}

bool LawEvaluator::readsNormalForce() const { return reads(*law_, Input::N); }

LawStateVector LawEvaluator::afterNormalStep(double before, double after, const LawStateVector& state) const {
  return law_->normalForceStep ? law_->normalForceStep(resolved_, before, after, state) : state;
}

LawDynamics lawDynamics(std::string_view id, const ParamList& params, double v, double N,
                        const LawStateVector& state) {
  const LawEvaluator law(id, params);
  requireFinite(v, "v", "m/s");
  requireFinite(N, "N", "N");
  for (std::size_t i = 0; i < law.stateSize(); ++i)
    requireFinite(state[i], law.spec().state[i].key, law.spec().state[i].unit);
  return law.dynamics(v, N, state);
}

LawCurve lawCurve(std::string_view id, const ParamList& params, const CurveRequest& request) {
  const LawEvaluator law(id, params);
  requireFinite(request.vMin, "vMin", "m/s");
  requireFinite(request.vMax, "vMax", "m/s");
  require(request.vMin < request.vMax, "vMax", [&] {
    return std::string("vMax must be greater than vMin; got " + formatNumber(request.vMax) + " m/s and " +
                       formatNumber(request.vMin) + " m/s.");
  });
  require(request.count >= 2 && request.count <= 20000, "count", [&] {
    return std::string("count must be between 2 and 20000 points; got " + std::to_string(request.count) +
                       ".");
  });
  require(!request.logarithmic || request.vMin > 0, "vMin", [&] {
    return std::string("A logarithmic velocity axis needs vMin > 0 m/s; got " + formatNumber(request.vMin) +
                       " m/s.");
  });

  LawCurve curve;
  const int n = request.count;
  for (int i = 0; i < n; ++i) {
    const double fraction = static_cast<double>(i) / (n - 1);
    const double v =
        request.logarithmic
            ? std::exp(std::log(request.vMin) + fraction * (std::log(request.vMax) - std::log(request.vMin)))
            : request.vMin + fraction * (request.vMax - request.vMin);
    // On a linear axis through 0, add v = 0 itself: that is where the laws differ most.
    if (!request.logarithmic && !curve.v.empty() && curve.v.back() < 0 && v > 0) curve.v.push_back(0.0);
    curve.v.push_back(v);
  }

  for (double v : curve.v) {
    LawInputs in;
    in.v = v;
    in.N = request.N;
    in.p = request.p;
    in.theta = request.theta;
    const double magnitude = law.forceMagnitude(v, request.N, request.p, request.theta);
    curve.mu.push_back(law.coefficient(in));
    // Resisting the motion, signed like v; at v = 0 the static value is shown on the positive side.
    curve.force.push_back(v < 0 ? -magnitude : magnitude);
  }
  return curve;
}

}  // namespace friction
