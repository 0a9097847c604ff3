// The fits' own closed forms (issue 27): portable_math.h against the C library, every law's steady curve
// (fit/steady_curves.cpp) against the law's own forceMagnitude over random parameters and speeds, and
// every gradient against central differences of that same law's own force.
#include <catch2/catch.hpp>

#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "fit/portable_math.h"
#include "fit/steady_curves.h"
#include "friction/errors.h"
#include "friction/laws.h"

using namespace friction;

namespace {

/// |a − b| in units of b's last place.
double ulps(double a, double b) {
  if (a == b) return 0;
  const double spacing = std::nextafter(std::fabs(b), INFINITY) - std::fabs(b);
  return std::fabs(a - b) / spacing;
}

double uniform(std::mt19937& rng) { return static_cast<double>(rng()) / 4294967296.0; }

/// The law's steady force as the law itself computes it: forceMagnitude, or μ(V)·N for Radioss, whose
/// forceMagnitude holds the contact's Iform penalty (steady_curves.h).
double reference(const LawEvaluator& law, double v, double N) {
  if (!fitting::regularisesContact(law.spec())) return law.forceMagnitude(v, N);
  LawInputs inputs;
  inputs.v = v;
  inputs.N = N;
  return law.coefficient(inputs) * N;
}

/// A random value of a number parameter within its slider span (log-uniform where the span is
/// logarithmic and positive).
double draw(const ParamSpec& spec, std::mt19937& rng) {
  const double low = spec.sliderLow(), high = spec.sliderHigh(), u = uniform(rng);
  if (spec.scale == Scale::Log && low > 0) return low * std::pow(high / low, u);
  return low + u * (high - low);
}

/// Random parameter sets the law accepts (its integer switches drawn too), `count` of them.
std::vector<ParamList> parameterSets(const LawSpec& law, int count, std::mt19937& rng) {
  std::vector<ParamList> sets;
  for (int attempt = 0; attempt < 2000 && static_cast<int>(sets.size()) < count; ++attempt) {
    ParamList params;
    for (const ParamSpec& spec : law.spec.params) {
      if (spec.kind == ParamKind::List) continue;
      const double value = spec.kind == ParamKind::Integer
                               ? std::floor(spec.min + uniform(rng) * (spec.max - spec.min + 1))
                               : draw(spec, rng);
      params.emplace_back(std::string(spec.key), std::min(value, spec.max));
    }
    try {
      LawEvaluator check(law.spec.id, params);
      sets.push_back(params);
    } catch (const InputError&) {
    }
  }
  return sets;
}

/// Speeds log-uniform from 1e-7 to 10 m/s, and 0.
std::vector<double> speeds(std::mt19937& rng) {
  std::vector<double> v{0.0};
  for (int i = 0; i < 40; ++i) v.push_back(1e-7 * std::pow(1e8, uniform(rng)));
  return v;
}

}  // namespace

TEST_CASE("Portable exp and log are within 1.2 ulp of the C library; pow, tanh, asinh within a few",
          "[fit][models]") {
  std::mt19937 rng(3);
  double worstExp = 0, worstLog = 0, worstTanh = 0, worstAsinh = 0, worstPow = 0;
  for (int i = 0; i < 200000; ++i) {
    const double x = (uniform(rng) - 0.5) * 1400,
                 y = std::ldexp(0.5 + uniform(rng), static_cast<int>(rng() % 600) - 300);
    worstExp = std::max(worstExp, ulps(portable::exp(x), std::exp(x)));
    worstLog = std::max(worstLog, ulps(portable::log(y), std::log(y)));
    const double t = (uniform(rng) - 0.5) * 10,
                 a = std::ldexp(uniform(rng), static_cast<int>(rng() % 80) - 40);
    worstTanh = std::max(worstTanh, ulps(portable::tanh(t), std::tanh(t)));
    worstAsinh = std::max(worstAsinh, ulps(portable::asinh(a), std::asinh(a)));
    const double base = 1e-3 + uniform(rng) * 10, exponent = (uniform(rng) - 0.5) * 6;
    worstPow = std::max(worstPow, ulps(portable::pow(base, exponent), std::pow(base, exponent)));
  }
  INFO("exp " << worstExp << ", log " << worstLog << ", tanh " << worstTanh << ", asinh " << worstAsinh
              << ", pow " << worstPow << " ulp");
  // The C library is itself within about 0.5 ulp: together, 1 ulp of ours plus its own.
  CHECK(worstExp <= 1.6);
  CHECK(worstLog <= 1.7);
  CHECK(worstTanh <= 4);
  CHECK(worstAsinh <= 4);
  CHECK(worstPow <= 16);  // e^(y·ln x): |y·ln x| ≤ 21 here, the error of y·ln x times that
  CHECK(portable::exp(0.0) == 1.0);
  CHECK(portable::log(1.0) == 0.0);
  CHECK(portable::exp(-746.0) == 0.0);
  CHECK(std::isinf(portable::exp(710.0)));
  CHECK(std::isnan(portable::log(-1.0)));
}

