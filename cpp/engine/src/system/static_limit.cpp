// A law's static limit on the spring-block (static_limit.h).

#include "system/static_limit.h"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "numerics/golden_section.h"
#include "system/slip_equations.h"

namespace friction {
namespace {

// The break-away peak of a law without a true stick state: the first local maximum of its steady
// friction F_ss(v) (forceMagnitude, a dynamic law's steady state) as the speed rises from rest, the
// most a block leaving rest must pass before the friction falls towards its kinetic value: Drake's
// μs·N at vs, LuGre's ≈ Fs at v ≈ σ2·vs²/(2(Fs − Fc)). Sampled on steepestSlope's grid (1e-12·v0 to
// 100·v0, ten points per decade): the largest sample before the friction has fallen below it by more
// than 1e-9 (rounding on a plateau is no fall), refined by golden-section search in ln v between its
// neighbours. A maximum at the grid's low end is the limit at rest only if the curve has levelled off
// there (a Gaussian Stribeck drop without viscous term); velocity-weakening rate-and-state grows
// without bound as v → 0 and has none. NaN if there is no peak.
double breakAwayPeak(const LawEvaluator& law, double Fn, double vReference) {
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::vector<double> v, F;
  for (int k = 0; k <= 140; ++k) {
    v.push_back(gridSpeed(vReference, k));
    F.push_back(law.forceMagnitude(v.back(), Fn));
    if (!std::isfinite(F.back())) return nan;
  }
  std::size_t top = 0, fall = 0;
  for (std::size_t k = 1; k < F.size() && fall == 0; ++k) {
    if (F[k] > F[top])
      top = k;
    else if (F[k] < F[top] * (1 - 1e-9))
      fall = k;
  }
  if (fall == 0 || !(F[top] > 0)) return nan;
  if (top == 0) return std::fabs(F[1] - F[0]) <= 1e-6 * F[0] ? F[0] : nan;
  auto at = [&](double lnv) { return law.forceMagnitude(std::exp(lnv), Fn); };
  const GoldenMaximum peak = goldenSectionMaximum(at, std::log(v[top - 1]), std::log(v[top + 1]), 80);
  return std::max(F[top], peak.value);
}

}  // namespace

// What a law's static limit is on this system (Summary::staticLimit): the force `hold` it
// holds at rest if that is positive (a true stick state), else its break-away peak, else none (NaN).
void setStaticLimit(Summary& summary, const LawEvaluator& law, const SpringBlockSystem& sys, double hold) {
  const double peak = hold > 0 ? hold : breakAwayPeak(law, sys.Fn, sys.speedScale());
  summary.staticLimitKind = hold > 0              ? StaticLimitKind::Stick
                            : std::isfinite(peak) ? StaticLimitKind::Peak
                                                  : StaticLimitKind::None;
  summary.staticLimit = peak;
}

}  // namespace friction
