// The one work budget of every run (work_budget.h).

#include "system/work_budget.h"

#include <algorithm>
#include <cmath>
#include <exception>

#include "friction/parameters.h"

namespace friction {

WorkBudget::WorkBudget(double duration, double units)
    : duration_(duration), units_(units), nextCheck_(kCheckEvery * units) {}

// cost(duration) ≈ spent · duration / t: the pace so far carried over the whole run (infinite before t
// moves on).
double WorkBudget::projected(double t) const { return t > 0 ? spent_ * (duration_ / t) : INFINITY; }

bool WorkBudget::mustStop(double t, double beyond) {
  nextCheck_ = spent_ + kCheckEvery * units_;
  if (spent_ >= units_) return true;
  return spent_ >= kEarly * units_ && projected(t) >= beyond * units_;
}

WorkOverrun WorkBudget::overrun(double t) const {
  WorkOverrun out;
  out.t = t;
  out.duration = duration_;
  out.spent = spent_;
  out.budget = units_;
  out.projected = std::max(projected(t), spent_);
  out.exhausted = spent_ >= units_;
  return out;
}

// At this pace the budget carries duration · budget / projected; shown rounded down to two digits, so
// that a run asked for that long fits.
double WorkOverrun::affordableDuration() const {
  if (!(projected > 0) || !std::isfinite(projected)) return 0;
  const double carried = duration * budget / projected;
  if (!(carried > 0)) return 0;
  const double unit = std::pow(10.0, std::floor(std::log10(carried)) - 1);
  return std::floor(carried / unit) * unit;
}

namespace {
// "the work budget of a run (1.5 million units, …)": the budget in its units, and what it is in time
// natively (the default budget is about 1.5 s of computing; a smaller or larger one in proportion).
std::string budgetText(double units) {
  const double seconds = 1.5 * units / WorkBudget::kDefaultUnits;
  return "the work budget of a run (" + formatSignificant(units / 1e6, 2) + " million units, about " +
         formatSignificant(seconds, 2) + " s of computing)";
}
}  // namespace

std::string budgetMessage(const WorkOverrun& overrun, const std::string& cause, const std::string& change) {
  const double times = overrun.projected / overrun.budget;
  const std::string pace =
      overrun.exhausted && times < 1.05
          ? "it spent " + budgetText(overrun.budget) + " before its end"
          : "at its pace so far it would need about " +
                (std::isfinite(times) ? formatSignificant(times, 2) + " times" : "unboundedly more than") +
                " " + budgetText(overrun.budget);
  const double affordable = overrun.affordableDuration();
  const std::string shorter = affordable > 0 && affordable < overrun.duration
                                  ? "Shorten the duration to about " + formatSignificant(affordable, 2) + " s"
                                  : "Shorten the duration";
  return "The run was stopped at t = " + formatSignificant(overrun.t, 6) + " s of " +
         formatSignificant(overrun.duration, 6) + " s: " + pace + ". " + cause + " " + shorter + ", or " +
         change;
}

// The state's relaxation rate at steady sliding at v: each state variable nudged by a millionth of its
// steady value, the change of its own rate divided by the nudge.
double stateRelaxationRate(const LawEvaluator& law, double v, double N) {
  if (!law.dynamic() || !(std::fabs(v) > 0)) return 0;
  try {
    const LawStateVector steady = law.steadyState(v, N);
    const LawDynamics at = law.dynamics(v, N, steady);
    double fastest = 0;
    for (std::size_t i = 0; i < law.stateSize(); ++i) {
      LawStateVector nudged = steady;
      const double delta = 1e-6 * std::max(std::fabs(steady[i]), 1e-300);
      nudged[i] += delta;
      const double rate = std::fabs((law.dynamics(v, N, nudged).rate[i] - at.rate[i]) / delta);
      if (std::isfinite(rate)) fastest = std::max(fastest, rate);
    }
    return fastest;
  } catch (const std::exception&) {
    return 0;  // a law undefined there (classic rate-and-state at rest): no rate to name
  }
}

}  // namespace friction
