// What a run's loop locates for the analysis (motion_watch.h).

#include "system/motion_watch.h"

#include <algorithm>

namespace friction {

// The analysis's windows, after the drive's last change (a hold the protocol imposes is not
// stick-slip, and a settled velocity step is sliding at its new speed): the regime over the last
// quarter, the oscillation's peaks after the first fifth. A near-rest span is |v| ≤ 1 % of the
// reference speed.
MotionWatch::MotionWatch(const Drive& drive, bool nearRest) {
  const double end = drive.duration(), from = drive.lastChange();
  facts_.reference = drive.referenceSpeed();
  facts_.judgedFrom = from;
  facts_.windowStart = from + 0.75 * (end - from);
  facts_.peaksFrom = from + 0.2 * (end - from);
  facts_.end = end;
  facts_.nearRestThreshold = nearRest ? 1e-2 * facts_.reference : 0.0;
}

MotionFacts MotionWatch::finish(double x, double v, std::vector<Interval>& stick, std::vector<Interval>& slip,
                                std::vector<SpringBlockEvent>& events) {
  facts_.xAtEnd = x;
  if (v != 0) facts_.moved = true;
  if (std::isnan(facts_.xAtWindowStart)) markWindowStart(v, x);  // a window of no length
  noteWindowVelocity(v);
  if (facts_.nearRestThreshold > 0) {
    (resting_ ? stick_ : slip_).push_back({spanStart_, facts_.end});
    stick = std::move(stick_);
    slip = std::move(slip_);
    events.insert(events.end(), events_.begin(), events_.end());
    std::stable_sort(events.begin(), events.end(),
                     [](const SpringBlockEvent& a, const SpringBlockEvent& b) { return a.t < b.t; });
  }
  return facts_;
}

}  // namespace friction
