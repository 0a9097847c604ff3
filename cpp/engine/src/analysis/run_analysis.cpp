// The analysis every spring-block loop shares (run_analysis.h).

#include "analysis/run_analysis.h"

#include <algorithm>
#include <cmath>
#include <vector>

#include "analysis/regime_rules.h"

namespace friction {
namespace {

// The spacing of the last of `times` if the last two spacings agree to 0.1 %, else NaN (none).
double settledSpacing(const std::vector<double>& times) {
  if (times.size() < 3) return NAN;
  const std::size_t n = times.size();
  const double last = times[n - 1] - times[n - 2], before = times[n - 2] - times[n - 3];
  return std::fabs(last - before) <= 1e-3 * last ? last : NAN;
}

// The time stuck (at rest, or near rest for a law without a true stick) in the regime's window.
double stuckTimeFrom(const std::vector<Interval>& stick, double from) {
  double stuck = 0;
  for (const Interval& interval : stick)
    stuck += std::max(0.0, interval.end - std::max(interval.start, from));
  return stuck;
}

// The friction force over the normal force at t, the force at a change read with the normal force
// from that change on.
double muAt(const TimeValue& friction, const Drive& drive) {
  return friction.value / drive.segments()[drive.segmentAt(friction.t)].normalForce;
}

// The force at time t among those noted at the drive's changes (the run's exact state there).
double frictionAt(const std::vector<TimeValue>& atChanges, double t) {
  for (const TimeValue& noted : atChanges)
    if (noted.t == t) return noted.value;
  return NAN;
}

// Each hold of the drive with its healing as friction labs read it (Marone 1998, Annu. Rev. Earth
// Planet. Sci. 26:643, Fig. 5), from the solution: μ_ss at the hold's start and μ at its end (the exact
// state at those changes), and the peak while reloading (the located maxima of the friction, and its
// value at the reload's end), up to the next change of the drive or the end:
//   Δμ = μ_peak − μ_ss,   Δμ_c = μ_ss − μ(end of hold).
std::vector<HoldHealing> holdHealing(const MotionFacts& facts, const Drive& drive) {
  std::vector<HoldHealing> holds;
  for (const HoldSpan& span : drive.holds()) {
    HoldHealing hold;
    hold.start = span.start;
    hold.duration = span.end - span.start;
    hold.steadyMu = muAt({span.start, frictionAt(facts.frictionAtChanges, span.start)}, drive);
    hold.relaxedMu = muAt({span.end, frictionAt(facts.frictionAtChanges, span.end)}, drive);
    hold.peakMu = std::max(
        hold.relaxedMu, muAt({span.reloadEnd, frictionAt(facts.frictionAtChanges, span.reloadEnd)}, drive));
    for (const TimeValue& peak : facts.frictionMaxima)
      if (peak.t > span.end && peak.t < span.reloadEnd)
        hold.peakMu = std::max(hold.peakMu, muAt(peak, drive));
    hold.healing = hold.peakMu - hold.steadyMu;
    hold.relaxation = hold.steadyMu - hold.relaxedMu;
    holds.push_back(hold);
  }
  return holds;
}

}  // namespace

// The regime by the rules every run shares (regime_rules.h), from the time stuck in its window; the
// limit-cycle period: the spacing of the last break-aways if the last two spacings agree to 0.1 % (an
// adaptive run agrees to ~1e-9; a first-order fixed-step run only to its own error), or, without true
// break-aways (no true stick state), the spacing of the located upward crossings of the reference speed
// in a settled stick-slip or oscillation; the late amplitude, half the velocity's range in the window.
void finishAnalysis(Summary& summary, const MotionFacts& facts, const Drive& drive) {
  const RegimeVerdict verdict = judgeMotion(facts, stuckTimeFrom(summary.stickIntervals, facts.windowStart));
  summary.regime = verdict.regime;
  summary.growthRate = verdict.growthRate;
  summary.holds = holdHealing(facts, drive);
  summary.amplitude =
      facts.vMaxInWindow > facts.vMinInWindow ? 0.5 * (facts.vMaxInWindow - facts.vMinInWindow) : 0.0;
  std::vector<double> breaks;
  for (const SpringBlockEvent& e : summary.events)
    if (e.kind == EventKind::BreakAway && summary.nearRestThreshold == 0) breaks.push_back(e.t);
  summary.period = settledSpacing(breaks);
  if (breaks.size() < 3 && (summary.regime == Regime::StickSlip || summary.regime == Regime::Oscillation))
    summary.period = settledSpacing(facts.referenceCrossings);
}

}  // namespace friction
