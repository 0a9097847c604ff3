#pragma once
// Seeded noise for synthetic data in the tests: the same numbers on every platform (the standard
// library's distributions are not specified bit for bit, std::mt19937 is).

#include <cmath>
#include <random>

namespace noise {

/// A standard normal variate from two 32-bit draws (Box–Muller).
inline double gaussian(std::mt19937& rng) {
  const double u1 = (static_cast<double>(rng()) + 1.0) / 4294967297.0,
               u2 = static_cast<double>(rng()) / 4294967296.0;
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(2.0 * M_PI * u2);
}

}  // namespace noise
