#pragma once
// The one recorder of a run's rows: the output grid's times, and each row read off the solution as
// the run passes it (a step's dense output, a stick phase's exact state), so that rows never shape
// the steps. A row carries the columns a spring-block run has: no column of NaN.

#include <algorithm>
#include <cmath>
#include <functional>
#include <optional>
#include <utility>
#include <vector>

#include "friction/simulate.h"

namespace friction {

/// The output rows' times: `samples` rows uniform over [0, duration], or logarithmic in the time
/// since each of `changes` (the drive's, from 0): five decades up to the next change, a share of the
/// rows each. Exactly `samples` distinct times either way, 0 and duration included.
std::vector<double> outputGrid(int samples, double duration, bool logarithmic,
                               const std::vector<double>& changes);

/// One row of a spring-block run.
struct TraceRow {
  double t = 0, x = 0, v = 0;
  double friction = 0;       ///< [N]: the drive force while stuck, the law's force while sliding
  double kinetic = 0;        ///< F(|v|) [N]
  double spring = 0;         ///< Fd [N]
  double staticLimit = NAN;  ///< [N] (NaN where the run has no static limit: no column)
  double drivePosition = 0;  ///< X_d [m]
  double state[2] = {0, 0};  ///< a dynamic law's state variables
};

/// A model's own columns, written beside the law's from each row: the θ model's θ (its law's first
/// state variable, instead of the state columns), Fk(v) as the fk column and Fk/Fk0, as the seed plots
/// them.
struct ModelColumns {
  std::function<double(double v)> kinetic;        ///< Fk(v) [N]
  std::function<double(double v)> kineticFactor;  ///< Fk(v) / Fk0 [-]
};

/// The output grid walked as a run advances: each row due is written as the run passes it, from
/// the solution there, and the progress hook hears the fraction of the run at each row.
class OutputRows {
 public:
  OutputRows(std::vector<double> times, std::function<void(double)> progress)
      : times_(std::move(times)), progress_(std::move(progress)) {}

  /// The time of the next row due, or INFINITY after the last.
  double nextTime() const { return next_ < times_.size() ? times_[next_] : INFINITY; }
  std::size_t size() const { return times_.size(); }

  /// Every row due up to `upTo` (inclusive), each written by `write(t)`.
  template <class Write>
  void writeUpTo(double upTo, const Write& write) {
    while (next_ < times_.size() && times_[next_] <= upTo) writeNext(write);
  }
  /// Every row due before `upTo` (a row at `upTo` itself waits for what starts there).
  template <class Write>
  void writeBefore(double upTo, const Write& write) {
    while (next_ < times_.size() && times_[next_] < upTo) writeNext(write);
  }

 private:
  template <class Write>
  void writeNext(const Write& write) {
    write(times_[next_]);
    if (progress_) progress_(times_[next_] / times_.back());
    ++next_;
  }

  std::vector<double> times_;
  std::size_t next_ = 0;
  std::function<void(double)> progress_;
};

/// The rows of a spring-block run, on its output grid.
class Recorder {
 public:
  /// `stateColumns`: how many state variables the law has; `staticLimit`: whether the run has that
  /// column; `speed`: the drive velocity v/v0 refers to; `progress` hears the fraction of the run at
  /// each row.
  /// `model`: a model's own columns (none: the law's).
  Recorder(std::vector<double> times, std::size_t stateColumns, bool staticLimit, double speed,
           std::function<void(double)> progress, std::optional<ModelColumns> model = std::nullopt)
      : rows_(std::move(times), std::move(progress)),
        staticLimit_(staticLimit),
        speed_(speed),
        model_(std::move(model)) {
    trace_.state.assign(model_ ? 0 : stateColumns, {});
    reserve();
  }

  double nextTime() const { return rows_.nextTime(); }

  /// Every row due up to `upTo` (inclusive), each from `rowAt(t)`.
  template <class RowAt>
  void writeUpTo(double upTo, const RowAt& rowAt) {
    rows_.writeUpTo(upTo, [&](double t) { write(rowAt(t)); });
  }

  const Trace& trace() const { return trace_; }
  Trace take() { return std::move(trace_); }

 private:
  void reserve() {
    for (std::vector<double>* column : {&trace_.t, &trace_.x, &trace_.v, &trace_.friction, &trace_.fk,
                                        &trace_.spring, &trace_.vOverV0, &trace_.drivePosition})
      column->reserve(rows_.size());
    if (staticLimit_) trace_.staticLimit.reserve(rows_.size());
    for (std::vector<double>& column : trace_.state) column.reserve(rows_.size());
    if (model_) {
      trace_.theta.reserve(rows_.size());
      trace_.fkOverFk0.reserve(rows_.size());
    }
  }

  // Out of line, in recorder_rows.cpp (compiled for speed in wasm): it runs at every row, and a copy
  // inlined from a file compiled for size kept each push_back a call (issue 29).
  void write(const TraceRow& row);

  OutputRows rows_;
  bool staticLimit_;
  double speed_;
  std::optional<ModelColumns> model_;
  Trace trace_;
};

}  // namespace friction
