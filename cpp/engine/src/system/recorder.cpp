// The output grid (recorder.h).

#include "system/recorder.h"

namespace friction {
namespace {

std::vector<double> uniformGrid(int samples, double duration) {
  // Stored by index, not appended: compiled for size, each append is a call (issue 29).
  std::vector<double> times(static_cast<std::size_t>(samples));
  for (int i = 0; i < samples; ++i)
    times[static_cast<std::size_t>(i)] = i == samples - 1 ? duration : duration * i / (samples - 1);
  return times;
}

// `count` rows over (start, end]: t = start + L·10^(−5(count − 1 − j)/(count − 1)), j = 0 … count − 1, the
// first 1e-5 of the span after its start, the last at its end (a hold's healing is linear in log time).
void appendDecades(std::vector<double>& times, double start, double end, int count) {
  const double length = end - start;
  if (count == 1) {
    times.push_back(end);
    return;
  }
  for (int j = 0; j < count; ++j)
    times.push_back(j == count - 1 ? end
                                   : start + length * std::pow(10.0, -5.0 * (count - 1 - j) / (count - 1)));
}

}  // namespace

std::vector<double> outputGrid(int samples, double duration, bool logarithmic,
                               const std::vector<double>& changes) {
  const int spans = static_cast<int>(changes.size());
  if (!logarithmic || samples - 1 < spans) return uniformGrid(samples, duration);
  // The rows after 0, shared out as evenly as they go: the first `extra` spans take one more.
  const int each = (samples - 1) / spans, extra = (samples - 1) % spans;
  std::vector<double> times = {0};
  times.reserve(static_cast<std::size_t>(samples));
  for (int k = 0; k < spans; ++k) {
    const double end = k + 1 < spans ? changes[static_cast<std::size_t>(k) + 1] : duration;
    appendDecades(times, changes[static_cast<std::size_t>(k)], end, each + (k < extra ? 1 : 0));
  }
  return times;
}

}  // namespace friction
