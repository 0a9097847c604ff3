#pragma once
// Golden-section search for the maximum of a unimodal function on [a, b] (Kiefer 1953; Press et al.,
// Numerical Recipes, 3rd ed., §10.2): each iteration keeps the part of the bracket that holds the
// larger of two interior values, placed at the golden ratio so that one of them is reused.

#include <cmath>

namespace friction {

/// Where the search ended: the better interior point and its value.
struct GoldenMaximum {
  double at = 0, value = 0;
};

/// The maximum of `f` on [a, b], after at most `iterations` steps or once the bracket is narrower than
/// `width`. The bracket shrinks by r = (√5 − 1)/2 per step:
///   c = b − r (b − a), d = a + r (b − a); keep [a, d] where f(c) ≥ f(d), else [c, b].
template <class Function>
GoldenMaximum goldenSectionMaximum(const Function& f, double a, double b, int iterations, double width = 0) {
  const double r = 0.5 * (std::sqrt(5.0) - 1);
  double c = b - r * (b - a), d = a + r * (b - a);
  double fc = f(c), fd = f(d);
  for (int i = 0; i < iterations && b - a > width; ++i) {
    if (fc >= fd) {
      b = d;
      d = c;
      fd = fc;
      c = b - r * (b - a);
      fc = f(c);
    } else {
      a = c;
      c = d;
      fc = fd;
      d = a + r * (b - a);
      fd = f(d);
    }
  }
  return fc >= fd ? GoldenMaximum{c, fc} : GoldenMaximum{d, fd};
}

}  // namespace friction
