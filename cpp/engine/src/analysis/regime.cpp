// The one regime classifier of runs and map cells (friction/simulate.h, classifyRegime).

#include <algorithm>
#include <cmath>
#include <vector>

#include "friction/constants.h"
#include "friction/simulate.h"

namespace friction {
namespace {

// Over the last quarter v varies by less than 2e-6 of its scale (an oscillation of amplitude 1e-6 v0
// has died out; a larger one is still decaying, or growing), and its mean is the reference within
// 1 %: a block creeping far below the drive is not in steady sliding.
bool steadyAtEnd(const Trace& trace, double reference) {
  const double windowStart = trace.t.back() - 0.25 * (trace.t.back() - trace.t.front());
  // NOLINTNEXTLINE(bugprone-narrowing-conversions): -INFINITY, a float, widens to double exactly
  double vMin = INFINITY, vMax = -INFINITY, sum = 0, sumAbs = 0;
  std::size_t count = 0;
  for (std::size_t i = 0; i < trace.size(); ++i) {
    if (trace.t[i] < windowStart) continue;
    const double v = trace.v[i];
    vMin = std::min(vMin, v);
    vMax = std::max(vMax, v);
    sum += v;
    sumAbs += std::fabs(v);
    ++count;
  }
  const double mean = sum / static_cast<double>(count);
  const double scale = std::max(std::fabs(reference), sumAbs / static_cast<double>(count));
  return vMax - vMin <= 2e-6 * scale && std::fabs(mean - reference) <= 1e-2 * std::fabs(reference);
}

// The peaks of |v − v_ref| after the first fifth of the run (peaks and troughs of v alike, so that a
// lopsided relaxation oscillation still shows): their times and ln|v − v_ref|.
struct Peaks {
  std::vector<double> times, logs;
};
Peaks oscillationPeaks(const Trace& trace, double reference) {
  Peaks peaks;
  const double from = trace.t.front() + 0.2 * (trace.t.back() - trace.t.front());
  for (std::size_t i = 1; i + 1 < trace.size(); ++i) {
    const double a = std::fabs(trace.v[i - 1] - reference), b = std::fabs(trace.v[i] - reference),
                 c = std::fabs(trace.v[i + 1] - reference);
    if (trace.t[i] > from && b > a && b >= c) {
      peaks.times.push_back(trace.t[i]);
      peaks.logs.push_back(std::log(b));
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

}  // namespace

double lateAmplitude(const Trace& trace) {
  // NOLINTNEXTLINE(bugprone-narrowing-conversions): -INFINITY, a float, widens to double exactly
  double lo = INFINITY, hi = -INFINITY;
  const double from = trace.t.back() - 0.25 * (trace.t.back() - trace.t.front());
  for (std::size_t i = 0; i < trace.size(); ++i)
    if (trace.t[i] >= from) {
      lo = std::min(lo, trace.v[i]);
      hi = std::max(hi, trace.v[i]);
    }
  return hi > lo ? 0.5 * (hi - lo) : 0;
}

RegimeVerdict classifyRegime(const Trace& trace, double reference, double stuckTimeInLastQuarter) {
  if (trace.size() < 2 || std::all_of(trace.v.begin(), trace.v.end(), [](double v) { return v == 0; }))
    return {Regime::Stuck};
  if (stuckTimeInLastQuarter > 0) return {Regime::StickSlip};
  if (steadyAtEnd(trace, reference)) return {Regime::Steady};
  const Peaks peaks = oscillationPeaks(trace, reference);
  const double growth = growthRate(peaks);
  if (!std::isfinite(growth)) return {Regime::Oscillation};
  // The amplitude's change over the fitted peaks: beyond 1 % either way it grows or decays.
  const double change = growth * (peaks.times.back() - peaks.times.front());
  if (change > std::log(1.01)) return {Regime::Growing, growth};
  if (change < -std::log(1.01)) return {Regime::Decaying, growth};
  return {Regime::Oscillation, growth};
}

void setResonanceAndRegime(Summary& summary, double resonanceRadPerS, const Trace& trace, double v0,
                           double stuckTimeInLastQuarter) {
  summary.resonanceRadPerS = resonanceRadPerS;
  summary.resonanceHz = resonanceRadPerS / (2 * kPi);  // as the seed divides: ω / (2π)
  const RegimeVerdict verdict = classifyRegime(trace, v0, stuckTimeInLastQuarter);
  summary.regime = verdict.regime;
  summary.growthRate = verdict.growthRate;
}

}  // namespace friction
