// What takes a scenario to steady sliding, read off its closed-form stability boundary (friction/sweep.h,
// steadySliding): the margin the stability map draws, followed along each parameter it reads to where it
// turns positive.

#include <algorithm>
#include <cmath>
#include <optional>
#include <string>
#include <vector>

#include "friction/errors.h"
#include "friction/laws.h"
#include "friction/sweep.h"

namespace friction {
namespace {

// One parameter that moves a closed form's margin, and why moving it helps, in words.
struct Candidate {
  std::string target;  // "params" or "system"
  std::string key;
  std::string reason;
};

const char* const kDamping = "damping above the critical value";
const char* const kPastWeakening =
    "a drive speed past the velocity-weakening range, where friction no longer falls as the block speeds up";

// The parameters each closed form reads (stabilityMargin's cases, in its order), with their reasons.
std::vector<Candidate> candidatesOf(const Scenario& scenario) {
  if (scenario.model == "abbott-seed")
    return {
        {"params", "eta", kDamping},
        {"params", "v0", std::string(kPastWeakening) + " (v0 ≥ D/τ: the contact state stays renewed)"},
        {"params", "va", "kinetic friction that rises with speed (Va), damping the slip as a dashpot does"}};
  if (scenario.model == "state-variable")
    return {
        {"params", "eta", kDamping},
        {"params", "v0", std::string(kPastWeakening) + " (v0 ≥ D/τ: the contact state stays renewed)"},
        {"params", "a", "kinetic friction that rises with speed (a), damping the slip as a dashpot does"}};
  if (!scenario.model.empty()) return {};
  if (scenario.law == "rate-state" && scenario.start == SpringBlockStart::Steady)
    return {{"system", "c", "a spring stiffer than the critical stiffness N(b − a)/Dc"},
            {"system", "eta", kDamping},
            {"system", "v0", "a drive speed at which the stiffness is above critical"}};
  if (scenario.start == SpringBlockStart::Steady)
    return {{"system", "eta", "damping above the critical value −dF/dv(v0)"},
            {"system", "v0", kPastWeakening}};
  if (scenario.law == "coulomb")
    return {
        {"system", "eta", "damping that keeps the first slip from overshooting back to rest (ζ past its r*)"},
        {"system", "v0", "a drive fast enough that the first slip never comes back to rest (r > r*(ζ))"}};
  return {};
}

// The scenario with `key` set to `value` in its target.
Scenario withValue(Scenario scenario, const Candidate& candidate, double value) {
  ParamList& list = candidate.target == "system" ? scenario.system : scenario.params;
  list.erase(std::remove_if(list.begin(), list.end(),
                            [&](const auto& entry) { return entry.first == candidate.key; }),
             list.end());
  list.emplace_back(candidate.key, value);
  return scenario;
}

// The margin with the candidate at `value`; NaN where the scenario refuses it (a rule across parameters).
double marginAt(const Scenario& scenario, const Candidate& candidate, double value) {
  try {
    return stabilityMargin(withValue(scenario, candidate, value)).value;
  } catch (const InputError&) {
    return NAN;
  }
}

// A parameter's catalog entry and its value in the scenario (given or default).
struct Axis {
  const ParamSpec* spec;
  double current;
  bool logarithmic;  // searched in ln(value): a range of positive values
};
std::optional<Axis> axisOf(const Scenario& scenario, const Candidate& candidate) {
  const ModelSpec& model = candidate.target == "system" ? springBlockSystemModel()
                           : scenario.model.empty()     ? findLaw(scenario.law).spec
                                                        : findModel(scenario.model);
  const ParamSpec* spec = model.findParam(candidate.key);
  if (!spec) return std::nullopt;
  const ParamList& given = candidate.target == "system" ? scenario.system : scenario.params;
  const double current = resolveParams(model, given).get(candidate.key);
  return Axis{spec, current, spec->min > 0 && spec->scale == Scale::Log};
}

// The coordinate searched and back: ln(value) on a logarithmic axis, the value itself otherwise.
double toSearch(const Axis& axis, double value) { return axis.logarithmic ? std::log(value) : value; }
double fromSearch(const Axis& axis, double u) { return axis.logarithmic ? std::exp(u) : u; }

// Where the margin turns positive nearest the current value going `direction` (+1 up, −1 down) within the
// accepted range: steps that grow by half each time from a thousandth of the slider's span, then bisection
// to 1e-12 of that span. NaN if it never does.
double boundaryTowards(const Scenario& scenario, const Candidate& candidate, const Axis& axis,
                       double direction) {
  const double low = toSearch(axis, axis.logarithmic ? axis.spec->min : std::max(axis.spec->min, -1e300));
  const double high = toSearch(axis, axis.spec->max);
  const double span =
      std::fabs(toSearch(axis, axis.spec->sliderHigh()) - toSearch(axis, axis.spec->sliderLow()));
  const double from = toSearch(axis, axis.current);
  double previous = from, step = 1e-3 * span;
  for (int k = 0; k < 200; ++k, step *= 1.5) {
    const double u = std::clamp(from + direction * step, low, high);
    if (u == previous) return NAN;  // the range's end, still not steady
    if (marginAt(scenario, candidate, fromSearch(axis, u)) > 0) {
      double inside = previous, outside = u;  // not steady at `inside`, steady at `outside`
      for (int i = 0; i < 100 && std::fabs(outside - inside) > 1e-12 * span; ++i) {
        const double mid = 0.5 * (inside + outside);
        (marginAt(scenario, candidate, fromSearch(axis, mid)) > 0 ? outside : inside) = mid;
      }
      // On the boundary already (a neutral margin of 0, the seed's η = 0): the boundary is the value itself.
      return std::fabs(outside - from) <= 1e-9 * span ? axis.current : fromSearch(axis, outside);
    }
    previous = u;
  }
  return NAN;
}

// Whether the scenario's own run slides steadily in the end, as a map's cell is judged: steady, decaying
// towards it, or settling on it. A scenario the engine refuses, or a run that stops, does not.
bool slides(const Scenario& scenario) {
  try {
    const Regime regime = run(RunSpec(scenario)).summary.regime;
    return regime == Regime::Steady || regime == Regime::Decaying || regime == Regime::Settling;
  } catch (const InputError&) {
    return false;
  } catch (const SimulationError&) {
    return false;
  }
}

// `u` in the search coordinate rounded away from `direction`'s origin to two significant digits of its
// value: a number to type.
double roundedOutwards(const Axis& axis, double u, double direction) {
  const double value = fromSearch(axis, u);
  if (value == 0) return value;
  const double scale = std::pow(10.0, std::floor(std::log10(std::fabs(value))) - 1);
  return (direction > 0 ? std::ceil(value / scale) : std::floor(value / scale)) * scale;
}

// From `start` (the closed form's boundary, or the current value where the closed form already predicts
// steady sliding) going `direction`: the nearest value whose run slides steadily. The closed form is a
// linear criterion about steady sliding; a block started from rest may still fall into stick-slip past it
// (its first slip overshooting back to rest, where the contact heals), so the runs decide the value:
// steps growing by half from 2 % of the slider's span, then 8 bisections, then rounded outwards to two
// significant digits if that still slides. NaN if no value within the accepted range slides.
double slidingValueFrom(const Scenario& scenario, const Candidate& candidate, const Axis& axis, double start,
                        double direction) {
  auto slidesAt = [&](double u) { return slides(withValue(scenario, candidate, fromSearch(axis, u))); };
  const double low = toSearch(axis, axis.logarithmic ? axis.spec->min : std::max(axis.spec->min, -1e300));
  const double high = toSearch(axis, axis.spec->max);
  const double span =
      std::fabs(toSearch(axis, axis.spec->sliderHigh()) - toSearch(axis, axis.spec->sliderLow()));
  double inside = toSearch(axis, start), outside = NAN;
  if (slidesAt(inside)) {
    outside = inside;
  } else {
    for (double step = 0.02 * span; step < 1e300; step *= 1.5) {
      const double u = std::clamp(toSearch(axis, start) + direction * step, low, high);
      if (u == inside) return NAN;  // the range's end, and still no steady sliding
      if (slidesAt(u)) {
        outside = u;
        break;
      }
      inside = u;
    }
    for (int i = 0; i < 8; ++i) {
      const double mid = 0.5 * (inside + outside);
      (slidesAt(mid) ? outside : inside) = mid;
    }
  }
  const double rounded = roundedOutwards(axis, outside, direction);
  if (axis.spec->accepts(rounded) && slidesAt(toSearch(axis, rounded))) return rounded;
  return fromSearch(axis, outside);
}

// Which way the margin grows from the current value (the closed form predicts steady sliding there).
double risingDirection(const Scenario& scenario, const Candidate& candidate, const Axis& axis) {
  const double u = toSearch(axis, axis.current), delta = 1e-3 * std::max(std::fabs(u), 1e-3);
  const double up = marginAt(scenario, candidate, fromSearch(axis, u + delta));
  const double down = marginAt(scenario, candidate, fromSearch(axis, u - delta));
  return !(down > up) ? 1.0 : -1.0;
}

// The change of one parameter nearest its current value that slides steadily, or none.
std::optional<SlidingChange> nearestChange(const Scenario& scenario, const Candidate& candidate,
                                           bool predicted) {
  const std::optional<Axis> axis = axisOf(scenario, candidate);
  if (!axis) return std::nullopt;
  std::optional<SlidingChange> nearest;
  double nearestDistance = INFINITY;
  for (const double direction : {1.0, -1.0}) {
    if (predicted && direction != risingDirection(scenario, candidate, *axis)) continue;
    const double boundary = predicted ? NAN : boundaryTowards(scenario, candidate, *axis, direction);
    if (!predicted && std::isnan(boundary)) continue;
    const double value =
        slidingValueFrom(scenario, candidate, *axis, predicted ? axis->current : boundary, direction);
    if (std::isnan(value)) continue;
    const double distance = std::fabs(toSearch(*axis, value) - toSearch(*axis, axis->current));
    if (distance >= nearestDistance) continue;
    nearestDistance = distance;
    nearest =
        SlidingChange{candidate.target, candidate.key, axis->current, value, boundary, candidate.reason};
  }
  return nearest;
}

}  // namespace

SteadySliding steadySliding(const Scenario& scenario) {
  SteadySliding result;
  // With the drive at rest there is no sliding to steady: a free vibration ends at rest.
  for (const auto& [key, value] : scenario.system)
    if (key == "v0" && !value.isList && value.items.at(0) == 0) return result;
  const StabilityMargin margin = stabilityMargin(scenario);
  if (!margin.known) return result;
  result.known = true;
  result.criterion = margin.criterion;
  result.margin = margin.value;
  result.steady = margin.value > 0;
  result.slides = slides(scenario);
  if (result.slides) return result;
  for (const Candidate& candidate : candidatesOf(scenario))
    if (const std::optional<SlidingChange> change = nearestChange(scenario, candidate, result.steady))
      result.changes.push_back(*change);
  std::sort(result.changes.begin(), result.changes.end(), [](const SlidingChange& a, const SlidingChange& b) {
    return std::fabs(a.value - a.current) / std::max(std::fabs(a.current), std::fabs(a.value)) <
           std::fabs(b.value - b.current) / std::max(std::fabs(b.current), std::fabs(b.value));
  });
  return result;
}

}  // namespace friction
