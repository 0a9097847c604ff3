// A row written into the trace's columns (recorder.h): compiled for speed in wasm (cpp/CMakeLists.txt),
// as it runs at every output row, while the rest of the recorder is compiled for size.

#include "system/recorder.h"

namespace friction {

void Recorder::write(const TraceRow& row) {
  trace_.t.push_back(row.t);
  trace_.x.push_back(row.x);
  trace_.v.push_back(row.v);
  trace_.friction.push_back(row.friction);
  trace_.fk.push_back(model_ ? model_->kinetic(row.v) : row.kinetic);
  trace_.spring.push_back(row.spring);
  trace_.vOverV0.push_back(row.v / speed_);
  trace_.drivePosition.push_back(row.drivePosition);
  if (staticLimit_) trace_.staticLimit.push_back(row.staticLimit);
  for (std::size_t i = 0; i < trace_.state.size(); ++i) trace_.state[i].push_back(row.state[i]);
  if (model_) {
    trace_.theta.push_back(row.state[0]);
    trace_.fkOverFk0.push_back(model_->kineticFactor(row.v));
  }
}

}  // namespace friction
