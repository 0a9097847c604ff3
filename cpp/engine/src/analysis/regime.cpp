// The one regime classifier of runs and map cells (regime_rules.h; friction/simulate.h,
// classifyRegime, for a run known only by its rows).

#include <algorithm>
#include <cmath>
#include <vector>

#include "analysis/regime_rules.h"
#include "friction/constants.h"

namespace friction {
namespace {

// Over the window v varies by less than 2e-6 of its scale (an oscillation of amplitude 1e-6 v0 has
// died out; a larger one is still decaying, or growing), and its mean is the reference within 1 %: a
// block creeping far below the drive is not in steady sliding.
bool steadyAtEnd(const MotionFacts& facts) {
  const double length = facts.end - facts.windowStart;
  const double mean = length > 0 ? (facts.xAtEnd - facts.xAtWindowStart) / length : facts.vMaxInWindow;
  const double scale = std::max(std::fabs(facts.reference), std::fabs(mean));
  return facts.vMaxInWindow - facts.vMinInWindow <= 2e-6 * scale &&
         std::fabs(mean - facts.reference) <= 1e-2 * std::fabs(facts.reference);
}

// The peaks of |v − v_ref| after the first fifth: v's maxima above the reference and its minima below
// (peaks and troughs alike, so that a lopsided relaxation oscillation still shows): times and ln|v − v_ref|.
struct Peaks {
  std::vector<double> times, logs;
};
Peaks oscillationPeaks(const MotionFacts& facts) {
  Peaks peaks;
  for (const VelocityExtremum& e : facts.extrema) {
    const double offset = e.v - facts.reference;
    if (e.t > facts.peaksFrom && (e.maximum ? offset > 0 : offset < 0)) {
      peaks.times.push_back(e.t);
      peaks.logs.push_back(std::log(std::fabs(offset)));
    }
  }
  return peaks;
}

// The least-squares slope λ of ln|v − v_ref| against time at the peaks [1/s]; NaN with fewer than three.
double growthRate(const Peaks& peaks) {
  const std::size_t n = peaks.times.size();
  if (n < 3) return NAN;
  double st = 0, sl = 0, stt = 0, stl = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const double t = peaks.times[i], l = peaks.logs[i];
    st += t;
    sl += l;
    stt += t * t;
    stl += t * l;
  }
  const double count = static_cast<double>(n), denominator = count * stt - st * st;
  return denominator > 0 ? (count * stl - st * sl) / denominator : NAN;
}

// The facts of a run known only by its rows (a seed model's): its rows as the solution, linear between
// them, each row where v turns an extremum.
MotionFacts factsOfRows(const Trace& trace, double reference) {
  Drive drive({}, {}, reference, 1, trace.t.back());
  MotionWatch watch(drive, false);
  for (std::size_t i = 1; i < trace.size(); ++i) {
    const double t0 = trace.t[i - 1], t1 = trace.t[i], v0 = trace.v[i - 1], v1 = trace.v[i];
    const double x0 = trace.x[i - 1], x1 = trace.x[i];
    auto along = [&](double a, double b) {
      return [=](double t) { return a + (b - a) * (t - t0) / (t1 - t0); };
    };
    watch.stretch(t0, v0, t1, v1, along(v0, v1), along(x0, x1), along(trace.spring[i - 1], trace.spring[i]));
    if (i + 1 < trace.size()) {
      const double v2 = trace.v[i + 1];
      if ((v1 > v0 && v1 >= v2) || (v1 < v0 && v1 <= v2)) watch.extremum(t1, v1, v1 > v0);
    }
  }
  std::vector<Interval> stick, slip;
  std::vector<SpringBlockEvent> events;
  return watch.finish(trace.x.back(), trace.v.back(), stick, slip, events);
}

}  // namespace

RegimeVerdict judgeMotion(const MotionFacts& facts, double stuckTime) {
  if (!facts.moved) return {Regime::Stuck};
  // With the drive at rest nothing reloads the spring: once held, the block stays (a free vibration's end).
  if (stuckTime > 0) return {facts.reference == 0 ? Regime::AtRest : Regime::StickSlip};
  if (steadyAtEnd(facts)) return {Regime::Steady};
  const Peaks peaks = oscillationPeaks(facts);
  const double growth = growthRate(peaks);
  // A relaxation of two real modes, v − v_ref = A e^{λ1 t} + B e^{λ2 t}, turns at most once: with no
  // peak or one it is settling; two are an oscillation too short to judge before the run ends.
  if (!std::isfinite(growth)) return {peaks.times.size() <= 1 ? Regime::Settling : Regime::NotSettled};
  // The amplitude's change over the fitted peaks: beyond 1 % either way it grows or decays.
  const double change = growth * (peaks.times.back() - peaks.times.front());
  if (change > std::log(1.01)) return {Regime::Growing, growth};
  if (change < -std::log(1.01)) return {Regime::Decaying, growth};
  return {Regime::Oscillation, growth};
}

RegimeVerdict classifyRegime(const Trace& trace, double reference, double stuckTimeInLastQuarter) {
  if (trace.size() < 2) return {Regime::Stuck};
  return judgeMotion(factsOfRows(trace, reference), stuckTimeInLastQuarter);
}

void setResonanceAndRegime(Summary& summary, double resonanceRadPerS, const Trace& trace, double v0,
                           double stuckTimeInLastQuarter) {
  summary.resonanceRadPerS = resonanceRadPerS;
  summary.resonanceHz = resonanceRadPerS / (2 * kPi);  // as the seed divides: ω / (2π)
  if (trace.size() < 2) {
    summary.regime = Regime::Stuck;
    return;
  }
  const MotionFacts facts = factsOfRows(trace, v0);
  const RegimeVerdict verdict = judgeMotion(facts, stuckTimeInLastQuarter);
  summary.regime = verdict.regime;
  summary.growthRate = verdict.growthRate;
  summary.amplitude =
      facts.vMaxInWindow > facts.vMinInWindow ? 0.5 * (facts.vMaxInWindow - facts.vMinInWindow) : 0.0;
}

}  // namespace friction
