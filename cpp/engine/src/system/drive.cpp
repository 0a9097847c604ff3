// The one drive model (drive.h).

#include "system/drive.h"

#include <algorithm>
#include <cmath>

namespace friction {
namespace {

// Every time at which the velocity or the normal force changes, from 0, before the end.
std::vector<double> changeTimes(const std::vector<Breakpoint>& velocitySteps,
                                const std::vector<Breakpoint>& normalSteps, double duration) {
  std::vector<double> times = {0};
  for (const Breakpoint& step : velocitySteps) times.push_back(step.t);
  for (const Breakpoint& step : normalSteps) times.push_back(step.t);
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  while (times.size() > 1 && !(times.back() < duration)) times.pop_back();
  return times;
}

}  // namespace

Drive::Drive(const std::vector<Breakpoint>& velocitySteps, const std::vector<Breakpoint>& normalSteps,
             double v0, double Fn, double duration) {
  const std::vector<double> times = changeTimes(velocitySteps, normalSteps, duration);
  double position = 0;
  for (std::size_t k = 0; k < times.size(); ++k) {
    DriveSegment segment;
    segment.start = times[k];
    segment.end = k + 1 < times.size() ? times[k + 1] : duration;
    segment.velocity = stepValueAt(velocitySteps, segment.start, v0);
    segment.normalForce = stepValueAt(normalSteps, segment.start, Fn);
    segment.position = position;
    position = segment.positionAt(segment.end);
    segments_.push_back(segment);
  }
}

double Drive::fastestSpeed() const {
  double fastest = 0;
  for (const DriveSegment& segment : segments_) fastest = std::max(fastest, std::fabs(segment.velocity));
  return fastest;
}

double Drive::referenceSpeed() const {
  const double last = std::fabs(segments_.back().velocity);
  return last > 0 ? last : fastestSpeed();
}

std::size_t Drive::segmentAt(double t) const {
  const auto after = std::upper_bound(segments_.begin(), segments_.end(), t,
                                      [](double time, const DriveSegment& s) { return time < s.start; });
  return after == segments_.begin() ? 0 : static_cast<std::size_t>(after - segments_.begin()) - 1;
}

// Runs of equal velocity (a normal-force step splits a segment, not a run), then each resting run
// between two moving ones.
std::vector<HoldSpan> Drive::holds() const {
  struct Run {
    double start, end, velocity;
  };
  std::vector<Run> runs;
  for (const DriveSegment& segment : segments_) {
    if (!runs.empty() && runs.back().velocity == segment.velocity)
      runs.back().end = segment.end;
    else
      runs.push_back({segment.start, segment.end, segment.velocity});
  }
  std::vector<HoldSpan> holds;
  for (std::size_t k = 1; k + 1 < runs.size(); ++k)
    if (runs[k].velocity == 0 && runs[k - 1].velocity != 0 && runs[k + 1].velocity != 0)
      holds.push_back({runs[k].start, runs[k].end, runs[k + 1].end});
  return holds;
}

}  // namespace friction
