// The analysis every spring-block scheme shares (run_analysis.h).

#include "analysis/run_analysis.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

namespace friction {
namespace {

// Times where v rises through v0, interpolated between rows: one per oscillation cycle.
std::vector<double> upwardCrossings(const Trace& trace, double v0) {
  std::vector<double> times;
  for (std::size_t i = 1; i < trace.size(); ++i) {
    const double a = trace.v[i - 1] - v0, b = trace.v[i] - v0;
    if (a < 0 && b >= 0 && trace.t[i] > trace.t[i - 1])
      times.push_back(trace.t[i - 1] + (trace.t[i] - trace.t[i - 1]) * a / (a - b));
  }
  return times;
}

// The spacing of the last of `times` if the last two spacings agree to 0.1 %, else 0.
double settledSpacing(const std::vector<double>& times) {
  if (times.size() < 3) return 0;
  const std::size_t n = times.size();
  const double last = times[n - 1] - times[n - 2], before = times[n - 2] - times[n - 3];
  return std::fabs(last - before) <= 1e-3 * last ? last : 0;
}

// The break-away peak of a law without a true stick state: the first local maximum of its steady
// friction F_ss(v) (forceMagnitude, a dynamic law's steady state) as the speed rises from rest, the
// most a block leaving rest must pass before the friction falls towards its kinetic value: Drake's
// μs·N at vs, LuGre's ≈ Fs at v ≈ σ2·vs²/(2(Fs − Fc)). Sampled on steepestSlope's grid (1e-12·v0 to
// 100·v0, ten points per decade): the largest sample before the friction has fallen below it by more
// than 1e-9 (rounding on a plateau is no fall), refined by golden-section search in ln v between its
// neighbours. A maximum at the grid's low end is the limit at rest only if the curve has levelled off
// there (a Gaussian Stribeck drop without viscous term); velocity-weakening rate-and-state grows
// without bound as v → 0 and has none. NaN if there is no peak.
double breakAwayPeak(const LawEvaluator& law, double Fn, double vReference) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> v, F;
  for (int k = 0; k <= 140; ++k) {
    v.push_back(vReference * std::pow(10.0, -12 + 0.1 * k));
    F.push_back(law.forceMagnitude(v.back(), Fn));
    if (!std::isfinite(F.back())) return nan;
  }
  std::size_t top = 0, fall = 0;
  for (std::size_t k = 1; k < F.size() && fall == 0; ++k) {
    if (F[k] > F[top])
      top = k;
    else if (F[k] < F[top] * (1 - 1e-9))
      fall = k;
  }
  if (fall == 0 || !(F[top] > 0)) return nan;
  if (top == 0) return std::fabs(F[1] - F[0]) <= 1e-6 * F[0] ? F[0] : nan;
  auto at = [&](double lnv) { return law.forceMagnitude(std::exp(lnv), Fn); };
  const double r = 0.5 * (std::sqrt(5.0) - 1);
  double a = std::log(v[top - 1]), b = std::log(v[top + 1]);
  double c = b - r * (b - a), d = a + r * (b - a), fc = at(c), fd = at(d);
  for (int i = 0; i < 80; ++i) {
    if (fc >= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - r * (b - a);
      fc = at(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + r * (b - a);
      fd = at(d);
    }
  }
  return std::max({F[top], fc, fd});
}

// The index of the last row at or before t (0 if none is).
std::size_t rowAtOrBefore(const Trace& trace, double t) {
  const auto after = std::upper_bound(trace.t.begin(), trace.t.end(), t);
  return after == trace.t.begin() ? 0 : static_cast<std::size_t>(after - trace.t.begin()) - 1;
}

// Each hold of the drive (a step to v_lp = 0 after one at speed, followed by one at speed) with its
// healing as friction labs read it from the output rows (Marone 1998, Fig. 5): μ_ss at the hold's
// start, μ at its end, and the peak while reloading, up to the next change of the drive or the end:
//   Δμ = μ_peak − μ_ss,   Δμ_c = μ_ss − μ(end of hold).
std::vector<HoldHealing> holdHealing(const Trace& trace, const SpringBlockSystem& sys) {
  std::vector<HoldHealing> holds;
  const std::vector<Breakpoint>& steps = sys.driveSteps;
  auto muAt = [&](std::size_t row) {
    return trace.friction[row] / stepValueAt(sys.normalSteps, trace.t[row], sys.Fn);
  };
  for (std::size_t k = 1; k + 1 < steps.size(); ++k) {
    if (steps[k].value != 0 || steps[k - 1].value == 0 || steps[k + 1].value == 0) continue;
    const double start = steps[k].t, end = steps[k + 1].t;
    const double reloadEnd = k + 2 < steps.size() ? steps[k + 2].t : trace.t.back();
    HoldHealing hold;
    hold.start = start;
    hold.duration = end - start;
    hold.steadyMu = muAt(rowAtOrBefore(trace, start));
    hold.relaxedMu = muAt(rowAtOrBefore(trace, end));
    hold.peakMu = hold.relaxedMu;
    for (std::size_t i = rowAtOrBefore(trace, end); i < trace.size() && trace.t[i] <= reloadEnd; ++i)
      hold.peakMu = std::max(hold.peakMu, muAt(i));
    hold.healing = hold.peakMu - hold.steadyMu;
    hold.relaxation = hold.steadyMu - hold.relaxedMu;
    holds.push_back(hold);
  }
  return holds;
}

// The rows from time `from` on (t and v only: what the regime classifier reads).
Trace rowsFrom(const Trace& trace, double from) {
  Trace tail;
  for (std::size_t i = rowAtOrBefore(trace, from); i < trace.size(); ++i) {
    tail.t.push_back(trace.t[i]);
    tail.v.push_back(trace.v[i]);
  }
  return tail;
}

}  // namespace

// A law without a true stick state (regularized or dynamic) never rests exactly: its "stick" is
// creep or presliding. Its stick intervals are the spans of output rows with |v| ≤ 1 % of v0. Each
// entry into such a span (after the first row: a run from rest starts there) is a stick event and each
// exit (before the last row) a break-away, at the rows' times, so that the events count the intervals.
void nearRestIntervals(SpringBlockResult& result, const SpringBlockSystem& sys) {
  const Trace& trace = result.trace;
  SpringBlockSummary& summary = result.summary;
  summary.stickIntervals.clear();
  summary.slipIntervals.clear();
  const double threshold = 1e-2 * sys.v0;
  summary.nearRestThreshold = threshold;
  std::size_t start = 0;
  for (std::size_t i = 1; i <= trace.size(); ++i) {
    const bool resting = std::fabs(trace.v[start]) <= threshold;
    if (i < trace.size() && (std::fabs(trace.v[i]) <= threshold) == resting) continue;
    const double end = i < trace.size() ? trace.t[i] : trace.t.back();
    (resting ? summary.stickIntervals : summary.slipIntervals).push_back({trace.t[start], end});
    start = i;
  }
  for (const Interval& stick : summary.stickIntervals) {
    if (stick.start > trace.t.front()) summary.events.push_back({stick.start, EventKind::Stick});
    if (stick.end < trace.t.back()) summary.events.push_back({stick.end, EventKind::BreakAway});
  }
  std::stable_sort(summary.events.begin(), summary.events.end(),
                   [](const SpringBlockEvent& a, const SpringBlockEvent& b) { return a.t < b.t; });
}

// What a law's static limit is on this system (SpringBlockSummary::staticLimit): the force `hold` it
// holds at rest if that is positive (a true stick state), else its break-away peak, else none (NaN).
void setStaticLimit(SpringBlockSummary& summary, const LawEvaluator& law, const SpringBlockSystem& sys,
                    double hold) {
  const double peak = hold > 0 ? hold : breakAwayPeak(law, sys.Fn, sys.v0);
  summary.staticLimitKind = hold > 0              ? StaticLimitKind::Stick
                            : std::isfinite(peak) ? StaticLimitKind::Peak
                                                  : StaticLimitKind::None;
  summary.staticLimit = peak;
}

// Regime and period: the analysis every scheme shares.
void finishAnalysis(SpringBlockResult& result, const SpringBlockSystem& sys) {
  SpringBlockSummary& summary = result.summary;
  const Trace& trace = result.trace;

  // The regime, by the one classifier the models and the maps use, from the time spent stuck (at rest,
  // or near rest for a law without a true stick) in the last quarter. A drive that changes (velocity
  // steps, holds, a table, normal-force steps) is judged after its last change, at its last speed: a hold
  // the protocol imposes is not stick-slip, and a settled velocity step is sliding at its new speed.
  const double lastChange = std::max(sys.driveSteps.empty() ? 0.0 : sys.driveSteps.back().t,
                                     sys.normalSteps.empty() ? 0.0 : sys.normalSteps.back().t);
  const double judgedFrom = lastChange + 0.75 * (sys.duration - lastChange);
  double stuckTime = 0;
  for (const Interval& stick : summary.stickIntervals)
    stuckTime += std::max(0.0, stick.end - std::max(stick.start, judgedFrom));
  const double lastSpeed = stepValueAt(sys.driveSteps, sys.duration, sys.v0);
  const RegimeVerdict verdict = lastChange > 0 ? classifyRegime(rowsFrom(trace, lastChange),
                                                                lastSpeed > 0 ? lastSpeed : sys.v0, stuckTime)
                                               : classifyRegime(trace, sys.v0, stuckTime);
  summary.regime = verdict.regime;
  summary.growthRate = verdict.growthRate;
  summary.holds = holdHealing(trace, sys);

  // The limit-cycle period: the spacing of the last break-aways, if the last two spacings agree to
  // 0.1 % (an adaptive run agrees to ~1e-9; a first-order fixed-step run only to its own error).
  // Without located break-aways (no true stick state), the spacing of the upward crossings of v0 in
  // a settled stick-slip or oscillation.
  std::vector<double> breaks;
  for (const SpringBlockEvent& e : summary.events)  // near-rest break-aways are only as fine as the rows
    if (e.kind == EventKind::BreakAway && summary.nearRestThreshold == 0) breaks.push_back(e.t);
  summary.period = settledSpacing(breaks);
  if (breaks.size() < 3 && (summary.regime == Regime::StickSlip || summary.regime == Regime::Oscillation))
    summary.period = settledSpacing(upwardCrossings(trace, sys.v0));
}

}  // namespace friction