TEST_CASE("Every catalog law's closed form is its own steady force to 1e-13 relative", "[fit][models]") {
  std::mt19937 rng(11);
  for (const LawSpec& law : lawCatalog()) {
    const std::string id(law.spec.id);
    INFO(id);
    const fitting::SteadyForce model = fitting::steadyForceOf(id);
    REQUIRE(model != nullptr);
    const std::vector<ParamList> sets = parameterSets(law, 12, rng);
    REQUIRE(sets.size() >= 6);
    for (const ParamList& params : sets) {
      const LawEvaluator evaluator(id, params);
      for (double N : {0.7, 3.0})
        for (double v : speeds(rng)) {
          const double expected = reference(evaluator, v, N),
                       got = model(evaluator.resolved(), v, N, nullptr);
          // The size of the terms the force is summed from, which may cancel: |F| + Σ|∂F/∂p_k·p_k|.
          std::vector<double> gradient(evaluator.resolved().values.size(), 0.0);
          model(evaluator.resolved(), v, N, gradient.data());
          double terms = std::fabs(expected);
          for (std::size_t k = 0; k < gradient.size(); ++k)
            terms += std::fabs(gradient[k] * evaluator.resolved().values[k]);
          INFO("v = " << v << " N = " << N);
          if (!std::isfinite(expected)) {  // a law's own overflow (e^(C2·V) · 0, e^(−rate·v) with rate < 0)
            CHECK((std::isnan(expected) ? std::isnan(got) : got == expected));
            continue;
          }
          // Relative to the force, or to 1 % of N where the law's terms cancel (μ through 0).
          INFO("got " << got << ", the law " << expected);
          CHECK(std::fabs(got - expected) <= 1e-13 * std::max(terms, 1e-2 * N));
        }
    }
  }
}

TEST_CASE("Every closed form's gradient is the central difference of the law's own force", "[fit][models]") {
  std::mt19937 rng(19);
  int compared = 0;
  for (const LawSpec& law : lawCatalog()) {
    const std::string id(law.spec.id);
    const fitting::SteadyForce model = fitting::steadyForceOf(id);
    for (const ParamList& params : parameterSets(law, 6, rng)) {
      const LawEvaluator evaluator(id, params);
      const double N = 2.0;
      for (double v : speeds(rng)) {
        std::vector<double> gradient(evaluator.resolved().values.size(), 0.0);
        model(evaluator.resolved(), v, N, gradient.data());
        // The size of the terms the force is summed from (they may cancel): |F| + Σ|∂F/∂p_k·p_k|.
        double terms = std::fabs(reference(evaluator, v, N));
        for (std::size_t k = 0; k < gradient.size(); ++k)
          terms += std::fabs(gradient[k] * evaluator.resolved().values[k]);
        for (std::size_t k = 0; k < law.spec.params.size(); ++k) {
          const ParamSpec& spec = law.spec.params[k];
          if (spec.kind != ParamKind::Number) continue;
          const double p = evaluator.resolved().values[k];
          // Central differences at h and h/2: where they disagree, v sits on a branch's kink; skip it.
          auto slope = [&](double h) {
            ParamList up = params, down = params;
            for (auto& [key, value] : up)
              if (key == spec.key) value = ParamValue(p + h);
            for (auto& [key, value] : down)
              if (key == spec.key) value = ParamValue(p - h);
            try {
              return (reference(LawEvaluator(id, up), v, N) - reference(LawEvaluator(id, down), v, N)) /
                     (2 * h);
            } catch (const InputError&) {
              return std::nan("");  // a step outside the law's range or rules
            }
          };
          const double h = p != 0 ? 1e-5 * std::fabs(p) : 1e-8 * (spec.sliderHigh() - spec.sliderLow());
          const double coarse = slope(h), fine = slope(h / 2);
          if (!std::isfinite(coarse) || !std::isfinite(fine)) continue;
          // The differences' own round-off: a few ε of the terms over the step 2h.
          const double roundOff = 100 * 2.2e-16 * std::max(terms, 1e-2 * N) / h;
          const double scale = std::max(std::fabs(coarse), std::fabs(gradient[k]));
          if (std::fabs(coarse - fine) > 1e-4 * scale + roundOff)
            continue;  // not smooth here (a kink, a floor)
          INFO(id << " ∂F/∂" << spec.key << " at v = " << v << ", p = " << p);
          // Or, where the law's own terms cancel (θ → 1 in the θ model), an error that moves F by less
          // than 1e-8 of its size for a 1 % change of p: no fit could see it (a wrong formula errs by
          // about F/p itself).
          const double unseen =
              1e-6 * std::max(std::fabs(reference(evaluator, v, N)), 1e-2 * N) / std::fabs(p);
          CHECK(std::fabs(gradient[k] - fine) <= 1e-5 * scale + std::max(roundOff, unseen));
          ++compared;
        }
      }
    }
  }
  CHECK(compared > 2000);
}
