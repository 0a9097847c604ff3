#pragma once
// The one drive model of every run: the load point (the far end of the spring, or the imposed slip of
// a law run alone) moving at a piecewise-constant velocity, and the normal force, piecewise constant
// too, over [0, duration]. A constant v0, velocity steps, the holds of slide-hold-slide (steps to 0
// and back), a displacement table (its slopes), a kick (a step of a fraction of v0 at 0.1 % of the
// run) and normal-force steps all become its segments. Integrators step to each segment's end, so no
// stage reads across a change.

#include <cstddef>
#include <vector>

#include "friction/law_runs.h"

namespace friction {

/// One stretch of the drive: from `start` to `end` the load point moves at `velocity` from
/// `position` (where it was at `start`), under `normalForce`.
struct DriveSegment {
  double start = 0, end = 0;  ///< [s]
  double velocity = 0;        ///< [m/s]
  double normalForce = 0;     ///< [N]
  double position = 0;        ///< [m] at `start`

  double positionAt(double t) const { return position + velocity * (t - start); }
};

/// A hold of the load point: at rest from `start` to `end`, reloading at speed until `reloadEnd`.
struct HoldSpan {
  double start = 0, end = 0, reloadEnd = 0;  ///< [s]
};

class Drive {
 public:
  /// The velocity steps (from t = 0, times increasing; empty: v0 throughout) and the normal-force
  /// steps (likewise; empty: Fn throughout), merged into segments over [0, duration].
  Drive(const std::vector<Breakpoint>& velocitySteps, const std::vector<Breakpoint>& normalSteps, double v0,
        double Fn, double duration);

  const std::vector<DriveSegment>& segments() const { return segments_; }
  double duration() const { return segments_.back().end; }
  /// When the drive last changes (a velocity or a normal-force step), 0 if it never does.
  double lastChange() const { return segments_.back().start; }
  /// The speed the analysis refers to: the last segment's, or the fastest where the run ends at rest.
  double referenceSpeed() const;
  /// The largest speed of any segment.
  double fastestSpeed() const;
  /// The index of the segment that holds t (the last one whose start is at or before t).
  std::size_t segmentAt(double t) const;
  /// The holds of slide-hold-slide: each span where the load point rests after moving and moves again,
  /// with the end of the reload that follows (the next change of velocity, or the end of the run).
  std::vector<HoldSpan> holds() const;

 private:
  std::vector<DriveSegment> segments_;
};

/// A walk through the drive's segments as a run advances: the current segment's velocity, the load
/// point's position and the next change.
class DriveCursor {
 public:
  explicit DriveCursor(const Drive& drive) : drive_(&drive) {}

  const DriveSegment& segment() const { return drive_->segments()[index_]; }
  std::size_t index() const { return index_; }
  double velocity() const { return segment().velocity; }
  double normalForce() const { return segment().normalForce; }
  double position(double t) const { return segment().positionAt(t); }
  /// The next change after the current segment's start, or the end of the run.
  double nextChange() const { return segment().end; }
  bool atLastSegment() const { return index_ + 1 == drive_->segments().size(); }
  /// Moves on past every change at or before t.
  void passChangesUpTo(double t) {
    while (!atLastSegment() && t >= segment().end) ++index_;
  }

 private:
  const Drive* drive_;
  std::size_t index_ = 0;
};

}  // namespace friction
